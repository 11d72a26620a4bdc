// GET /api/icons answers built once per project list version (ADR 0303): the serialised JSON of a
// project's icon list is kept while its `list_version` (bumped by a database trigger on any change
// of its icons, by any writer, in the writing transaction) stays the same; an unchanged list is
// answered with one primary-key read instead of reading, sanitising and serialising every icon.
// Icon rows do not depend on who asks; the route has checked access first. The answer keeps its ETag
// and its brotli/gzip forms with it (kept-answer.ts), so an unchanged list is neither hashed nor
// compressed again.
import { eq } from 'drizzle-orm'
import { projects } from '../db/schema/index.ts'
import { type KeptAnswer, keptAnswer } from '../kept-answer.ts'
import type { Actor, Deps } from './deps.ts'
import { listIcons } from './icons.ts'

/** Kept lists: at most this many bytes of JSON in all (least recently used out first). */
const MAX_BYTES = 64 * 1024 * 1024

type Entry = { listVersion: number; answer: KeptAnswer }
type Kept = { lists: Map<string, Entry>; bytes: number }
/** One store per database (tests run several apps, on several databases, in one process). */
const stores = new WeakMap<object, Kept>()

function storeOf(db: object): Kept {
  const known = stores.get(db)
  if (known) return known
  const store: Kept = { lists: new Map(), bytes: 0 }
  stores.set(db, store)
  return store
}

function keep(store: Kept, projectId: string, entry: Entry) {
  const kept = store.lists
  forget(store, projectId)
  if (entry.answer.body.byteLength > MAX_BYTES / 4) return
  kept.set(projectId, entry)
  store.bytes += entry.answer.body.byteLength
  for (const [id, e] of kept) {
    if (store.bytes <= MAX_BYTES) break
    kept.delete(id)
    store.bytes -= e.answer.body.byteLength
  }
}

function forget(store: Kept, projectId: string) {
  const old = store.lists.get(projectId)
  if (!old) return
  store.lists.delete(projectId)
  store.bytes -= old.answer.body.byteLength
}

/** `{ "data": [...icons] }` of a project the caller may read, as a kept answer (bytes, ETag, compressed forms). */
export async function iconListJson(
  deps: Deps,
  actor: Actor,
  projectId: string,
  /** The list version read just now with the project's row (the access check), if at hand. */
  known?: number,
): Promise<KeptAnswer> {
  const version = async () => {
    const [p] = await deps.db
      .select({ v: projects.list_version })
      .from(projects)
      .where(eq(projects.id, projectId))
    return p ? Number(p.v) : -1
  }
  const store = storeOf(deps.db)
  const kept = store.lists
  const before = known ?? (await version())
  const hit = kept.get(projectId)
  if (hit && hit.listVersion === before) {
    // Most recently used last.
    kept.delete(projectId)
    kept.set(projectId, hit)
    return hit.answer
  }
  const entry = { listVersion: before, answer: keptAnswer({ data: await listIcons(deps, actor, projectId) }) }
  // Kept only if nothing changed while it was read (else the next request reads again).
  if ((await version()) === before) keep(store, projectId, entry)
  else forget(store, projectId)
  return entry.answer
}
