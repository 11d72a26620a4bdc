// Start from an open-source icon: pick a set (loaded on demand), search it by name or category,
// see its licence, pick an icon.
import { libraryTags } from '@common/search/suggest-tags.ts'
import { useQuery } from '@tanstack/react-query'
import { ExternalLink } from 'lucide-react'
import { useDeferredValue, useEffect, useMemo, useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { cn } from '../../../components/ui/cn.ts'
import { Input } from '../../../components/ui/input.tsx'
import { queryKeys } from '../../../data/query-keys.ts'
import { iconToSvg } from '../library/icon-svg.ts'
import { loadIconSet, onSetProgress, type SetProgress } from '../library/load-set.ts'
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
  const [progress, setProgress] = useState<SetProgress | null>(null)
  useEffect(() => {
    setProgress(null)
    return onSetProgress(setId, setProgress)
  }, [setId])
  const loaded = useQuery({
    queryKey: queryKeys.iconSet(set.id),
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
        {set.name} · {(loaded.data?.index.length ?? set.total).toLocaleString('en')} icons by{' '}
        {set.author.name} ·{' '}
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
      {loaded.isPending ? <SetLoading name={set.name} progress={progress} /> : null}
      {loaded.isError ? <p className="text-sm text-danger">{loaded.error.message}</p> : null}
      {found ? (
        <>
          {deferred.trim() ? (
            <p className="text-xs text-muted" aria-live="polite" data-testid="library-matches">
              {found.total.toLocaleString('en')} {found.total === 1 ? 'match' : 'matches'}
            </p>
          ) : null}
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
                  onPick={() => {
                    const entry = loaded.data!.index.find((e) => e.name === name)
                    const tags = libraryTags(name, entry?.aliases ?? [], entry?.categories ?? [])
                    onLoad({ svg, name, originIconId: null, source: 'library', tags })
                  }}
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

const MB = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`

/** The set's download as it goes (a percentage when its size is known), then its indexing. */
function SetLoading({ name, progress }: { name: string; progress: SetProgress | null }) {
  const percent =
    progress?.total && !progress.indexing ? Math.round((progress.loaded / progress.total) * 100) : undefined
  const text = progress?.indexing
    ? `Indexing ${name}…`
    : progress
      ? `Loading ${name}… ${percent !== undefined ? `${percent}%` : MB(progress.loaded)}`
      : `Loading ${name}…`
  return (
    <div className="flex flex-col gap-1" data-testid="library-loading">
      <p className="text-sm text-muted">{text}</p>
      <div
        role="progressbar"
        aria-label={`Loading ${name}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={text}
        className="h-1 overflow-hidden rounded-full bg-surface"
      >
        <div
          className={percent === undefined ? 'h-full w-1/3 animate-pulse bg-accent' : 'h-full bg-accent'}
          style={percent === undefined ? undefined : { width: `${percent}%` }}
        />
      </div>
    </div>
  )
}
