// The queue's list (ADR 0413): the waiting icons, oldest first, each with its drawing, name, project
// and author; the chosen one marked (aria-selected) and kept in view. Virtualised: a queue of
// thousands draws only the rows on screen. A listbox: arrows, Home and End move too when it has focus.
import { reviewMessages } from '@common/messages.ts'
import type { IconRow } from '@common/schemas/rows.ts'
import { useVirtualizer } from '@tanstack/react-virtual'
import { type KeyboardEvent, useEffect, useRef } from 'react'
import { cn } from '../../components/ui/cn.ts'
import { ICON_INK, iconDataUri } from '../../lib/icon-image.ts'
import { useTheme } from '../../lib/theme.ts'

const ROW = 52

interface QueueListProps {
  icons: readonly IconRow[]
  chosenId: string | null
  onChoose(id: string): void
  projectName(id: string): string
  authorName(id: string | null): string
  className?: string
}

export function QueueList({ icons, chosenId, onChoose, projectName, authorName, className }: QueueListProps) {
  const scroll = useRef<HTMLDivElement>(null)
  const ink = ICON_INK[useTheme()]
  const virtualizer = useVirtualizer({
    count: icons.length,
    getScrollElement: () => scroll.current,
    estimateSize: () => ROW,
    overscan: 8,
  })
  const chosenIndex = icons.findIndex((icon) => icon.id === chosenId)
  useEffect(() => {
    if (chosenIndex >= 0) virtualizer.scrollToIndex(chosenIndex, { align: 'auto' })
  }, [chosenIndex, virtualizer])

  const onKeyDown = (event: KeyboardEvent) => {
    const to =
      event.key === 'ArrowDown'
        ? chosenIndex + 1
        : event.key === 'ArrowUp'
          ? chosenIndex - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? icons.length - 1
              : null
    if (to === null) return
    event.preventDefault()
    const icon = icons[Math.max(0, Math.min(icons.length - 1, to))]
    if (icon) onChoose(icon.id)
  }

  return (
    <div
      ref={scroll}
      role="listbox"
      tabIndex={0}
      aria-label={reviewMessages.queueLabel}
      aria-activedescendant={chosenId ? `queue-${chosenId}` : undefined}
      onKeyDown={onKeyDown}
      className={cn('overflow-y-auto focus-visible:outline-2 focus-visible:outline-accent', className)}
      data-testid="review-queue"
      data-count={icons.length}
    >
      <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const icon = icons[item.index]
          if (!icon) return null
          const chosen = icon.id === chosenId
          return (
            <div
              key={icon.id}
              id={`queue-${icon.id}`}
              role="option"
              aria-selected={chosen}
              tabIndex={-1}
              onClick={() => onChoose(icon.id)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') onChoose(icon.id)
              }}
              className={cn(
                'absolute inset-x-0 flex cursor-pointer items-center gap-3 border-b border-line px-3',
                chosen ? 'bg-accent/10' : 'hover:bg-surface',
              )}
              style={{ top: item.start, height: ROW }}
              data-testid="queue-item"
              data-icon-id={icon.id}
            >
              <img src={iconDataUri(icon.svg, ink)} alt="" className="size-6 shrink-0" />
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-medium text-fg">{icon.name}</span>
                <span className="block truncate text-xs text-muted">
                  {projectName(icon.project_id)} · {authorName(icon.user_id)}
                </span>
              </span>
              {icon.review_comment ? (
                <span className="shrink-0 rounded-full bg-danger/10 px-2 text-xs text-danger">
                  {reviewMessages.rejectedOnIcon}
                </span>
              ) : null}
            </div>
          )
        })}
      </div>
    </div>
  )
}
