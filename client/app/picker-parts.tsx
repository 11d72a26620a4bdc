// Pieces of the project picker: a titled section with a scrolling list (max ~12rem), an option
// with its settings button, and the '+ New' button (shown disabled with its reason when not allowed).
import { appMessages, messages } from '@common/messages.ts'
import { Check, Folder, Settings2, Trash2, User, Users } from 'lucide-react'
import { type ReactNode, useId } from 'react'
import { Button } from '../components/ui/button.tsx'
import { cn } from '../components/ui/cn.ts'
import { toast } from '../lib/toast.ts'

export function PickerSection({
  title,
  action,
  children,
}: {
  title: string
  action?: ReactNode
  children: ReactNode
}) {
  const id = useId()
  return (
    <section aria-labelledby={id} className="py-1">
      <div className="flex items-center justify-between px-2 pb-1">
        <h2 id={id} className="text-xs font-medium tracking-wide text-muted uppercase">
          {title}
        </h2>
        {action}
      </div>
      <ul className="max-h-48 overflow-y-auto">{children}</ul>
    </section>
  )
}

export function NewButton({
  label,
  onClick,
  disabledReason,
}: {
  label: string
  onClick: () => void
  disabledReason?: string
}) {
  const reasonId = useId()
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        aria-label={label}
        aria-disabled={disabledReason ? true : undefined}
        aria-describedby={disabledReason ? reasonId : undefined}
        title={disabledReason}
        className={disabledReason ? 'cursor-not-allowed opacity-50' : undefined}
        onClick={() => (disabledReason ? toast(messages.notAuthorized) : onClick())}
      >
        {messages.newItem}
      </Button>
      {disabledReason ? (
        <span id={reasonId} className="sr-only">
          {disabledReason}
        </span>
      ) : null}
    </>
  )
}

interface PickerOptionProps {
  kind: 'workspace' | 'project'
  name: string
  detail?: string
  selected: boolean
  onSelect: () => void
  onSettings?: () => void
}

export function PickerOption({ kind, name, detail, selected, onSelect, onSettings }: PickerOptionProps) {
  const Icon = kind === 'project' ? Folder : detail ? Users : User
  return (
    <li className="group flex items-center gap-1" data-testid={`${kind}-option`}>
      <button
        type="button"
        aria-current={selected ? 'true' : undefined}
        onClick={onSelect}
        className={cn(
          'flex min-w-0 flex-1 items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm text-fg hover:bg-surface',
          'focus-visible:outline-2 focus-visible:outline-accent',
          selected && 'bg-surface',
        )}
      >
        <Icon className="size-4 shrink-0 text-muted" aria-hidden />
        <span className="flex-1 truncate">{name}</span>
        {detail ? <span className="text-xs text-muted capitalize">{detail}</span> : null}
        {selected ? <Check className="size-4 shrink-0 text-accent" aria-hidden /> : null}
      </button>
      {onSettings ? (
        <Button
          variant="ghost"
          size="icon"
          className="size-7 shrink-0"
          aria-label={`Settings of ${name}`}
          title={kind === 'project' ? messages.projectSettings : messages.workspaceSettings}
          onClick={onSettings}
        >
          <Settings2 className="size-3.5" aria-hidden />
        </Button>
      ) : null}
    </li>
  )
}

/** "Recently deleted" under a section of the picker (ADR 0018); `label` names what it lists. */
export function RecentlyDeletedButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <div className="px-1 pb-1">
      <Button
        variant="ghost"
        size="sm"
        aria-label={label}
        className="min-h-9 w-full justify-start text-muted"
        onClick={onClick}
      >
        <Trash2 className="size-3.5" aria-hidden />
        {appMessages.recentlyDeleted}
      </Button>
    </div>
  )
}
