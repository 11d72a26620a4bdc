// One scope's storage against its quota (ADR 0308): icons and bytes, each a labelled <meter> with
// its numbers in text (read by screen readers with the label), wrapping at narrow widths.
import { formatCount } from '@common/format-count.ts'
import { formatBytes } from '@common/plans.ts'
import type { ScopeUsage } from '@common/schemas/usage.ts'
import { useId } from 'react'

function Gauge({ label, value, max, text }: { label: string; value: number; max: number; text: string }) {
  const id = useId()
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
        <span id={id} className="text-muted">
          {label}
        </span>
        <span className="font-medium text-fg">{text}</span>
      </div>
      <meter
        aria-labelledby={id}
        aria-valuetext={text}
        className="h-2 w-full"
        min={0}
        max={Math.max(max, 1)}
        low={max * 0.8}
        high={max * 0.95}
        optimum={0}
        value={Math.min(value, max)}
      />
    </div>
  )
}

/** "Icons 1,234 of 20,000" and "Storage 1.2 MB of 500 MB", under an optional title. */
export function StorageMeter({ usage, title }: { usage: ScopeUsage; title?: string }) {
  return (
    <section className="flex flex-col gap-2" aria-label={title ? `Storage of ${title}` : 'Storage'}>
      {title ? <h3 className="truncate text-sm font-medium text-fg">{title}</h3> : null}
      <Gauge
        label="Icons"
        value={usage.icons}
        max={usage.quota.icons}
        text={`${formatCount(usage.icons)} of ${formatCount(usage.quota.icons)}`}
      />
      <Gauge
        label="Storage"
        value={usage.bytes}
        max={usage.quota.bytes}
        text={`${formatBytes(usage.bytes)} of ${formatBytes(usage.quota.bytes)}`}
      />
    </section>
  )
}
