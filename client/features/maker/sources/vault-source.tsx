// Start from an icon of the current project's vault (from the local database); the saved copy
// keeps the original's id as origin_icon_id. The project's live list of heads (ADR 0423): the first
// SHOWN matches are drawn, each reading its drawing as the vault's tiles do, so a project of 50,000
// icons opens here as fast as one of 50; a search narrows the rest.
import { formatCount } from '@common/format-count.ts'
import { useEffect, useMemo, useState } from 'react'
import { Input } from '../../../components/ui/input.tsx'
import type { IconHead } from '../../../data/icon-heads.ts'
import { fullIcon, useIconSvg } from '../../../data/icon-svgs.ts'
import { useLiveProjectIcons } from '../../../data/live-project-icons.ts'
import { syncProjectIcons } from '../../../local/icons.ts'
import { IconTile } from './icon-tile.tsx'
import type { SourceProps } from './source-props.ts'

/** Icons drawn at once: a few screens of the picker. */
const SHOWN = 240

type Load = SourceProps['onLoad']

export function VaultSource({ onLoad, projectId }: Pick<SourceProps, 'onLoad' | 'projectId'>) {
  if (!projectId) return <p className="text-sm text-muted">Select a project to pick one of its icons.</p>
  return <VaultIcons projectId={projectId} onLoad={onLoad} />
}

function VaultIcons({ projectId, onLoad }: { projectId: string; onLoad: Load }) {
  const [query, setQuery] = useState('')
  const icons = useLiveProjectIcons(projectId)
  useEffect(() => {
    void syncProjectIcons(projectId).catch(() => {})
  }, [projectId])
  const matching = useMemo(() => {
    const q = query.trim().toLowerCase()
    return (icons ?? [])
      .filter((i) => i.name.toLowerCase().includes(q))
      .sort((a, b) => a.name.localeCompare(b.name))
  }, [icons, query])

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
      {icons && matching.length === 0 ? (
        <p className="text-sm text-muted">
          {icons.length ? 'No icon matches.' : 'This project has no icons yet.'}
        </p>
      ) : null}
      {matching.length > SHOWN ? (
        <p className="text-sm text-muted" aria-live="polite">
          The first {formatCount(SHOWN)} of {formatCount(matching.length)} matches: search to narrow them.
        </p>
      ) : null}
      <div className="grid grid-cols-[repeat(auto-fill,minmax(2.75rem,1fr))] gap-2" data-testid="vault-icons">
        {matching.slice(0, SHOWN).map((icon) => (
          <VaultTile key={icon.id} icon={icon} onLoad={onLoad} />
        ))}
      </div>
    </div>
  )
}

function VaultTile({ icon, onLoad }: { icon: IconHead; onLoad: Load }) {
  const svg = useIconSvg(icon)
  const pick = async () => {
    const row = await fullIcon(icon)
    onLoad({ svg: row.svg, name: row.name, originIconId: row.id, source: 'vault' })
  }
  return <IconTile svg={svg ?? ''} name={icon.name} onPick={() => void pick()} />
}
