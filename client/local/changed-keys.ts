// Which rows of a table a Dexie write changed, from the `storagemutated` event (fired after every
// committed write, in this tab and, through a BroadcastChannel, in the other tabs). Dexie reports
// the primary keys of each table as a set of ranges (an interval tree: {from, to, l, r}); writes of
// fewer than 50 rows report each key, larger ones and range deletes a range ("maybe everything").
/** The part of the event that holds a table's changed primary keys. */
export const tablePart = (dbName: string, table: string) => `idb://${dbName}/${table}/`

interface RangeNode {
  from?: unknown
  to?: unknown
  l?: RangeNode | null
  r?: RangeNode | null
}

/**
 * The primary keys (strings) changed in `table`: [] when none, null when a range changed (re-read
 * everything) or when there are more than `max`.
 */
export function changedKeys(
  parts: Record<string, unknown>,
  dbName: string,
  table: string,
  max = 5000,
): string[] | null {
  const prefix = tablePart(dbName, table)
  const tree = parts[prefix] as RangeNode | undefined
  if (!tree) return Object.keys(parts).some((key) => key.startsWith(prefix)) ? null : []
  const keys: string[] = []
  const stack: RangeNode[] = [tree]
  while (stack.length) {
    const node = stack.pop()!
    if (!('from' in node)) continue // an empty set
    if (typeof node.from !== 'string' || node.from !== node.to) return null
    keys.push(node.from)
    if (keys.length > max) return null
    if (node.l) stack.push(node.l)
    if (node.r) stack.push(node.r)
  }
  return keys
}
