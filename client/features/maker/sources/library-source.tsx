// Start from an open-source icon: pick a set (loaded on demand), search it by name or category,
// see its licence, pick an icon.
import { useQuery } from '@tanstack/react-query'
import { ExternalLink } from 'lucide-react'
import { useDeferredValue, useMemo, useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { cn } from '../../../components/ui/cn.ts'
import { Input } from '../../../components/ui/input.tsx'
import { iconToSvg } from '../library/icon-svg.ts'
import { loadIconSet } from '../library/load-set.ts'
import { searchIndex } from '../library/search.ts'
import { ICON_SETS } from '../library/sets.ts'
import { IconTile } from './icon-tile.tsx'
import type { SourceProps } from './source-props.ts'

const PAGE = 96

export function LibrarySource({ onLoad }: Pick<SourceProps, 'onLoad'>) {
  const [setId, setSetId] = useState(ICON_SETS[0]!.id)
  const [query, setQuery] = useState('')
  const [limit, setLimit] = useState(PAGE)
  const deferred = useDeferredValue(query)
  const set = ICON_SETS.find((s) => s.id === setId)!
  const loaded = useQuery({
    queryKey: ['maker', 'icon-set', set.id],
    queryFn: () => loadIconSet(set),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  })
  const found = useMemo(
    () => (loaded.data ? searchIndex(loaded.data.index, deferred, limit) : null),
    [loaded.data, deferred, limit],
  )
  return (
    <div className="flex flex-col gap-3">
      <div role="radiogroup" aria-label="Icon set" className="flex flex-wrap gap-1">
        {ICON_SETS.map((s) => (
          // biome-ignore lint/a11y/useSemanticElements: a segmented control
          <button
            key={s.id}
            type="button"
            role="radio"
            aria-checked={s.id === setId}
            onClick={() => {
              setSetId(s.id)
              setLimit(PAGE)
            }}
            className={cn(
              'rounded-full border px-2.5 py-0.5 text-xs',
              s.id === setId
                ? 'border-accent bg-accent-solid text-accent-fg'
                : 'border-line text-muted hover:bg-surface',
            )}
          >
            {s.name}
          </button>
        ))}
      </div>
      <p className="text-xs text-muted" data-testid="library-licence">
        {set.name} · {set.total.toLocaleString('en')} icons by {set.author.name} ·{' '}
        <a
          href={set.license.url}
          target="_blank"
          rel="noreferrer"
          className="inline-flex items-center gap-0.5 underline"
        >
          {set.license.title} licence
          <ExternalLink className="size-3" aria-hidden />
        </a>
      </p>
      <Input
        type="search"
        value={query}
        onChange={(e) => {
          setQuery(e.target.value)
          setLimit(PAGE)
        }}
        placeholder={`Search ${set.name} by name or category`}
        aria-label="Search the icon library"
      />
      {loaded.isPending ? <p className="text-sm text-muted">Loading {set.name}…</p> : null}
      {loaded.isError ? <p className="text-sm text-danger">{loaded.error.message}</p> : null}
      {found ? (
        <>
          <p className="text-xs text-muted" aria-live="polite">
            {found.total.toLocaleString('en')} {found.total === 1 ? 'icon' : 'icons'}
          </p>
          <div
            className="grid grid-cols-[repeat(auto-fill,minmax(2.75rem,1fr))] gap-2"
            data-testid="library-icons"
          >
            {found.names.map((name) => {
              const svg = iconToSvg(loaded.data!.icons, name)
              return svg ? (
                <IconTile
                  key={name}
                  svg={svg}
                  name={name}
                  onPick={() => onLoad({ svg, name, originIconId: null, source: 'library' })}
                />
              ) : null
            })}
          </div>
          {found.total > found.names.length ? (
            <Button variant="secondary" size="sm" onClick={() => setLimit((n) => n + PAGE)}>
              Show more
            </Button>
          ) : null}
        </>
      ) : null}
    </div>
  )
}
