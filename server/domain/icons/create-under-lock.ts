// What a create decides under the scopes' locks (create-icons.ts, inside writeInScope): which new
// icons clash with what the project already has (a name that is another icon's alias, an id held
// by a trash), and from which time the new icons of each project are stamped, after its newest.
import { inArray, sql } from 'drizzle-orm'
import { appMessages } from '../../../common/messages.ts'
import type { Tx } from '../../db/client.ts'
import { deletedIcons, projects } from '../../db/schema/index.ts'
import { uuidIn } from '../../db/uuid-in.ts'
import { aliasClashes, nameKey } from './icon-aliases.ts'

/** Why one icon alone is refused: 400 `invalid` (its fields, its SVG) or a 409 naming the clash. */
export type Refusal = { status: 400; code: 'invalid' } | { status: 409; code: 'id_taken' | 'name_taken' }
export const INVALID: Refusal = { status: 400, code: 'invalid' }
export const ID_TAKEN: Refusal = { status: 409, code: 'id_taken' }
const NAME_TAKEN: Refusal = { status: 409, code: 'name_taken' }

export type Clash = { why: Refusal; message: string }

/**
 * The new icons refused alone, by id: a name that is an alias of another icon of the project (one
 * query per project), or an id of an icon in a trash (its own or its project's: it may come back,
 * history and all). Read under the scopes' locks, so a concurrent write is seen.
 */
export async function clashesUnderLock(
  tx: Tx,
  fresh: { body: { id: string; name: string; project_id: string } }[],
): Promise<Map<string, Clash>> {
  const clashes = new Map<string, Clash>()
  for (const projectId of new Set(fresh.map((f) => f.body.project_id))) {
    const names = fresh.filter((f) => f.body.project_id === projectId).map((f) => f.body.name)
    const taken = await aliasClashes(tx, projectId, names)
    if (!taken.size) continue
    for (const { body } of fresh) {
      const clash = body.project_id === projectId && taken.get(nameKey(body.name))
      if (clash)
        clashes.set(body.id, {
          why: NAME_TAKEN,
          message: appMessages.aliasIsAnotherIcon(clash.name, clash.owner),
        })
    }
  }
  const trashed = await tx
    .select({ id: deletedIcons.id })
    .from(deletedIcons)
    .where(
      uuidIn(
        deletedIcons.id,
        fresh.map((f) => f.body.id),
      ),
    )
  for (const { id } of trashed) clashes.set(id, { why: ID_TAKEN, message: appMessages.idTaken })
  return clashes
}

/** Per project: the database's now, or a millisecond after its newest icon if that is later. */
export async function firstFreeTimes(tx: Tx, projectIds: string[]): Promise<Map<string, number>> {
  // The newest icon's time read from the end of icons (project_id, created_at, id): one index
  // step however many icons the project holds. Every column named with its table: drizzle writes a
  // column of a template unqualified, and "id" inside the subquery was the icon's own (no newest).
  const rows = await tx
    .select({
      id: projects.id,
      now: sql<number>`(extract(epoch from now()) * 1000)::float8`,
      newest: sql<
        number | null
      >`(extract(epoch from (select max(newest.created_at) from icons newest where newest.project_id = "projects"."id")) * 1000)::float8`,
    })
    .from(projects)
    .where(inArray(projects.id, projectIds))
  const out = new Map<string, number>()
  for (const r of rows) {
    const now = Math.floor(Number(r.now))
    out.set(r.id, r.newest === null ? now : Math.max(now, Math.floor(Number(r.newest)) + 1))
  }
  return out
}
