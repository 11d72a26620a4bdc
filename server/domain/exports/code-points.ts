// Icon font code points kept for good (ADR 0105). The first font export that holds an icon gives it
// its point (common/exports/code-points.ts: its id's preferred point, else the next free one) and
// stores it in icon_code_points, per project; a stored point never changes and stays reserved while
// the project lives, even when its icon is deleted or moved away. So deleting, restoring or moving
// icons moves no other icon's glyph, and a release's font is the same every time it is exported.
// Points are given under a lock of the project's row: two exports at once agree.
import { and, eq, notExists, sql } from 'drizzle-orm'
import { assignCodePoints, type CodePointIcon, NoFreeCodePoint } from '../../../common/exports/code-points.ts'
import { exportMessages } from '../../../common/messages.ts'
import type { Db, Tx } from '../../db/client.ts'
import { deletedIcons, iconCodePoints, icons, projects } from '../../db/schema/index.ts'
import { conflict } from '../errors.ts'

/** The points a project has given, by icon id. */
async function keptPoints(db: Tx, projectId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: iconCodePoints.icon_id, point: iconCodePoints.code_point })
    .from(iconCodePoints)
    .where(eq(iconCodePoints.project_id, projectId))
  return new Map(rows.map((r) => [r.id, r.point]))
}

/**
 * Frees the points of icons that are nowhere any more (purged from the trash for good): only when a
 * project has given out all 65,534, so that a long-lived project can go on.
 */
async function freeGonePoints(tx: Tx, projectId: string): Promise<void> {
  await tx
    .delete(iconCodePoints)
    .where(
      and(
        eq(iconCodePoints.project_id, projectId),
        notExists(tx.select({ one: sql`1` }).from(icons).where(eq(icons.id, iconCodePoints.icon_id))),
        notExists(
          tx.select({ one: sql`1` }).from(deletedIcons).where(eq(deletedIcons.id, iconCodePoints.icon_id)),
        ),
      ),
    )
}

/** Each icon's code point in `projectId`'s font, giving (and storing) one to those without. */
export async function codePointsOf(
  db: Db,
  projectId: string,
  set: readonly CodePointIcon[],
): Promise<Map<string, number>> {
  const kept = await keptPoints(db, projectId)
  if (set.every((icon) => kept.has(icon.id))) return assignCodePoints(set, kept)
  return db.transaction(async (tx) => {
    await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).for('update')
    let now = await keptPoints(tx, projectId)
    let points: Map<string, number>
    try {
      points = assignCodePoints(set, now)
    } catch (error) {
      if (!(error instanceof NoFreeCodePoint)) throw error
      await freeGonePoints(tx, projectId)
      now = await keptPoints(tx, projectId)
      try {
        points = assignCodePoints(set, now)
      } catch {
        throw conflict(exportMessages.fontFull)
      }
    }
    const fresh = [...new Set(set.map((icon) => icon.id))]
      .filter((id) => !now.has(id))
      .map((id) => ({ project_id: projectId, icon_id: id, code_point: points.get(id)! }))
    for (let at = 0; at < fresh.length; at += 1000)
      await tx.insert(iconCodePoints).values(fresh.slice(at, at + 1000))
    return points
  })
}
