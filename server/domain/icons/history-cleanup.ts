// What recorded history (icon_versions, ADR 0015, and the review log, icon_reviews, ADR 0112) goes when what it belongs to goes for good. The table
// has no foreign key (an icon's history outlives its delete while it waits in a trash), so whatever
// removes icons or projects for good removes their history here: an account's personal space
// (account-deletion.ts, ADR 0012), and history that no icon is left for when its id is used again.
import { and, sql } from 'drizzle-orm'
import type { Tx } from '../../db/client.ts'
import {
  deletedIcons,
  iconCodePoints,
  iconReviews,
  icons,
  iconVersions,
  projects,
} from '../../db/schema/index.ts'
import { uuidIn } from '../../db/uuid-in.ts'

/**
 * History of `ids` that no icon (live or in a trash) is left for: nobody's any more (purgeTrash would
 * take it within the hour). A create with such an id is a new icon with only its own history.
 */
export async function forgetOrphanHistory(tx: Tx, ids: string[]): Promise<void> {
  if (!ids.length) return
  const orphan = (column: typeof iconVersions.icon_id | typeof iconReviews.icon_id) =>
    and(
      uuidIn(column, ids),
      sql`not exists (select 1 from ${icons} i where i.id = ${column})`,
      sql`not exists (select 1 from ${deletedIcons} d where d.id = ${column})`,
    )
  // One statement for both (every create makes it: one call less, ADR 0417).
  await tx.execute(sql`
    with versions as (delete from ${iconVersions} where ${orphan(iconVersions.icon_id)})
    delete from ${iconReviews} where ${orphan(iconReviews.icon_id)}`)
}

/**
 * Before a user's personal projects are deleted (their icons and trash go with them by cascade): the
 * history of those icons, wherever it was recorded, and every version recorded in those projects
 * (drafts of icons since moved to a team: they keep their history from their move on). Code points a
 * team's font keeps for those icons stay reserved, under an id of nobody (the team's font is unchanged,
 * ADR 0105). Called inside the write that deletes the projects.
 */
export async function forgetPersonalHistory(tx: Tx, userId: string): Promise<void> {
  const personal = sql`select ${projects.id} from ${projects} where ${projects.workspace_id} is null and ${projects.user_id} = ${userId}`
  const going = sql`select ${icons.id} from ${icons} where ${icons.project_id} in (${personal})
    union select ${deletedIcons.id} from ${deletedIcons} where ${deletedIcons.project_id} in (${personal})`
  // In SQL, not as a list of ids: a personal space may hold more icons than a statement takes parameters.
  await tx.execute(
    sql`delete from ${iconVersions} where ${iconVersions.project_id} in (${personal}) or ${iconVersions.icon_id} in (${going})`,
  )
  await tx.execute(sql`delete from ${iconReviews} where ${iconReviews.icon_id} in (${going})`)
  await tx.execute(
    sql`update ${iconCodePoints} set icon_id = gen_random_uuid() where ${iconCodePoints.icon_id} in (${going})
      and ${iconCodePoints.project_id} not in (${personal})`,
  )
}
