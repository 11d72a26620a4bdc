// An icon's history (issue 22, ADR 0015): every version writeInScope recorded (icon_versions), a
// version restored as a new one, and a new drawing that keeps the icon's identity (replace). Both
// writes record their version through the one write path, like every other change of an icon.
import { and, desc, eq } from 'drizzle-orm'
import type { z } from 'zod'
import { appMessages } from '../../common/messages.ts'
import type { IconVersionRow, replaceIconBody, restoreIconBody } from '../../common/schemas/icons.ts'
import type { IconChangedField, IconRow, IconStatus } from '../../common/schemas/rows.ts'
import { deletedIcons, icons, iconVersions } from '../db/schema/index.ts'
import { serveMany } from '../svg-pool/serve-many.ts'
import { projectScope, type Scope } from './access.ts'
import { processDrawing } from './create-icons.ts'
import type { Actor, Deps } from './deps.ts'
import { measureMany } from './duplicates.ts'
import { ApiError, notFound } from './errors.ts'
import { assertNamesFree, renamedAliases } from './icon-aliases.ts'
import {
  createTarget,
  decideStatus,
  ICON_NOT_FOUND,
  type IconInScope,
  type IconRecord,
  note,
  quotaPlan,
  served,
} from './icons.ts'
import { assertRoom } from './quotas.ts'
import { scopeOf } from './sync-scopes.ts'
import { writeInScope } from './write-in-scope.ts'

/**
 * The scope of an icon whose history the caller asks for: a current icon, or one in its project's
 * "Recently deleted", in a project the caller may see; 404 otherwise.
 */
export async function historyScope({ db }: Deps, actor: Actor, iconId: string): Promise<Scope> {
  const [icon] = await db.select({ project_id: icons.project_id }).from(icons).where(eq(icons.id, iconId))
  const [deleted] = icon
    ? [undefined]
    : await db
        .select({ project_id: deletedIcons.project_id })
        .from(deletedIcons)
        .where(eq(deletedIcons.id, iconId))
  const projectId = icon?.project_id ?? deleted?.project_id
  if (!projectId) throw notFound(ICON_NOT_FOUND)
  try {
    return (await projectScope(db, actor, projectId)).scope
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw notFound(ICON_NOT_FOUND)
    throw error
  }
}

/** Every version of an icon, newest first, its markup served sanitised (GET /api/icons/history). */
export async function iconHistory(deps: Deps, actor: Actor, iconId: string): Promise<IconVersionRow[]> {
  const rows = await deps.db
    .select()
    .from(iconVersions)
    .where(eq(iconVersions.icon_id, iconId))
    .orderBy(desc(iconVersions.revision))
  const svgs = await serveMany(
    deps.svg,
    rows.map((r) => r.svg),
    actor.id,
  )
  return rows.map((r, at) => ({
    version: r.revision,
    name: r.name,
    svg: svgs[at]!,
    icon_status: r.icon_status as IconStatus,
    user_id: r.user_id,
    created_at: r.created_at.toISOString(),
    change: r.change,
  }))
}

/**
 * Brings back a version's name and markup as a new version (kind `restored`), the status as it is
 * (POST /api/icons/restore, 'icon:update'). A name coming back is a rename: the current name becomes
 * an alias, and a name that is now another icon's alias is refused (409); markup bigger than the
 * current one counts against the storage quota (403). 404 for an unknown version.
 */
export async function restoreIcon(
  deps: Deps,
  actor: Actor,
  { icon, scope }: IconInScope,
  body: z.output<typeof restoreIconBody>,
): Promise<IconRow> {
  const key = scopeOf(scope)
  const plan = await quotaPlan(deps, actor, scope)
  // The restored drawing's hash and fingerprint (ADR 0109), measured before the write holds its lock.
  const [stored] = await deps.db
    .select({ svg: iconVersions.svg })
    .from(iconVersions)
    .where(and(eq(iconVersions.icon_id, icon.id), eq(iconVersions.revision, body.version)))
  const [measure] = stored ? await measureMany(deps, [stored.svg], actor.id) : [null]
  const row = await writeInScope(deps, [key], async ({ tx, version, announce, record }) => {
    const [now] = await tx.select().from(icons).where(eq(icons.id, icon.id))
    if (!now) throw notFound(ICON_NOT_FOUND)
    const [old] = await tx
      .select()
      .from(iconVersions)
      .where(and(eq(iconVersions.icon_id, icon.id), eq(iconVersions.revision, body.version)))
    if (!old) throw notFound(appMessages.versionNotFound)
    const fields: IconChangedField[] = []
    if (old.name !== now.name) fields.push('name')
    if (old.svg !== now.svg) fields.push('svg')
    if (fields.includes('name')) await assertNamesFree(tx, now.project_id, [{ id: now.id, name: old.name }])
    // Bigger markup back counts against the storage quota, as a replace does.
    const growth = Buffer.byteLength(old.svg) - Buffer.byteLength(now.svg)
    if (growth > 0) await assertRoom(tx, deps.config, [{ target: { scope, plan }, bytes: growth, icons: 0 }])
    const [row] = await tx
      .update(icons)
      .set({
        name: old.name,
        svg: old.svg,
        drawing_hash: measure && stored?.svg === old.svg ? measure.drawing_hash : null,
        fingerprint: measure && stored?.svg === old.svg ? measure.fingerprint : null,
        aliases: renamedAliases(now.aliases, now.name, old.name),
        revision: now.revision + 1,
        updated_at: new Date(),
        version: version(key),
      })
      .where(eq(icons.id, icon.id))
      .returning()
    record(actor.id, [{ id: icon.id, change: { kind: 'restored', fields, from_revision: old.revision } }])
    announce(note(row!, scope, 'upsert'))
    return row!
  })
  return served(row)
}

/**
 * A new drawing for an icon, keeping its id, name, aliases and history (POST /api/icons/replace,
 * 'icon:update'): the same refusals as a create, from the same pieces (the save rule 403, the SVG
 * pipeline's 400, the storage quota for the markup it adds). In a workspace that reviews its
 * members' icons, a member's new drawing needs review again (decideStatus, as a create would).
 */
export async function replaceIcon(
  deps: Deps,
  actor: Actor,
  { icon }: IconInScope,
  body: z.output<typeof replaceIconBody>,
): Promise<IconRow> {
  const target = await createTarget(deps, actor, icon.project_id, icon.workspace_id)
  const svg = await processDrawing(deps, actor, icon.id, body.svg)
  const [measure] = await measureMany(deps, [svg], actor.id)
  const key = scopeOf(target.scope)
  const row = await writeInScope(deps, [key], async ({ tx, version, announce, record }) => {
    const [now] = await tx.select().from(icons).where(eq(icons.id, icon.id))
    if (!now) throw notFound(ICON_NOT_FOUND)
    const growth = Buffer.byteLength(svg) - Buffer.byteLength(now.svg)
    if (growth > 0) await assertRoom(tx, deps.config, [{ target, bytes: growth, icons: 0 }])
    const status: IconStatus =
      decideStatus(target.scope) === 'needs-review' ? 'needs-review' : (now.icon_status as IconStatus)
    const fields: IconChangedField[] = now.svg === svg ? [] : ['svg']
    if (status !== now.icon_status) fields.push('icon_status')
    const [row] = await tx
      .update(icons)
      .set({
        svg,
        drawing_hash: measure?.drawing_hash ?? null,
        fingerprint: measure?.fingerprint ?? null,
        icon_status: status,
        revision: now.revision + 1,
        updated_at: new Date(),
        version: version(key),
      })
      .where(eq(icons.id, icon.id))
      .returning()
    record(actor.id, [{ id: icon.id, change: { kind: 'replaced', fields } }])
    announce(note(row!, target.scope, 'upsert'))
    return row! satisfies IconRecord
  })
  return served(row)
}
