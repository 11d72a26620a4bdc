// Icon changes of the vault and the maker: written locally first and queued in the same outbox as
// every other change (client/local/outbox.ts). Permission and plan checks belong to the callers
// (common/permissions.ts, common/plans.ts); the server enforces them and a refusal rolls the change
// back with its toast. Many at once (imports, bulk actions): client/local/bulk-queue.ts.
import type { IconMeaning } from '@common/icon-meaning.ts'
import { appMessages } from '@common/messages.ts'
import type { IconVersionRow } from '@common/schemas/icons.ts'
import type { IconRow } from '@common/schemas/rows.ts'
import { api } from '../lib/api.ts'
import { defineToastCommand, toast } from '../lib/toast.ts'
import { RESTORE_REPLACED } from '../local/conflict-notice.ts'
import { db, type LocalIcon } from '../local/db.ts'
import { createBody } from '../local/icons.ts'
import { queueBuiltChange, queueChange } from '../local/outbox.ts'

export async function createIcon(input: Omit<IconRow, 'id' | 'created_at' | 'updated_at'> & { id?: string }) {
  const now = new Date().toISOString()
  const row: LocalIcon = { ...input, id: input.id ?? crypto.randomUUID(), created_at: now, updated_at: now }
  await queueChange('icons/create', createBody(row), row.workspace_id, (w) => w.put('icons', row))
  return row
}

/**
 * Renames or reviews an icon. The change names the revision it was based on (`base_revision`): when
 * a teammate changed the icon meanwhile (one of them offline), the server still lets this change
 * win but answers what it replaced, and the outbox tells this tab (outbox-settle.ts, ADR 0408). The
 * local row counts the new version ahead of the server, so that a second change queued behind this
 * one is based on it, not on a version it replaced itself. `changes` may be a function of the row as
 * it is when the change is queued (null: nothing to change), for changes built on the current value
 * (a tag list); answers whether a change was queued.
 */
export async function updateIcon(
  icon: LocalIcon,
  changes: IconChanges | ((current: LocalIcon) => IconChanges | null),
): Promise<boolean> {
  return queueBuiltChange('icons/update', icon.workspace_id, async (w) => {
    // The row as it is now, inside the transaction that queues the change: a change queued just
    // before (a tag added a moment ago, a revision counted ahead) is built on, never undone.
    const current = (await w.get<LocalIcon>('icons', icon.id)) ?? icon
    const fields = typeof changes === 'function' ? changes(current) : changes
    if (!fields) return null
    // Only a new name or status is a version (the server's rule, ADR 0106); what the icon means is not.
    const versioned =
      (fields.name ?? current.name) !== current.name ||
      (fields.icon_status ?? current.icon_status) !== current.icon_status
    const next = { ...current, ...fields, revision: versioned ? current.revision + 1 : current.revision }
    await w.put('icons', next)
    return {
      id: next.id,
      name: next.name,
      icon_status: next.icon_status,
      base_revision: current.revision,
      // Only the meaning fields this change sets: a teammate's other edits stay.
      ...meaningChanges(fields),
    }
  })
}

type IconChanges = Partial<Pick<LocalIcon, 'name' | 'icon_status' | keyof IconMeaning>>

/** The meaning fields among `changes` (label, description, decorative, tags), as the update sends them. */
function meaningChanges(changes: Partial<IconMeaning>): Partial<IconMeaning> {
  const out: Partial<IconMeaning> = {}
  if (changes.label !== undefined) out.label = changes.label
  if (changes.description !== undefined) out.description = changes.description
  if (changes.decorative !== undefined) out.decorative = changes.decorative
  if (changes.tags !== undefined) out.tags = changes.tags
  return out
}

/**
 * Brings a deleted icon back (Undo, or Restore in "Recently deleted"): the row is back locally at
 * once and `icons/undelete { id }` is queued behind the delete, so that offline both go out in
 * order; the server answers the icon with its id, name, aliases and history (ADR 0408).
 */
export async function undeleteIcon(row: LocalIcon) {
  await queueChange('icons/undelete', { id: row.id }, row.workspace_id, (w) => w.put('icons', localRow(row)))
}

/** An icon row without the fields of a deleted-list entry (deleted_at, deleted_by). */
export function localRow(row: LocalIcon & { deleted_at?: unknown; deleted_by?: unknown }): LocalIcon {
  const { deleted_at: _at, deleted_by: _by, ...icon } = row
  return icon
}

/**
 * Makes a former version current again: locally at once with that version's name and
 * markup, queued as `icons/restore { id, version }`; the server records it as a new version and
 * answers the icon as it is now (its revision, its aliases), which settles the local row.
 */
export async function restoreIconVersion(
  icon: LocalIcon,
  version: { version: number; name: string; svg: string },
) {
  // Counted a revision ahead, as updateIcon does: a change queued behind it is based on it.
  await queueChange(
    'icons/restore',
    { id: icon.id, version: version.version },
    icon.workspace_id,
    async (w) => {
      const current = (await w.get<LocalIcon>('icons', icon.id)) ?? icon
      await w.put('icons', {
        ...current,
        name: version.name,
        svg: version.svg,
        revision: current.revision + 1,
      })
    },
  )
}

/**
 * A new drawing for an icon, keeping its id, name, aliases and history: `svg` is already the client
 * pipeline's output for this icon's id prefix (as the maker's save makes it), queued as
 * `icons/replace { id, svg }`; the server runs it through the create pipeline again.
 */
export async function replaceIconSvg(icon: LocalIcon, svg: string) {
  await queueChange('icons/replace', { id: icon.id, svg }, icon.workspace_id, async (w) => {
    const current = (await w.get<LocalIcon>('icons', icon.id)) ?? icon
    await w.put('icons', { ...current, svg, revision: current.revision + 1 })
  })
}

/**
 * "Restore" of a conflict notice (client/local/conflict-notice.ts): brings back the version an
 * update replaced without having seen it, as a new version. Its markup comes from the history when
 * the server answers; otherwise the local markup stands in until the server's answer settles the row.
 */
async function restoreReplaced(args: Record<string, unknown>) {
  const id = String(args.id)
  const version = Number(args.version)
  const icon = await db.icons.get(id)
  if (!icon) return
  let svg = icon.svg
  try {
    const history = await api<{ data: IconVersionRow[] }>(`/api/icons/history?id=${encodeURIComponent(id)}`)
    svg = history.data.find((v) => v.version === version)?.svg ?? svg
  } catch {
    // offline or refused: the server's answer to the restore brings the exact markup
  }
  await restoreIconVersion(icon, { version, name: String(args.name), svg })
  toast(appMessages.iconVersionRestored(version), 'success')
}
defineToastCommand(RESTORE_REPLACED, restoreReplaced)
