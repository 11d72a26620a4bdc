// The vault's search by meaning from the page's side: a worker (search-worker.ts) holds the index of
// the project's icons and answers each query, so neither building the index nor searching ever blocks
// scrolling or typing. The worker starts when the search box is first focused or a query is typed; the
// icons go to it a moment after they change (an import changes them many times), at once when a query
// waits. Until its answer for the query shown arrives (or without Worker support), the vault matches
// names plainly (vault-view.ts).
import type { SearchDoc } from '@common/search/icon-search.ts'
import { useCallback, useEffect, useRef, useState } from 'react'
import type { IconHead } from '../../../data/icon-heads.ts'
import type { Ranked } from '../vault-view.ts'
import type { SearchAnswer, SearchRequest } from './search-worker.ts'

/** How long icons that keep changing wait before the worker indexes them again. */
const SETTLE_MS = 250

const docOf = (icon: IconHead): SearchDoc => ({
  id: icon.id,
  name: icon.name,
  aliases: icon.aliases?.map((alias) => alias.name) ?? [],
  tags: icon.tags ?? [],
  label: icon.label ?? '',
})

export function useIconSearch(icons: readonly IconHead[] | undefined, query: string) {
  const worker = useRef<Worker | null>(null)
  const sent = useRef<readonly IconHead[] | null>(null)
  const seq = useRef(0)
  const [ranked, setRanked] = useState<Ranked | null>(null)
  const latestIcons = useRef(icons)
  latestIcons.current = icons

  const sendIcons = useCallback(() => {
    const current = latestIcons.current
    if (!worker.current || !current || sent.current === current) return
    sent.current = current
    worker.current.postMessage({ type: 'icons', docs: current.map(docOf) } satisfies SearchRequest)
  }, [])

  /** Starts the worker (once) and gives it the icons. */
  const warm = useCallback(() => {
    if (!worker.current && typeof Worker !== 'undefined') {
      try {
        worker.current = new Worker(new URL('./search-worker.ts', import.meta.url), {
          type: 'module',
          name: 'icon-search',
        })
      } catch {
        return
      }
      worker.current.onmessage = (event: MessageEvent<SearchAnswer>) => {
        const { seq: answered, query: asked, hits } = event.data
        if (answered !== seq.current) return
        setRanked({
          query: asked,
          hits: new Map(hits.map(([id, score, matched]) => [id, { score, matched }])),
        })
      }
    }
    sendIcons()
  }, [sendIcons])

  useEffect(() => () => worker.current?.terminate(), [])

  // Changed icons: indexed again once they settle (at once below when a query is shown).
  useEffect(() => {
    if (!worker.current || !icons) return
    const timer = setTimeout(sendIcons, SETTLE_MS)
    return () => clearTimeout(timer)
  }, [icons, sendIcons])

  useEffect(() => {
    if (!query.trim() || !icons) return
    warm()
    sendIcons()
    seq.current += 1
    worker.current?.postMessage({ type: 'search', seq: seq.current, query } satisfies SearchRequest)
  }, [query, icons, warm, sendIcons])

  return { ranked: ranked && ranked.query === query ? ranked : null, warm }
}
