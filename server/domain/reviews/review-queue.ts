// GET /api/workspaces/review-queue (ADR 0112): the icons of a workspace's live projects that wait for
// review, the longest waiting first (review_since: when each last entered needs-review, kept by the
// database's trigger), optionally of one project or one author. Read by every member and viewer.
// Bounded like a page of the icon list: at most QUEUE_LIMITS.rows icons and, past the first, no more
// markup than QUEUE_LIMITS.bytes; the partial index icons_review_queue_idx gives the order.
import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm'
import type { ReviewQueueQuery } from '../../../common/schemas/reviews.ts'
import type { IconRow } from '../../../common/schemas/rows.ts'
import { icons, projects } from '../../db/schema/index.ts'
import { serveMany } from '../../svg-pool/serve-many.ts'
import type { Actor, Deps } from '../deps.ts'
import { iconRowColumns, toIconRow } from '../rows.ts'

/** What one answer of the queue holds at most (the oldest waiting come first; the rest wait their turn). */
const QUEUE_LIMITS = { rows: 1000, bytes: 8 * 1024 * 1024 }

export async function reviewQueue(deps: Deps, actor: Actor, query: ReviewQueueQuery): Promise<IconRow[]> {
  const reach = actor.token?.project_ids
  const waiting = and(
    eq(icons.workspace_id, query.workspaceId),
    eq(icons.icon_status, 'needs-review'),
    isNull(projects.deleted_at),
    query.project_id ? eq(icons.project_id, query.project_id) : undefined,
    query.author_id ? eq(icons.user_id, query.author_id) : undefined,
    // An API token limited to projects sees no other (ADR 0019).
    reach ? inArray(icons.project_id, reach.length ? reach : [crypto.randomUUID()]) : undefined,
  )
  const markup = sql`octet_length(${icons.svg})`
  const page = deps.db
    .select({
      id: icons.id,
      before:
        sql<number>`sum(${markup}) over (order by ${icons.review_since}, ${icons.id} rows unbounded preceding) - ${markup}`.as(
          'before',
        ),
    })
    .from(icons)
    .innerJoin(projects, eq(projects.id, icons.project_id))
    .where(waiting)
    .orderBy(asc(icons.review_since), asc(icons.id))
    .limit(QUEUE_LIMITS.rows)
    .as('page')
  const rows = await deps.db
    .select(iconRowColumns)
    .from(icons)
    .innerJoin(page, eq(page.id, icons.id))
    .where(lt(page.before, QUEUE_LIMITS.bytes))
    .orderBy(asc(icons.review_since), asc(icons.id))
  const svgs = await serveMany(
    deps.svg,
    rows.map((r) => r.svg),
    actor.id,
  )
  return rows.map((row, at) => ({ ...toIconRow(row), svg: svgs[at]! }))
}
