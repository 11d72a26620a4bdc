// GET /api/projects without the database while nothing changed (ADR 0303, "Cheap answers"): each
// user's answer is kept serialised (kept-answer.ts: bytes, ETag, compressed forms) in the one pattern
// of kept answers (kept-for.ts). Every change of a project, a workspace or a membership sends a note
// inside its transaction (events/events.ts); on delivery, in every process, a personal project's note
// forgets its owner's list and any other such note forgets every list (they are rare, and a new
// member's list does not name the workspace yet). A write answered by this process forgets every
// list before its answer leaves (`forgetAll`, app.ts), so its own client never reads an older list
// while the note is on its way. Notes missed while the listener's connection was lost: every list is
// forgotten once it is back (the bus's onResync, ADR 0306), and KEPT_TTL_MS bounds the time between;
// no list is kept until the listener is up.
import type { ProjectRow } from '../../../common/schemas/rows.ts'
import { type KeptAnswer, keptAnswer } from '../../cache/kept-answer.ts'
import { KEPT_TTL_MS, type KeptFor, keptFor } from '../../cache/kept-for.ts'
import type { Actor, Deps } from '../deps.ts'
import type { ChangeNote } from '../sync/change-notes.ts'
import { listProjects } from './projects.ts'

/** Users whose list is kept, per process and database. */
const MAX_LISTS = 10_000

type Lists = { kept: KeptFor<KeptAnswer>; listening: boolean }
/** One store per database (tests run several apps, on several databases, in one process). */
const stores = new WeakMap<object, Lists>()

function listsOf(db: object): Lists {
  let lists = stores.get(db)
  if (!lists) {
    lists = {
      kept: keptFor({ name: 'project lists', ttlMs: KEPT_TTL_MS, maxEntries: MAX_LISTS }),
      listening: false,
    }
    stores.set(db, lists)
  }
  return lists
}

/**
 * `{ data: [...projects] }` of the caller, kept until a note or a write says it may have changed;
 * read afresh when `fresh` (the caller wrote through another process lately, ADR 0418).
 */
export async function projectListAnswer(deps: Deps, actor: Actor, fresh = false): Promise<KeptAnswer> {
  const lists = listsOf(deps.db)
  if (fresh) lists.kept.forget(actor.id)
  // One read for all of the user's requests that ask meanwhile (kept-for.ts).
  return lists.kept.through(actor.id, async () => {
    const data: ProjectRow[] = await listProjects(deps, actor)
    return { value: keptAnswer({ data }), keep: lists.listening }
  })
}

/** What a change note means for the kept lists (every process hears every note). */
export function hearNote(db: object, note: ChangeNote): void {
  const { kept } = listsOf(db)
  if (note.entity === 'projects' && !note.workspace_id && note.owner_id) kept.forget(note.owner_id)
  else if (
    note.entity === 'projects' ||
    note.entity === 'workspaces' ||
    note.entity === 'workspaces_access' ||
    note.entity === 'membership'
  )
    kept.clear()
}

/** After a write answered by this process (its note may not have arrived yet), or notes were missed. */
export function forgetAllProjectLists(db: object): void {
  listsOf(db).kept.clear()
}

/** Lists are kept only where change notes are heard: called once a listener hears them. */
export function projectListsListening(db: object): void {
  listsOf(db).listening = true
}
