// /maker: start from a source, adjust on the icon grid with live previews and the SVG source,
// undo/redo, copy in five formats, save to a project's vault. Everything here is in the route's
// own chunk; CodeMirror, svgo, the tracer and the icon sets load later still, when used.
import { Redo2, Undo2, WandSparkles } from 'lucide-react'
import { useCallback, useEffect, useState } from 'react'
import { Button } from '../../components/ui/button.tsx'
import { EmptyState } from '../../components/ui/empty-state.tsx'
import { useCurrent } from '../../data/use-current.ts'
import { AdjustPanel } from './adjust/adjust-panel.tsx'
import { CopyButtons } from './copy/copy-buttons.tsx'
import { SourceEditor } from './editor/source-editor.tsx'
import { PreviewPanel } from './preview/preview-panel.tsx'
import { SavePanel } from './save/save-panel.tsx'
import { SourceTabs } from './sources/source-tabs.tsx'
import { useMaker, useUndoKeys } from './state/use-maker.ts'
import { useVaultIcon } from './use-vault-icon.ts'

export function MakerPage({ projectId, iconId }: { projectId?: string; iconId?: string }) {
  const maker = useMaker()
  const { doc, load, edit } = maker
  useUndoKeys(maker)
  useVaultIcon(iconId, projectId, load)
  const workspaceId = useCurrent().workspace?.id ?? null
  const [name, setName] = useState('')
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new source suggests a name
  useEffect(() => setName(doc?.name ?? ''), [maker.loads])

  const commitSource = useCallback(
    (svg: string) => (doc ? edit(svg) : load({ svg, name: '', originIconId: null, source: 'code' })),
    [doc, edit, load],
  )

  return (
    <div
      className="mx-auto grid max-w-[1440px] gap-6 p-4 lg:grid-cols-[340px_minmax(0,1fr)_300px]"
      data-testid="maker-page"
    >
      <div className="flex flex-col gap-3">
        <h1 className="text-lg font-semibold text-fg">Maker</h1>
        <SourceTabs
          onLoad={load}
          projectId={projectId}
          workspaceId={workspaceId}
          initial={iconId ? 'vault' : 'code'}
        />
      </div>
      <div className="flex min-w-0 flex-col gap-4">
        <div className="flex items-center justify-end gap-1">
          <Button
            variant="ghost"
            size="icon"
            aria-label="Undo"
            title="Undo (Ctrl/Cmd+Z)"
            disabled={!maker.canUndo}
            onClick={maker.undo}
          >
            <Undo2 className="size-4" aria-hidden />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label="Redo"
            title="Redo (Shift+Ctrl/Cmd+Z)"
            disabled={!maker.canRedo}
            onClick={maker.redo}
          >
            <Redo2 className="size-4" aria-hidden />
          </Button>
        </div>
        {doc ? (
          <PreviewPanel svg={doc.svg} />
        ) : (
          <EmptyState icon={WandSparkles} title="Start an icon">
            Paste or upload SVG, pick an icon from the vault or the library, trace an image, or describe one
            for the AI. Adjust it here, then copy it or save it to a project.
          </EmptyState>
        )}
        <SourceEditor svg={doc?.svg} onCommit={commitSource} />
      </div>
      <div className="flex flex-col gap-6">
        {doc ? (
          <>
            <AdjustPanel svg={doc.svg} onEdit={edit} />
            <CopyButtons svg={doc.svg} name={name} />
            <SavePanel
              doc={doc}
              loads={maker.loads}
              projectId={projectId}
              name={name}
              onNameChange={setName}
            />
          </>
        ) : null}
      </div>
    </div>
  )
}
