// Start from an icon of the current project's vault (from the local database); the saved copy
// keeps the original's id as origin_icon_id.
import { useEffect, useMemo, useState } from 'react'
import { Input } from '../../../components/ui/input.tsx'
import { projectIcons, syncProjectIcons } from '../../../local/icons.ts'
import { useLiveQuery } from '../../../local/use-live-query.ts'
import { IconTile } from './icon-tile.tsx'
import type { SourceProps } from './source-props.ts'

export function VaultSource({ onLoad, projectId }: Pick<SourceProps, 'onLoad' | 'projectId'>) {
  const [query, setQuery] = useState('')
  const icons = useLiveQuery(() => (projectId ? projectIcons(projectId) : []), [projectId])
  useEffect(() => {
    if (projectId) void syncProjectIcons(projectId).catch(() => {})
  }, [projectId])
  const shown = useMemo(() => {
    const q = query.trim().toLowerCase()
    return (icons ?? [])
      .filter((i) => i.name.toLowerCase().includes(q))
      .sort((a, b) => a.name.localeCompare(b.name))
  }, [icons, query])

  if (!projectId) return <p className="text-sm text-muted">Select a project to pick one of its icons.</p>
  return (
    <div className="flex flex-col gap-3">
      <Input
        type="search"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        placeholder="Search this project's icons"
        aria-label="Search vault icons"
      />
      {icons === undefined ? <p className="text-sm text-muted">Loading icons…</p> : null}
      {icons && shown.length === 0 ? (
        <p className="text-sm text-muted">
          {icons.length ? 'No icon matches.' : 'This project has no icons yet.'}
        </p>
      ) : null}
      <div className="grid grid-cols-[repeat(auto-fill,minmax(2.75rem,1fr))] gap-2" data-testid="vault-icons">
        {shown.map((icon) => (
          <IconTile
            key={icon.id}
            svg={icon.svg}
            name={icon.name}
            onPick={() => onLoad({ svg: icon.svg, name: icon.name, originIconId: icon.id, source: 'vault' })}
          />
        ))}
      </div>
    </div>
  )
}
