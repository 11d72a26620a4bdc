// Builds common/search/synonyms.json, the synonym list search ships with (ADR 0107), from the
// tags that three openly licensed icon sets give their icons: lucide-static (ISC), @tabler/icons (MIT)
// and @phosphor-icons/core (MIT), all devDependencies. Run it after updating them:
//   node scripts/build-synonyms.ts
//
// Each set names an icon for what it draws ("settings") and tags it with what people also call it
// ("cog", "gear", "preferences"). Only icons whose name is one word are read (a style suffix or a
// number aside: "trash-2", "gear-fill"): a compound name ("calendar-cog") tags its parts, not a meaning.
// A name and a tag become synonyms (both ways) when at least two of the three sets say so: one set
// alone links words loosely ("heart" and "stethoscope"), two agreeing are what people mean. Words are
// folded as search reads them (common/search/words.ts), of letters only, three or more; a plural whose
// singular is also known folds to it ("cogs" → "cog").
import { writeFileSync } from 'node:fs'
import { icons as phosphor } from '@phosphor-icons/core'
import tabler from '@tabler/icons/icons.json' with { type: 'json' }
import lucide from 'lucide-static/tags.json' with { type: 'json' }
import { wordsOf } from '../common/search/words.ts'

type Source = { id: string; icons: [name: string, tags: readonly (string | number)[]][] }

const SOURCES: Source[] = [
  { id: 'lucide', icons: Object.entries(lucide as Record<string, string[]>) },
  {
    id: 'tabler',
    icons: Object.values(tabler as Record<string, { name: string; tags?: (string | number)[] }>).map((i) => [
      i.name,
      i.tags ?? [],
    ]),
  },
  { id: 'phosphor', icons: phosphor.map((i) => [i.name, i.tags]) },
]
/** How many sets must agree on a pair. */
const MIN_SOURCES = 2
/** Name parts that say how an icon is drawn, not what it means. */
const STYLE = new Set(
  'outline outlined filled fill solid bold duotone thin light alt round rounded sharp'.split(' '),
)
/** Tag words too common to mean anything. */
const STOP = new Set('and the for with icon icons off'.split(' '))
const OUT = new URL('../common/search/synonyms.json', import.meta.url)

/** A word search can use: one word of 3+ letters (a tag of several words is not one). */
function word(text: string): string | null {
  const words = wordsOf(text)
  const only = words.length === 1 ? words[0]! : null
  return only && /^[a-z]{3,}$/.test(only) && !STOP.has(only) ? only : null
}

/** The one word an icon's name means, or null for a compound name. */
function nameWord(name: string): string | null {
  const parts = wordsOf(name).filter((w) => !/^\d+$/.test(w) && !STYLE.has(w))
  return parts.length === 1 ? word(parts[0]!) : null
}

const pairs = new Map<string, Set<string>>()
const vocabulary = new Set<string>()
for (const source of SOURCES) {
  for (const [name, tags] of source.icons) {
    const head = nameWord(name)
    if (!head) continue
    vocabulary.add(head)
    for (const tag of tags) {
      const other = word(String(tag))
      if (!other) continue
      vocabulary.add(other)
      const key = JSON.stringify([head, other].sort())
      const by = pairs.get(key) ?? new Set<string>()
      by.add(source.id)
      pairs.set(key, by)
    }
  }
}

const singular = (w: string) =>
  w.endsWith('s') && !w.endsWith('ss') && vocabulary.has(w.slice(0, -1)) ? w.slice(0, -1) : w
const agreed = new Map<string, Set<string>>()
for (const [key, by] of pairs) {
  const [a, b] = (JSON.parse(key) as [string, string]).map(singular) as [string, string]
  if (a === b) continue
  const k = JSON.stringify([a, b].sort())
  agreed.set(k, new Set([...(agreed.get(k) ?? []), ...by]))
}
const related = new Map<string, Set<string>>()
for (const [key, by] of agreed) {
  if (by.size < MIN_SOURCES) continue
  const [a, b] = JSON.parse(key) as [string, string]
  related.set(a, (related.get(a) ?? new Set()).add(b))
  related.set(b, (related.get(b) ?? new Set()).add(a))
}
const list = Object.fromEntries([...related.keys()].sort().map((w) => [w, [...related.get(w)!].sort()]))
const json = `${JSON.stringify(list)}\n`
writeFileSync(OUT, json)
console.log(`${Object.keys(list).length} words, ${json.length} bytes → common/search/synonyms.json`)
