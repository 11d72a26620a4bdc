// A release's changelog (ReleaseChanges, ADR 0017): added, changed with before/after thumbnails,
// renamed, deprecated and removed icons, and aliases added or removed. Shown in the release dialog
// (the changes since the latest release) and in the list of releases.
import type { ReleaseChanges } from '@common/schemas/rows.ts'
import { ArrowRight } from 'lucide-react'
import type { ReactNode } from 'react'

/** An icon drawn on a light tile, whatever the theme (its markup as an image: no script runs). */
function ReleaseThumb({ svg, label }: { svg: string; label: string }) {
  const uri = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg.replace(/currentColor/gi, '#18181b'))}`
  return (
    <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-md border border-line bg-white p-1.5">
      <img src={uri} alt={label} className="size-full object-contain" />
    </span>
  )
}

function Group({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  if (!count) return null
  return (
    <div>
      <h4 className="text-xs font-semibold tracking-wide text-muted uppercase">
        {title} <span className="tabular-nums">({count})</span>
      </h4>
      <ul className="mt-1.5 flex flex-col gap-1.5 text-sm text-fg">{children}</ul>
    </div>
  )
}

const Name = ({ children }: { children: ReactNode }) => (
  <code className="rounded bg-surface px-1 py-0.5 text-[0.8125rem] break-all">{children}</code>
)

export const changeCount = (c: ReleaseChanges) =>
  c.added.length +
  c.changed.length +
  c.renamed.length +
  c.deprecated.length +
  c.removed.length +
  c.aliases_removed.length +
  (c.aliases_added?.length ?? 0)

export function ReleaseChangesList({ changes }: { changes: ReleaseChanges }) {
  if (!changeCount(changes)) return <p className="text-sm text-muted">No changes.</p>
  return (
    <div className="flex flex-col gap-3" data-testid="release-changes">
      <Group title="Added" count={changes.added.length}>
        {changes.added.map((icon) => (
          <li key={icon.id}>
            <Name>{icon.name}</Name>
          </li>
        ))}
      </Group>
      <Group title="Changed" count={changes.changed.length}>
        {changes.changed.map((icon) => (
          <li key={icon.id} className="flex flex-wrap items-center gap-2">
            <ReleaseThumb svg={icon.before} label={`${icon.name} before`} />
            <ArrowRight className="size-3.5 text-muted" aria-hidden />
            <ReleaseThumb svg={icon.after} label={`${icon.name} after`} />
            <Name>{icon.name}</Name>
          </li>
        ))}
      </Group>
      <Group title="Renamed" count={changes.renamed.length}>
        {changes.renamed.map((r) => (
          <li key={r.id} className="flex flex-wrap items-center gap-1.5">
            <Name>{r.from}</Name>
            <ArrowRight className="size-3.5 text-muted" aria-label="renamed to" />
            <Name>{r.to}</Name>
          </li>
        ))}
      </Group>
      <Group title="Deprecated" count={changes.deprecated.length}>
        {changes.deprecated.map((d) => (
          <li key={`${d.icon_id}:${d.name}`}>
            <Name>{d.name}</Name>
            {d.reason ? <span className="text-muted"> ({d.reason})</span> : null}
            {d.remove_in ? <span className="text-muted">, removed in {d.remove_in}</span> : null}
          </li>
        ))}
      </Group>
      <Group title="New aliases" count={changes.aliases_added?.length ?? 0}>
        {(changes.aliases_added ?? []).map((a) => (
          <li key={`${a.icon_id}:${a.name}`}>
            <Name>{a.name}</Name>
          </li>
        ))}
      </Group>
      <Group title="Removed" count={changes.removed.length}>
        {changes.removed.map((icon) => (
          <li key={icon.id}>
            <Name>{icon.name}</Name>
          </li>
        ))}
      </Group>
      <Group title="Aliases removed" count={changes.aliases_removed.length}>
        {changes.aliases_removed.map((a) => (
          <li key={`${a.icon_id}:${a.name}`}>
            <Name>{a.name}</Name>
          </li>
        ))}
      </Group>
    </div>
  )
}
