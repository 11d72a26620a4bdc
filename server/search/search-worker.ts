// The search worker thread: holds the search indexes of the projects searched lately and answers
// queries on them (common/search/icon-search.ts, the vault's own ranking), off the server's event loop.
// A project's icons come in pages and are applied to its index by changing only the icons that differ,
// so a change to a 50,000-icon project costs a comparison, not a rebuild. At most KEPT projects and
// KEPT_ICONS icons are held, least recently searched out first.
import { readlinkSync } from 'node:fs'
import { setPriority } from 'node:os'
import { parentPort } from 'node:worker_threads'
import { createIconSearch, type IconSearch, type SearchDoc } from '../../common/search/icon-search.ts'
import synonyms from '../../common/search/synonyms.json' with { type: 'json' }
import type { FromWorker, Stamp, ToWorker } from './protocol.ts'
import { KEPT, KEPT_ICONS, WORKER_NICE } from './settings.ts'

const port = parentPort
if (!port) throw new Error('server/search/search-worker.ts runs as a worker thread')
const send = (message: FromWorker) => port.postMessage(message)

type Kept = { created: number; version: number; search: IconSearch }
/** Indexes by key, least recently searched first. */
const kept = new Map<string, Kept>()
/** Pages of icons received for a key, not yet applied. */
const pending = new Map<string, { created: number; version: number; docs: SearchDoc[] }>()

/** Is the kept index at least as new as the stamp? */
const fresh = (index: Kept, stamp: Stamp) => index.created === stamp.created && index.version >= stamp.version

function touch(key: string, index: Kept) {
  kept.delete(key)
  kept.set(key, index)
  let icons = 0
  for (const k of kept.values()) icons += k.search.size
  for (const [other, k] of kept) {
    if (kept.size <= 1 || (kept.size <= KEPT && icons <= KEPT_ICONS)) break
    kept.delete(other)
    icons -= k.search.size
  }
}

function apply(stamp: Stamp): number {
  const page = pending.get(stamp.key)
  pending.delete(stamp.key)
  const had = kept.get(stamp.key)
  if (had && fresh(had, stamp)) return had.search.size // a newer index came meanwhile
  // The server sends a first page (empty for an empty project) before asking: none means a lost page.
  if (!page || page.created !== stamp.created || page.version !== stamp.version)
    throw new Error(`No icons received for ${stamp.key} at ${stamp.version}`)
  const docs = page.docs
  // The same project (created at the same time) is updated in place; another is built anew.
  const search = had && had.created === stamp.created ? had.search : createIconSearch([], synonyms)
  search.update(docs)
  touch(stamp.key, { created: stamp.created, version: stamp.version, search })
  return search.size
}

port.on('message', (message: ToWorker) => {
  try {
    if (message.kind === 'docs') {
      const page = pending.get(message.key)
      if (message.first || !page || page.version !== message.version || page.created !== message.created)
        pending.set(message.key, { created: message.created, version: message.version, docs: message.docs })
      else for (const doc of message.docs) page.docs.push(doc)
      return
    }
    if (message.kind === 'index') return send({ id: message.id, indexed: apply(message) })
    const index = kept.get(message.key)
    if (!index || !fresh(index, message)) return send({ id: message.id, stale: true })
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
