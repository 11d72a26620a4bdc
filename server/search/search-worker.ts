// The search worker thread: holds the search indexes of the projects searched lately and answers
// queries on them (common/search/icon-search.ts, the vault's own ranking), off the server's event loop.
// A project's index is built once from its icons sent in pages; after a change only the icons changed
// and gone are sent and applied (`change`), so a change to a 50,000-icon project costs its own icons. At most KEPT projects and
// KEPT_ICONS icons are held, least recently searched out first.
import { readlinkSync } from 'node:fs'
import { setPriority } from 'node:os'
import { parentPort } from 'node:worker_threads'
import { createIconSearch, type IconSearch, type SearchDoc } from '../../common/search/icon-search.ts'
import synonyms from '../../common/search/synonyms.json' with { type: 'json' }
import { Lru } from '../cache/lru.ts'
import type { FromWorker, Label, Stamp, ToWorker } from './protocol.ts'
import { KEPT, KEPT_ICONS, WORKER_NICE } from './settings.ts'

const port = parentPort
if (!port) throw new Error('server/search/search-worker.ts runs as a worker thread')
const send = (message: FromWorker) => port.postMessage(message)

type Kept = Omit<Label, 'key'> & { search: IconSearch }
/**
 * Indexes by key, least recently searched out first: at most KEPT projects and KEPT_ICONS icons
 * together, the one just searched or built kept even alone past KEPT_ICONS.
 */
const kept = new Lru<string, Kept>({
  name: 'search indexes (worker)',
  maxEntries: KEPT,
  maxWeight: KEPT_ICONS,
  weigh: (index) => index.search.size,
  keepOversized: true,
})
/** Pages of icons received for a key, not yet applied. */
const pending = new Map<string, Label & { docs: SearchDoc[] }>()

/** Is the kept index at least as new as the stamp? */
const fresh = (index: Kept, stamp: Stamp) => index.created === stamp.created && index.version >= stamp.version

/** The index as the most recently used, counted at its size now (an update in place changes it). */
function touch(key: string, index: Kept) {
  kept.set(key, index)
}

const labelOf = (key: string, { created, version, scope, scopeVersion }: Omit<Label, 'key'>): Label => ({
  key,
  created,
  version,
  scope,
  scopeVersion,
})

function apply(stamp: Label): number {
  const page = pending.get(stamp.key)
  pending.delete(stamp.key)
  const had = kept.get(stamp.key)
  if (had && fresh(had, stamp)) return had.search.size // a newer index came meanwhile
  // The server sends a first page (empty for an empty project) before asking: none means a lost page.
  if (
    !page ||
    page.created !== stamp.created ||
    page.version !== stamp.version ||
    page.scopeVersion !== stamp.scopeVersion
  )
    throw new Error(`No icons received for ${stamp.key} at ${stamp.version}`)
  const docs = page.docs
  // The same project (created at the same time) is updated in place; another is built anew.
  const search = had && had.created === stamp.created ? had.search : createIconSearch([], synonyms)
  search.update(docs)
  const { created, version, scope, scopeVersion } = stamp
  touch(stamp.key, { created, version, scope, scopeVersion, search })
  return search.size
}

/**
 * Applies the icons changed and gone since `since` to the kept index; null when the index kept is not
 * one they apply to (none, another project or scope, or read before `since`): the server loads it whole.
 */
function applyChange(message: Extract<ToWorker, { kind: 'change' }>): number | null {
  const had = kept.get(message.key)
  if (!had || had.created !== message.created || had.scope !== message.scope) return null
  if (had.scopeVersion < message.since) return null
  // Removed first: an icon gone and back (moved out and in again) comes back with its row.
  had.search.change(message.docs, message.gone)
  touch(message.key, {
    ...had,
    version: Math.max(had.version, message.version),
    scopeVersion: Math.max(had.scopeVersion, message.scopeVersion),
  })
  return had.search.size
}

port.on('message', (message: ToWorker) => {
  try {
    if (message.kind === 'docs') {
      const page = pending.get(message.key)
      if (
        message.first ||
        !page ||
        page.version !== message.version ||
        page.created !== message.created ||
        page.scopeVersion !== message.scopeVersion
      )
        pending.set(message.key, { ...labelOf(message.key, message), docs: message.docs })
      else for (const doc of message.docs) page.docs.push(doc)
      return
    }
    if (message.kind === 'index') return send({ id: message.id, indexed: apply(message) })
    if (message.kind === 'change') {
      const size = applyChange(message)
      const held = kept.get(message.key)
      return send(
        size === null
          ? { id: message.id, stale: true, held: held ? labelOf(message.key, held) : null }
          : { id: message.id, indexed: size },
      )
    }
    const index = kept.get(message.key)
    if (!index || !fresh(index, message))
      return send({ id: message.id, stale: true, held: index ? labelOf(message.key, index) : null })
    touch(message.key, index)
    send({ id: message.id, hits: index.search.search(message.query, message.limit) })
  } catch (error) {
    if ('id' in message)
      send({ id: message.id, error: error instanceof Error ? error.message : String(error) })
  }
})

// Below the event loop's priority, so a busy search never delays an answer (Linux: a thread has its
// own nice value, named by its id in /proc/thread-self; elsewhere the worker keeps the default).
try {
  setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), WORKER_NICE)
} catch {}
