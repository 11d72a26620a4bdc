// The name clashes of a move (common/name-clashes.ts, ADR 0404), decided inside the move's
// transaction on the target's icons as they are then. Without a choice the move is refused: 409
// `conflict` with `clashes: [{ id, name }]` (the arriving icons whose names the target holds), as
// the import holds such files back instead of making same-named twins that exports rename.
// `skip` leaves those icons where they are; `rename` gives each the first free name (name-2, …:
// free of the target's names and aliases and of the other arriving icons'); `keep_both` moves them
// as they are.
import { eq } from 'drizzle-orm'
import { appMessages } from '../../../common/messages.ts'
import { freeName, type NameClashChoice, nameClashes, nameKey } from '../../../common/name-clashes.ts'
import type { IconAlias } from '../../../common/schemas/rows.ts'
import type { Tx } from '../../db/client.ts'
import { icons } from '../../db/schema/index.ts'
import { conflict } from '../errors.ts'

type Arriving = { id: string; name: string; aliases: IconAlias[] }

/** The icons to move after the choice, and the new names of those renamed (by id). */
export async function settleNameClashes<T extends Arriving>(
  tx: Tx,
  target: { id: string; name: string },
  arriving: readonly T[],
  choice: NameClashChoice | undefined,
): Promise<{ moving: T[]; renamed: Map<string, string> }> {
  const renamed = new Map<string, string>()
  if (!arriving.length) return { moving: [], renamed }
  const held = await tx
    .select({ name: icons.name, aliases: icons.aliases })
    .from(icons)
    .where(eq(icons.project_id, target.id))
  const clashes = nameClashes(
    arriving,
    held.map((h) => h.name),
  )
  if (!clashes.length || choice === 'keep_both') return { moving: [...arriving], renamed }
  if (!choice)
    throw conflict(
      appMessages.moveNamesTaken(
        target.name,
        clashes.map((c) => c.name),
      ),
      'name_taken',
      { clashes },
    )
  const clashing = new Set(clashes.map((c) => c.id))
  if (choice === 'skip') return { moving: arriving.filter((i) => !clashing.has(i.id)), renamed }
  const taken = new Set<string>()
  for (const h of held) for (const name of [h.name, ...h.aliases.map((a) => a.name)]) taken.add(nameKey(name))
  for (const i of arriving) {
    for (const a of i.aliases) taken.add(nameKey(a.name))
    if (!clashing.has(i.id)) taken.add(nameKey(i.name))
  }
  for (const i of arriving) if (clashing.has(i.id)) renamed.set(i.id, freeName(i.name, taken))
  return { moving: [...arriving], renamed }
}
