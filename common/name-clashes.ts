// Icons moving into a project under a name it already has (ADR 0404): the rule once, for the server's
// refusal and the move dialog's question. Names compare as everywhere (trimmed, case-insensitive).
// An arriving icon clashes when an icon of the target has its name, or an icon arriving before it in
// the same move. What the mover may choose, and the free name a rename gives ("calendar" becomes
// "calendar-2", as an export would name a second one).

/** What to do with icons whose name the target already holds. */
export const NAME_CLASH_CHOICES = ['rename', 'skip', 'keep_both'] as const
export type NameClashChoice = (typeof NAME_CLASH_CHOICES)[number]

/** An arriving icon whose name is taken: its id and name as they are. */
export type NameClash = { id: string; name: string }

/** How names compare: trimmed, case-insensitive. */
export const nameKey = (name: string): string => name.trim().toLowerCase()

/** The arriving icons whose names are taken in the target (`held`: its icons' names), in order. */
export function nameClashes(
  arriving: readonly { id: string; name: string }[],
  held: Iterable<string>,
): NameClash[] {
  const taken = new Set([...held].map(nameKey))
  const out: NameClash[] = []
  for (const icon of arriving) {
    const key = nameKey(icon.name)
    if (taken.has(key)) out.push({ id: icon.id, name: icon.name })
    taken.add(key)
  }
  return out
}

/** `name`, or name-2, name-3, … : the first whose key `taken` does not hold (the key is then taken). */
export function freeName(name: string, taken: Set<string>): string {
  const base = name.trim()
  let candidate = base
  for (let n = 2; taken.has(nameKey(candidate)); n++) candidate = `${base}-${n}`
  taken.add(nameKey(candidate))
  return candidate
}
