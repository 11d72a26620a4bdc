// The grid's name order: Intl.Collator with numeric order and base sensitivity ("icon 2" before
// "icon 10", case ignored), ties by id. Sorting 50,000 names through the collator takes 0.3–0.6 s of
// the page's thread (Chromium, two cores), paid before a large project's first tiles and again on
// every change. Names made only of ASCII letters, digits, spaces, `_`, `-` and `.` (what icon sets
// use) get a key whose plain string order is the collator's (name-order.test.ts compares them on
// thousands of such names), so such a list sorts at the cost of string comparison. Only where the
// page's collation orders that alphabet as the root collation does (checked at start on probes, for
// languages without contractions of ASCII letters); any other name, or language, takes the collator.

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' })

/** The alphabet the key reproduces the collator's order for. */
const SIMPLE = /^[A-Za-z0-9 _.-]*$/
/** Below digits and letters, in the collator's order: space, low line, hyphen, full stop. */
const MARK: Record<string, string> = { ' ': '\u0001', _: '\u0002', '-': '\u0003', '.': '\u0004' }
/** Starts a number: after every mark, before every letter. */
const NUMBER = '\u0010'

/**
 * The key of a simple name, else null: letters lower-cased; a run of digits as its value (leading
 * zeros dropped, as the collator counts them) after its length, so shorter numbers come first.
 */
export function nameKey(name: string): string | null {
  if (!SIMPLE.test(name)) return null
  let key = ''
  let i = 0
  while (i < name.length) {
    const c = name.charCodeAt(i)
    if (c >= 48 && c <= 57) {
      let end = i
      while (end < name.length && name.charCodeAt(end) >= 48 && name.charCodeAt(end) <= 57) end++
      let start = i
      while (start < end && name.charCodeAt(start) === 48) start++
      key += NUMBER + String.fromCharCode(0x20 + end - start) + name.slice(start, end)
      i = end
    } else {
      const ch = name[i]!
      key += MARK[ch] ?? ch.toLowerCase()
      i++
    }
  }
  return key
}

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
  for (const a of probes)
    for (const b of probes) {
      const x = nameKey(a)!
      const y = nameKey(b)!
      if (Math.sign(collator.compare(a, b)) !== (x < y ? -1 : x > y ? 1 : 0)) return false
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
export const compareByName = (a: Named, b: Named) =>
  collator.compare(a.name, b.name) || a.id.localeCompare(b.id)

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
      decorated.sort((a, b) => dir * (a.key < b.key ? -1 : a.key > b.key ? 1 : a.id.localeCompare(b.id)))
      for (let i = 0; i < rows.length; i++) rows[i] = decorated[i]!.row
      return rows
    }
  }
  return rows.sort((a, b) => dir * compareByName(a, b))
}
