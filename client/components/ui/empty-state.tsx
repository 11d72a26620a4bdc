import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'

interface EmptyStateProps {
  icon: LucideIcon
  title: string
  children?: ReactNode
}

export function EmptyState({ icon: Icon, title, children }: EmptyStateProps) {
  return (
    <div
      className="mx-auto flex max-w-md flex-col items-center gap-3 px-6 py-20 text-center"
      data-testid="empty-state"
    >
      <div className="grid size-12 place-items-center rounded-xl border border-line bg-surface">
        <Icon className="size-5 text-muted" aria-hidden />
      </div>
      <h1 className="text-base font-semibold text-fg">{title}</h1>
      {children ? <div className="text-sm text-muted">{children}</div> : null}
    </div>
  )
}
