// GET /api/icons answers (ADR 0303, "Cheap answers"; ADR 0304, memory). A project's list is read in
// keyset pages (icon-list-pages.ts), each with the project's list stamp (created_at and
// `list_version`, bumped by a database trigger on any change of its icons, by any writer, in the
// writing transaction) read in the same statement. This file keeps the lists and picks the answer.
// - A list whose JSON stays within listLimits.keepBytes is a kept answer (kept-answer.ts): its bytes,
//   strong ETag and brotli/gzip forms kept per project stamp, so an unchanged list costs the access
//   check's one primary-key read and is neither read, hashed nor compressed again.
// - A larger list is streamed (streamed-answer.ts): the pages read so far, then one page at a time
//   as the client takes them, compressed on the fly; its ETag is weak and names the stamp, so a
//   client that has it is answered 304 without reading a row. Memory stays bounded by a page or two
//   (pageRows icons, pageBytes of markup each) plus what was read before the answer started (up to
//   keepBytes the first time, one page once the project is known to be large).
// Every page of one answer must carry the stamp of the first: a list that changes before the answer
// starts is read again; one that changes after ends as a failed transfer (never a mixed list).
// Icon rows do not depend on who asks; the route has checked access first.
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { messages } from '../../../common/messages.ts'
import type { ProjectRow } from '../../../common/schemas/rows.ts'
import type { KeptAnswer } from '../../cache/kept-answer.ts'
import { Lru } from '../../cache/lru.ts'
import { type SharedReads, sharedReads } from '../../cache/shared-reads.ts'
import type { StreamedAnswer } from '../../cache/streamed-answer.ts'
import type { Actor, Deps } from '../deps.ts'
import { ApiError } from '../errors.ts'
import { keptList, listChunks, listLimits, readHead } from './icon-list-pages.ts'
import { listStamp } from './icon-page-query.ts'

/** Kept lists: at most this many bytes of JSON in all, and this many lists (least recently used out first). */
const MAX_BYTES = 64 * 1024 * 1024
const MAX_LISTS = 10_000
/** Reads of a list's first pages that may meet a change before the answer gives up (503). */
const ATTEMPTS = 3

/** The project whose list is asked for, as the access check read it (`row`: as a pull serves it). */
export type ListedProject = { id: string; createdAt: Date; listVersion: number; row: ProjectRow }

type Entry = { stamp: string; answer: KeptAnswer }
/**
 * `large`: projects whose list was last seen past keepBytes (their answer starts after one page).
 * `reading`: the read of a project's list at a stamp in progress, which requests asking for the same
 * list meanwhile wait for instead of reading it again (a change makes every reader miss at once).
 */
type Kept = {
  lists: Lru<string, Entry>
  large: Lru<string, true>
  reading: SharedReads<KeptAnswer | null>
}
/** Projects remembered as large, at most (least recently seen out first). */
const MAX_LARGE = 4096
/** One store per database (tests run several apps, on several databases, in one process). */
const stores = new WeakMap<object, Kept>()

function storeOf(db: object): Kept {
  const known = stores.get(db)
  if (known) return known
  const store: Kept = {
    lists: new Lru({
      name: 'icon lists',
      maxEntries: MAX_LISTS,
      maxWeight: MAX_BYTES,
      weigh: (e) => e.answer.body.byteLength,
    }),
    large: new Lru({ name: 'large icon lists', maxEntries: MAX_LARGE }),
    reading: sharedReads(),
  }
  stores.set(db, store)
  return store
}

/**
 * Forgets every kept list (and which projects are large) of this database: the change notes may have
 * been missed (ADR 0306). A kept list is checked against its project's stamp, read from the database
 * by every request, so this is a precaution (a failover to a replica whose stamps went back), not
 * what keeps lists true; the streamed lists' weak ETags name that stamp and stay as they are.
 */
export function forgetIconLists(db: object): void {
  stores.delete(db)
}

/**
 * What the served rows are made by: the row mapping, the sanitiser and this code (their source
 * text), and the dependencies named in package.json. A streamed list's weak ETag carries it, so a
 * deployment that serves rows differently is never answered 304 with an older list.
 */
const SERVING_CODE = (() => {
  const at = (path: string) => fileURLToPath(new URL(path, import.meta.url))
  const hash = createHash('sha1')
  const svgDir = at('../../../common/svg/')
  const files = [
    ...readdirSync(svgDir)
      .filter((name) => name.endsWith('.ts'))
      .sort()
      .map((name) => `${svgDir}${name}`),
    at('../../../common/schemas/rows.ts'),
    at('../rows.ts'),
    at('./served-svg.ts'),
    at('./icons.ts'),
    at('./icon-list-cache.ts'),
    at('./icon-list-pages.ts'),
    at('../../../package.json'),
  ]
  for (const file of files) hash.update(readFileSync(file))
  return hash.digest('base64url').slice(0, 12)
})()

/** The weak ETag of a project's list at this stamp, when it is streamed. */
const streamedTag = (projectId: string, stamp: string) => `W/"${projectId}.${stamp}.${SERVING_CODE}"`

/** The ETag of this project's list streamed now (the route checks If-None-Match against it first). */
export const streamedListTag = (p: ListedProject) => streamedTag(p.id, listStamp(p.createdAt, p.listVersion))

/** `{ "data": [...icons] }` of a project the caller may read: a kept answer, or one streamed page by page. */
export async function iconListAnswer(
  deps: Deps,
  actor: Actor,
  project: ListedProject,
): Promise<{ kept: KeptAnswer } | { streamed: StreamedAnswer }> {
  const store = storeOf(deps.db)
  const stamp = listStamp(project.createdAt, project.listVersion)
  const hit = store.lists.get(project.id)
  if (hit && hit.stamp === stamp) return { kept: hit.answer }
  if (store.large.has(project.id)) return readAnswer(deps, actor, project.id, store)
  // One read of a small list at this stamp, however many ask meanwhile: they share its kept answer
  // (at this stamp or, when it changed during the read, a later one). A read that did not end kept
  // (the list grew large, or failed) leaves each waiting request to read its own.
  const key = `${project.id} ${stamp}`
  const shared = store.reading.running(key)
  if (shared) {
    const answer = await shared.catch(() => null)
    if (answer) return { kept: answer }
    return readAnswer(deps, actor, project.id, store)
  }
  const read = readAnswer(deps, actor, project.id, store)
  void store.reading.share(key, () => read.then((a) => ('kept' in a ? a.kept : null))).catch(() => {})
  return read
}

/** The list read from the database: kept when small (remembered per stamp), else streamed. */
async function readAnswer(
  deps: Deps,
  actor: Actor,
  projectId: string,
  store: Kept,
): Promise<{ kept: KeptAnswer } | { streamed: StreamedAnswer }> {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    // A list known to be large is not read ahead: its answer starts after its first page.
    const head = await readHead(deps, actor, projectId, store.large.has(projectId) ? 0 : listLimits.keepBytes)
    if (!head) continue // changed while read: nothing is sent yet, read it again
    if (!head.more) {
      store.large.delete(projectId)
      const answer = keptList(head)
      store.lists.set(projectId, { stamp: head.stamp, answer })
      return { kept: answer }
    }
    head.brotli?.cancel()
    store.lists.delete(projectId)
    store.large.set(projectId, true)
    return {
      streamed: {
        etag: streamedTag(projectId, head.stamp),
        chunks: () =>
          listChunks(head, (bytes) => {
            // Sent whole and small again (icons deleted): the next answer is read ahead and kept.
            if (bytes <= listLimits.keepBytes) store.large.delete(projectId)
          }),
      },
    }
  }
  // A list written to all the while: the client asks again a moment later.
  throw new ApiError(503, messages.unexpectedError, { 'Retry-After': '1' }, 'busy')
}
