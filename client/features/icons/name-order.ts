// The grid's name order (common/name-order.ts): Intl.Collator with numeric order and base
// sensitivity, ties by id. Sorting 50,000 names through the collator takes 0.3–0.6 s of the page's
// thread (Chromium, two cores), paid before a large project's first tiles and again on every change,
// so simple names sort by their keys (name-order.test.ts compares them with the collator on
// thousands of such names). Only where the page's collation orders that alphabet as the root
// collation does (checked at start on probes, for languages without contractions of ASCII letters);
// any other name, or language, takes the collator.
import { byId, nameCollator, nameKey } from '@common/name-order.ts'

const collator = nameCollator()

/** Languages whose collation orders ASCII letters as the root one does (no contractions like "ch"). */
const PLAIN_LANGUAGES = new Set(['en', 'de', 'fr', 'it', 'pt', 'nl', 'es'])

/** Whether keys may stand in for the collator on this page (its language, then probes). */
function keysAgree(): boolean {
  const language = collator.resolvedOptions().locale.split('-')[0] ?? ''
  if (!PLAIN_LANGUAGES.has(language)) return false
  const probes = [
    ...'abcdefghijklmnopqrstuvwxyz0123456789 _-.',
    ...['ch', 'cz', 'h', 'hz', 'i', 'aa', 'z', 'y', 'ij', 'll', 'a1', 'a01', 'a2', 'a10', 'a-b', 'ab'],
    ...['a b', 'a_b', 'a.b', 'A', 'Ab', 'a-1', 'a1b', 'a 10', '00', '0', '007', 'x9y', 'x10y', ''],
  ]
  // In key order, each probe against the next: the collator orders consistently, so agreeing on
  // neighbours is agreeing on every pair (a few dozen compares at start, not thousands).
  const keyed = probes
    .map((name) => ({ name, key: nameKey(name)! }))
    .sort((x, y) => (x.key < y.key ? -1 : x.key > y.key ? 1 : 0))
  for (let i = 1; i < keyed.length; i++) {
    const [x, y] = [keyed[i - 1]!, keyed[i]!]
    if (Math.sign(collator.compare(x.name, y.name)) !== (x.key === y.key ? 0 : -1)) return false
  }
  return true
}

const keysUsable = keysAgree()

/** Whether this page sorts simple names by their keys. */
export const keysInUse = () => keysUsable

/** Keys of names seen, kept across sorts (a project's names rarely change); dropped whole past the bound. */
const keys = new Map<string, string | null>()
const MAX_KEYS = 200_000

function keyOf(name: string): string | null {
  let key = keys.get(name)
  if (key === undefined) {
    if (keys.size >= MAX_KEYS) keys.clear()
    key = nameKey(name)
    keys.set(name, key)
  }
  return key
}

type Named = { name: string; id: string }

/** The collator's comparison, ties by id: the order itself. */
export const compareByName = (a: Named, b: Named) => collator.compare(a.name, b.name) || byId(a.id, b.id)

/** Sorts `rows` in place by name (descending when `desc`), as compareByName orders them; returns them. */
export function sortByName<T extends Named>(rows: T[], desc = false): T[] {
  const dir = desc ? -1 : 1
  if (keysUsable) {
    const decorated: { key: string; id: string; row: T }[] = new Array(rows.length)
    let simple = true
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i]!
      const key = keyOf(row.name)
      if (key === null) {
        simple = false
        break
      }
      decorated[i] = { key, id: row.id, row }
    }
    if (simple) {
      // Equal keys are names the collator finds equal: by id, as compareByName.
      decorated.sort((a, b) => dir * (a.key < b.key ? -1 : a.key > b.key ? 1 : byId(a.id, b.id)))
      for (let i = 0; i < rows.length; i++) rows[i] = decorated[i]!.row
      return rows
    }
  }
  return rows.sort((a, b) => dir * compareByName(a, b))
}
