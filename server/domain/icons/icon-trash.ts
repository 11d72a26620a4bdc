// A project's "Recently deleted" (ADR 0016): a deleted icon waits in deleted_icons
// (icons.ts: deleteIcon moves it there in the write that deletes it) for TRASH_DAYS, and comes back
// with the same id, name, aliases and history (a new version, kind `undeleted`). Undelete is checked
// like a create (the save rule, the storage quota: no dodging a quota by delete and undelete) and
// removes the icon's sync tombstone in the same write, so a pull from any cursor ends with the row.
// Icons deleted with their project (`with_project`) belong to the project's trash, not this list.
// Past TRASH_DAYS icons go for good with their versions (purgeTrash, at most hourly per process).
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import { appMessages } from '../../../common/messages.ts'
import { TRASH_MS } from '../../../common/retention.ts'
import type { DeletedIconRow } from '../../../common/schemas/icons.ts'
import type { IconRow, IconStatus } from '../../../common/schemas/rows.ts'
import type { Db } from '../../db/client.ts'
import { deletedIcons, iconReviews, icons } from '../../db/schema/index.ts'
import { serveMany } from '../../svg-pool/serve-many.ts'
import { projectScope, type Scope } from '../access.ts'
import type { Actor, Deps } from '../deps.ts'
import { ApiError, conflict, notFound } from '../errors.ts'
import { assertRoom } from '../plans/quotas.ts'
import { scopeOf } from '../sync/sync-scopes.ts'
import { writeInScope } from '../sync/write-in-scope.ts'
import { assertNamesFree } from './icon-aliases.ts'
import { createTarget, note, served } from './icons.ts'

type DeletedRecord = typeof deletedIcons.$inferSelect

/** Deleted on its own (not with its project) and within the retention. */
const restorable = () =>
  and(isNull(deletedIcons.with_project), gt(deletedIcons.deleted_at, new Date(Date.now() - TRASH_MS)))

/** The icons of a project deleted in the last TRASH_DAYS, newest first (GET /api/icons/deleted). */
export async function deletedIconsOf(deps: Deps, actor: Actor, projectId: string): Promise<DeletedIconRow[]> {
  await purgeTrashLater(deps.db)
  const rows = await deps.db
    .select()
    .from(deletedIcons)
    .where(and(eq(deletedIcons.project_id, projectId), restorable()))
    .orderBy(desc(deletedIcons.deleted_at), desc(deletedIcons.id))
  const svgs = await serveMany(
    deps.svg,
    rows.map((r) => r.svg),
    actor.id,
  )
  return rows.map((r, at) => ({ ...deletedRow(r), svg: svgs[at]! }))
}

const deletedRow = (r: DeletedRecord): DeletedIconRow => ({
  id: r.id,
  name: r.name,
  svg: r.svg,
  user_id: r.user_id,
  origin_icon_id: r.origin_icon_id,
  project_id: r.project_id,
  workspace_id: r.workspace_id,
  icon_status: r.icon_status as IconStatus,
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
  revision: r.revision,
  aliases: r.aliases,
  label: r.label,
  description: r.description,
  decorative: r.decorative,
  tags: r.tags,
  approved_revision: r.approved_revision,
  review_comment: r.review_comment,
  deleted_at: r.deleted_at.toISOString(),
  deleted_by: r.deleted_by,
})

export type DeletedInScope = { deleted: DeletedRecord; scope: Scope }

/** A restorable deleted icon in a project the caller may see, with its scope; 404 otherwise. */
export async function deletedIconScope({ db }: Deps, actor: Actor, iconId: string): Promise<DeletedInScope> {
  const [deleted] = await db
    .select()
    .from(deletedIcons)
    .where(and(eq(deletedIcons.id, iconId), restorable()))
  if (!deleted) throw notFound(appMessages.deletedIconNotFound)
  try {
    const { scope } = await projectScope(db, actor, deleted.project_id)
    return { deleted, scope }
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw notFound(appMessages.deletedIconNotFound)
    throw error
  }
}

/**
 * Brings a deleted icon back (POST /api/icons/undelete, 'icon:update'): same id, name, aliases and
 * history, a new version `undeleted`; refused like a create (save rule 403, quota 403), and 409 when
 * its name or aliases clash with another icon's aliases (or its id is in use again).
 */
export async function undeleteIcon(deps: Deps, actor: Actor, { deleted }: DeletedInScope): Promise<IconRow> {
  const target = await createTarget(deps, actor, deleted.project_id, deleted.workspace_id)
  const key = scopeOf(target.scope)
  const row = await writeInScope(deps, [key], async ({ tx, version, announce, record, untombstone }) => {
    const [now] = await tx
      .select()
      .from(deletedIcons)
      .where(and(eq(deletedIcons.id, deleted.id), restorable()))
    if (!now) throw notFound(appMessages.deletedIconNotFound)
    const [taken] = await tx.select({ id: icons.id }).from(icons).where(eq(icons.id, now.id))
    if (taken) throw conflict(appMessages.idTaken, 'id_taken')
    await assertRoom(tx, deps.config, [{ target, bytes: Buffer.byteLength(now.svg) }])
    await assertNamesFree(tx, now.project_id, [now])
    const [row] = await tx
      .insert(icons)
      .values({
        id: now.id,
        name: now.name,
        svg: now.svg,
        user_id: now.user_id,
        origin_icon_id: now.origin_icon_id,
        project_id: now.project_id,
        workspace_id: now.workspace_id,
        icon_status: now.icon_status,
        created_at: now.created_at,
        updated_at: new Date(),
        version: version(key),
        revision: now.revision + 1,
        aliases: now.aliases,
        label: now.label,
        description: now.description,
        decorative: now.decorative,
        tags: now.tags,
        drawing_hash: now.drawing_hash,
        fingerprint: now.fingerprint,
        approved_revision: now.approved_revision,
        review_comment: now.review_comment,
      })
      .returning()
    await tx.delete(deletedIcons).where(eq(deletedIcons.id, now.id))
    await untombstone(key, 'icons', [now.id])
    record(actor.id, [{ id: now.id, change: { kind: 'undeleted', fields: [] } }])
    announce(note(row!, target.scope, 'upsert'))
    return row!
  })
  return served(row)
}

const PURGE_EVERY_MS = 3600 * 1000
let lastPurge = 0

/** purgeTrash, at most once an hour per process (like sync.ts prunes its tombstones). */
export async function purgeTrashLater(db: Db): Promise<void> {
  const now = Date.now()
  if (now - lastPurge < PURGE_EVERY_MS) return
  lastPurge = now
  await purgeTrash(db, TRASH_MS)
}

/**
 * Icons deleted on their own more than `retainMs` ago go for good, and the versions of every icon
 * that exists nowhere any more (neither an icon nor in a trash). Unsynced tables: a plain transaction.
 */
export async function purgeTrash(db: Db, retainMs: number): Promise<{ icons: number }> {
  return db.transaction(async (tx) => {
    const gone = await tx
      .delete(deletedIcons)
      .where(
        and(isNull(deletedIcons.with_project), lt(deletedIcons.deleted_at, new Date(Date.now() - retainMs))),
      )
      .returning({ id: deletedIcons.id })
    await tx.execute(sql`
      delete from icon_versions v
      where not exists (select 1 from ${icons} i where i.id = v.icon_id)
        and not exists (select 1 from ${deletedIcons} d where d.id = v.icon_id)`)
    // The review log goes with the history (ADR 0112).
    await tx.execute(sql`
      delete from ${iconReviews} r
      where not exists (select 1 from ${icons} i where i.id = r.icon_id)
        and not exists (select 1 from ${deletedIcons} d where d.id = r.icon_id)`)
    return { icons: gone.length }
  })
}
