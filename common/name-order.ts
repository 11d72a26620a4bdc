// The icons' name order, as the grid shows it: Intl.Collator with numeric order and base sensitivity
// ("icon 2" before "icon 10", case ignored), ties by id. Names made only of ASCII letters, digits,
// spaces, `_`, `-` and `.` (what icon sets use) get a key whose plain string order is the root
// collation's, so such names sort at the cost of string comparison (the collator costs 0.3–0.6 s
// for 50,000 names). The client sorts its grid by it (client/features/icons/name-order.ts, which
// also checks that the page's language orders this alphabet as the root collation does); the
// database makes the same key for every icon (icons.name_key, drizzle/0023_name_key.sql, compared by
// server/db/name-key.test.ts), whose index gives a large project's first screen
// (server/domain/icons/icon-first-screen.ts, ADR 0419). A change here needs a migration there.

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

/** The collator the keys stand in for, in a given locale (undefined: the runtime's). */
export const nameCollator = (locale?: string) =>
  new Intl.Collator(locale, { numeric: true, sensitivity: 'base' })

/** Equal names (by the collator) order by id, as everywhere the name order is used. */
export const byId = (a: string, b: string) => a.localeCompare(b)
