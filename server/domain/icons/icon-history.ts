// An icon's history (ADR 0015): every version writeInScope recorded (icon_versions), a
// version restored as a new one, and a new drawing that keeps the icon's identity (replace). Both
// writes record their version through the one write path, like every other change of an icon.
import { and, desc, eq } from 'drizzle-orm'
import type { z } from 'zod'
import { redrawnIconStatus } from '../../../common/icon-rules.ts'
import { appMessages } from '../../../common/messages.ts'
import type { IconVersionRow, replaceIconBody, restoreIconBody } from '../../../common/schemas/icons.ts'
import type { IconChangedField, IconRow, IconStatus } from '../../../common/schemas/rows.ts'
import { deletedIcons, icons, iconVersions } from '../../db/schema/index.ts'
import { serveMany } from '../../svg-pool/serve-many.ts'
import { projectScope, roleOf, type Scope } from '../access.ts'
import type { Actor, Deps } from '../deps.ts'
import { measureMany } from '../duplicates/duplicates.ts'
import { ApiError, notFound } from '../errors.ts'
import { assertRoom } from '../plans/quotas.ts'
import { scopeOf } from '../sync/sync-scopes.ts'
import { writeInScope } from '../sync/write-in-scope.ts'
import { processDrawing } from './create-icons.ts'
import { assertNamesFree, renamedAliases } from './icon-aliases.ts'
import {
  createTarget,
  ICON_NOT_FOUND,
  type IconInScope,
  type IconRecord,
  note,
  quotaPlan,
  served,
} from './icons.ts'
import { lockIcon, onLockedIcon } from './locked-icon.ts'

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
 * The status after a new drawing of `now` in `scope` (ADR 0112, common/icon-rules.ts): a member's
 * in a workspace that reviews goes back to needs-review (approved_revision stays the last approved
 * version: what the reviewer compares with); an owner's or admin's keeps the status it finds.
 */
const redrawnStatus = (scope: Scope, now: IconRecord): IconStatus =>
  redrawnIconStatus(
    scope.kind === 'workspace' && scope.workspace.review_icons,
    roleOf(scope),
    now.icon_status as IconStatus,
  )

/**
 * Brings back a version's name and markup as a new version (kind `restored`); another drawing back
 * is a drawing change, whose status redrawnStatus decides (POST /api/icons/restore, 'icon:update'). A name coming back is a rename: the current name becomes
 * an alias, and a name that is now another icon's alias is refused (409); markup bigger than the
 * current one counts against the storage quota (403). 404 for an unknown version.
 */
export async function restoreIcon(
  deps: Deps,
  actor: Actor,
  located: IconInScope,
  body: z.output<typeof restoreIconBody>,
): Promise<IconRow> {
  const id = located.icon.id
  // The restored drawing's hash and fingerprint (ADR 0109), measured before the write holds its lock.
  const [stored] = await deps.db
    .select({ svg: iconVersions.svg })
    .from(iconVersions)
    .where(and(eq(iconVersions.icon_id, id), eq(iconVersions.revision, body.version)))
  const [measure] = stored ? await measureMany(deps, [stored.svg], actor.id) : [null]
  const row = await onLockedIcon(deps, actor, located, ['icon:update'], async (at) => {
    const plan = await quotaPlan(deps, actor, at.scope)
    return writeInScope(deps, [scopeOf(at.scope)], async ({ tx, version, announce, record }) => {
      const { icon: now, scope } = await lockIcon(tx, actor, at, ['icon:update'])
      const [old] = await tx
        .select()
        .from(iconVersions)
        .where(and(eq(iconVersions.icon_id, id), eq(iconVersions.revision, body.version)))
      if (!old) throw notFound(appMessages.versionNotFound)
      const fields: IconChangedField[] = []
      if (old.name !== now.name) fields.push('name')
      if (old.svg !== now.svg) fields.push('svg')
      if (fields.includes('name')) await assertNamesFree(tx, now.project_id, [{ id, name: old.name }])
      // Bigger markup back counts against the storage quota, as a replace does.
      const growth = Buffer.byteLength(old.svg) - Buffer.byteLength(now.svg)
      if (growth > 0)
        await assertRoom(tx, deps.config, [{ target: { scope, plan }, bytes: growth, icons: 0 }])
      // Another drawing back is a drawing change: a member's goes back to review (ADR 0112).
      const status = fields.includes('svg') ? redrawnStatus(scope, now) : (now.icon_status as IconStatus)
      if (status !== now.icon_status) fields.push('icon_status')
      const [row] = await tx
        .update(icons)
        .set({
          name: old.name,
          svg: old.svg,
          icon_status: status,
          drawing_hash: measure && stored?.svg === old.svg ? measure.drawing_hash : null,
          fingerprint: measure && stored?.svg === old.svg ? measure.fingerprint : null,
          aliases: renamedAliases(now.aliases, now.name, old.name),
          revision: now.revision + 1,
          updated_at: new Date(),
          version: version(scopeOf(scope)),
        })
        .where(eq(icons.id, id))
        .returning()
      record(actor.id, [{ id, change: { kind: 'restored', fields, from_revision: old.revision } }])
      announce(note(row!, scope, 'upsert'))
      return row!
    })
  })
  return served(row)
}

/** The answer of a replace: the icon as stored; `unchanged` when the drawing was the one it had. */
export type ReplacedIcon = IconRow & { unchanged?: true }

/**
 * A new drawing for an icon, keeping its id, name, aliases and history (POST /api/icons/replace,
 * 'icon:update'): the same refusals as a create, from the same pieces (the save rule 403, the SVG
 * pipeline's 400, the storage quota for the markup it adds). In a workspace that reviews its
 * members' icons, a member's new drawing needs review again (redrawnStatus, ADR 0112).
 * The same drawing as the icon's (its drawing hash, ADR 0109: `iconvault push` of an unchanged
 * folder) changes nothing: no revision, no version, no note, the status kept; the answer says
 * `unchanged: true`.
 */
export async function replaceIcon(
  deps: Deps,
  actor: Actor,
  located: IconInScope,
  body: z.output<typeof replaceIconBody>,
): Promise<ReplacedIcon> {
  const id = located.icon.id
  const svg = await processDrawing(deps, actor, id, body.svg)
  // The new drawing's hash, and the stored one's when it was never measured (an older row).
  const unmeasured = located.icon.drawing_hash ? [] : [located.icon.svg]
  const [measure, storedMeasure] = await measureMany(deps, [svg, ...unmeasured], actor.id)
  const hashOf = (now: IconRecord) =>
    now.drawing_hash || (now.svg === located.icon.svg ? storedMeasure?.drawing_hash : undefined)
  const same = (now: IconRecord) => now.svg === svg || (!!measure && hashOf(now) === measure.drawing_hash)
  const row = await onLockedIcon(deps, actor, located, ['icon:update'], async (at) => {
    const target = await createTarget(deps, actor, at.icon.project_id, at.icon.workspace_id)
    return writeInScope<IconRecord, { kept: IconRecord }>(deps, [scopeOf(at.scope)], async (w) => {
      const { tx, version, announce, record } = w
      const { icon: now, scope } = await lockIcon(tx, actor, at, ['icon:update'])
      if (same(now)) w.rollBack({ kept: now })
      const growth = Buffer.byteLength(svg) - Buffer.byteLength(now.svg)
      if (growth > 0)
        await assertRoom(tx, deps.config, [{ target: { ...target, scope }, bytes: growth, icons: 0 }])
      const status = redrawnStatus(scope, now)
      const fields: IconChangedField[] = ['svg']
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
          version: version(scopeOf(scope)),
        })
        .where(eq(icons.id, id))
        .returning()
      record(actor.id, [{ id, change: { kind: 'replaced', fields } }])
      announce(note(row!, scope, 'upsert'))
      return row!
    })
  })
  return 'kept' in row ? { ...served(row.kept), unchanged: true } : served(row)
}
