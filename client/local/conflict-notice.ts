// What the tab that made a change is told when the server's answer of `icons/update` says it
// replaced a version it had not seen (ADR 0408): "Your rename of “home” replaced
// Ann’s rename to “house”." with a Restore action that brings the replaced version back; and what
// the author of that replaced version is told when the stream brings the icon's upsert with
// `replaced`: "Ned’s rename to “casa” replaced yours (“house”).", with Restore of theirs. Pure, so
// unit-tested; outbox-settle.ts and live.ts show them, client/data/icons.ts runs the Restore.
import { appMessages } from '@common/messages.ts'
import type { ChangeEvent } from '@common/schemas/events.ts'
import type { IconUpdateConflict } from '@common/schemas/icons.ts'
import type { ToastCommand } from '../lib/toast.ts'
import type { LocalIcon, OutboxEntry } from './db.ts'

/** The command of the notice's action (registered by client/data/icons.ts). */
export const RESTORE_REPLACED = 'icons/restore-replaced'

export interface ConflictNotice {
  text: string
  command: ToastCommand
}

const isConflict = (value: unknown): value is IconUpdateConflict =>
  !!value &&
  typeof value === 'object' &&
  typeof (value as IconUpdateConflict).replaced_revision === 'number' &&
  typeof (value as IconUpdateConflict).replaced_name === 'string'

/**
 * The notice for a confirmed entry whose answer carries `conflict`, or null: none for other kinds,
 * and none when the replaced version was the user's own (two of their changes queued one behind the
 * other, or made in two of their browsers: nothing of anyone else's was lost).
 */
export function conflictNotice(
  entry: OutboxEntry,
  conflict: unknown,
  meId: string | null,
): ConflictNotice | null {
  if (entry.kind !== 'icons/update' || !isConflict(conflict)) return null
  const by = conflict.replaced_by
  if (by && meId && by.id === meId) return null
  const before = entry.before.find((s) => s.table === 'icons' && s.id === entry.body.id)?.row as
    | LocalIcon
    | null
    | undefined
  const yours = before?.name ?? String(entry.body.name)
  const who = by ? by.name || by.email : appMessages.someoneElse
  const renamed = entry.body.name !== yours && conflict.replaced_name !== yours
  return {
    text: renamed
      ? appMessages.renameConflict(yours, who, conflict.replaced_name)
      : appMessages.changeConflict(yours, who),
    command: {
      label: appMessages.restore,
      name: RESTORE_REPLACED,
      args: { id: String(entry.body.id), version: conflict.replaced_revision, name: conflict.replaced_name },
    },
  }
}

/**
 * The notice for the author of the version an update replaced without having seen it, from the
 * stream's icon upsert (`replaced`); null for any other event or another person's version.
 */
export function overwrittenNotice(event: ChangeEvent, meId: string | null): ConflictNotice | null {
  if (event.entity !== 'icons' || event.op !== 'upsert' || !event.replaced) return null
  const { replaced, row } = event
  if (!meId || replaced.user_id !== meId) return null
  return {
    text:
      row.name !== replaced.name
        ? appMessages.renameOverwritten(replaced.by, row.name, replaced.name)
        : appMessages.changeOverwritten(replaced.by, row.name),
    command: {
      label: appMessages.restore,
      name: RESTORE_REPLACED,
      args: { id: row.id, version: replaced.revision, name: replaced.name },
    },
  }
}
