// Move or copy the selected icons to another project: personal or of a workspace where the user may
// add icons (use-move-targets.ts says which). The plan check of the target comes first
// (common/save-rule.ts via planRefusal), as for any create there. A move into a project that holds
// some of the icons' names asks first: rename, skip or keep both (name-clash-step.tsx, ADR 0404).
import { newIconStatus } from '@common/icon-rules.ts'
import { messages } from '@common/messages.ts'
import { type NameClash, type NameClashChoice, nameClashes } from '@common/name-clashes.ts'
import { type FormEvent, useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { cn } from '../../../components/ui/cn.ts'
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx'
import type { ShownIcon } from '../../../data/icon-svgs.ts'
import { useMe } from '../../../lib/me.ts'
import { toast } from '../../../lib/toast.ts'
import { planRefusal } from '../use-vault-access.ts'
import { iconCount } from '../vault-view.ts'
import { copySelected, moveSelected, targetNames } from './bulk-actions.ts'
import { NameClashStep } from './name-clash-step.tsx'
import { type MoveGroup, type TargetMode, useMoveTargets } from './use-move-targets.ts'

interface MoveDialogProps {
  icons: readonly ShownIcon[]
  projectId: string
  open: boolean
  onOpenChange(open: boolean): void
  /** Called once the icons are moved or copied (locally, and queued for the server). */
  onMoved(): void
  /** 'copy': new icons in the target, the originals stay (default 'move'). */
  mode?: TargetMode
}

function find(groups: MoveGroup[] | undefined, id: string) {
  for (const group of groups ?? []) {
    const project = group.projects.find((p) => p.id === id)
    if (project) return { project, workspace: group.workspace }
  }
  return null
}

const TEXTS = {
  move: { title: 'Move icons', verb: 'Move' },
  copy: { title: 'Copy icons', verb: 'Copy' },
} as const

export function MoveDialog(props: MoveDialogProps) {
  const { icons, projectId, open, onOpenChange, onMoved, mode = 'move' } = props
  const me = useMe()
  const groups = useMoveTargets(projectId, icons[0]?.workspace_id ?? null, mode)
  const text = TEXTS[mode]
  const [targetId, setTargetId] = useState('')
  const chosen = find(groups, targetId)
  /** The names the target holds that some icons have (asked once the target is chosen), and the answer. */
  const [clashes, setClashes] = useState<{ list: NameClash[]; held: string[] } | null>(null)
  const [choice, setChoice] = useState<NameClashChoice>('rename')
  const [busy, setBusy] = useState(false)
  // Said at once in the dialog (a free plan, a workspace whose owner's plan does not allow saving),
  // not after pressing the button.
  const refusal = chosen && me ? planRefusal(me, chosen.workspace) : null

  async function submit(event: FormEvent) {
    event.preventDefault()
    const target = chosen
    if (!target) return
    if (!me) return toast(messages.noUserId)
    if (refusal) return toast(refusal)
    const review =
      newIconStatus(!!target.workspace?.review_icons, target.workspace?.role ?? 'personal') === 'needs-review'
    if (mode === 'copy') await copySelected(icons, { project: target.project, review }, me.id)
    else if (clashes)
      await moveSelected(
        icons,
        { project: target.project, review },
        { choice, clashes: clashes.list, held: clashes.held },
      )
    else {
      setBusy(true)
      const held = await targetNames(target.project.id).finally(() => setBusy(false))
      const arriving = icons.filter((i) => i.project_id !== target.project.id)
      const list = held ? nameClashes(arriving, held) : []
      if (held && list.length) return setClashes({ list, held })
      await moveSelected(icons, { project: target.project, review })
    }
    openChange(false)
    onMoved()
  }

  const openChange = (next: boolean) => {
    if (!next) setClashes(null)
    onOpenChange(next)
  }

  const pick = (id: string) => {
    setTargetId(id)
    setClashes(null)
  }

  return (
    <Dialog open={open} onOpenChange={openChange}>
      <DialogContent
        title={text.title}
        description={`${text.verb} ${iconCount(icons.length)} to another project.`}
      >
        <form onSubmit={submit} className="flex flex-col gap-4">
          {clashes && chosen ? (
            <NameClashStep
              clashes={clashes.list}
              project={chosen.project.name}
              choice={choice}
              onChoice={setChoice}
            />
          ) : null}
          {clashes ? null : groups?.length === 0 ? (
            <p className="text-sm text-muted">There is no other project you may add icons to.</p>
          ) : null}
          <div
            role="radiogroup"
            aria-label="Target project"
            hidden={!!clashes}
            className="flex max-h-80 flex-col gap-3 overflow-y-auto"
          >
            {groups?.map((group) => (
              <fieldset key={group.workspace?.id ?? 'personal'} className="flex flex-col gap-1">
                <legend className="mb-1 text-xs font-medium text-muted uppercase">
                  {group.workspace?.name ?? messages.personal}
                </legend>
                {group.projects.map((project) => (
                  // biome-ignore lint/a11y/useSemanticElements: a styled radio row
                  <button
                    key={project.id}
                    type="button"
                    role="radio"
                    aria-checked={project.id === targetId}
                    onClick={() => pick(project.id)}
                    className={cn(
                      'rounded-md border px-3 py-2 text-left text-sm focus-visible:outline-2 focus-visible:outline-accent',
                      project.id === targetId
                        ? 'border-accent bg-accent/10 text-fg'
                        : 'border-line text-fg hover:bg-surface',
                    )}
                  >
                    {project.name}
                  </button>
                ))}
              </fieldset>
            ))}
          </div>
          {refusal ? (
            <p role="alert" className="text-sm text-danger">
              {refusal}
            </p>
          ) : null}
          <div className="flex justify-end gap-2">
            {clashes ? (
              <Button variant="secondary" onClick={() => setClashes(null)}>
                Back
              </Button>
            ) : (
              <Button variant="secondary" onClick={() => openChange(false)}>
                Cancel
              </Button>
            )}
            <Button type="submit" disabled={!targetId || !!refusal || busy}>
              {text.verb}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  )
}
