// Tags suggested for a new icon: the words of its file's name ("ic_arrow-left_24.svg" → arrow,
// left), and for an icon from the maker's library also what its set says of it: its other names
// (Iconify aliases: lucide's "house" is also "home") and its categories ("Account / User" → account,
// user). Words that only say how or where an icon is drawn (sizes, styles, "ic", "icon") are left out.
// Small and free of the search index, so that an import loads nothing more for it.
import { MAX_TAG_LENGTH, MAX_TAGS, normalTags } from '../icon-meaning.ts'
import { wordsOf } from './words.ts'

/** Words of a file name that say nothing of what the icon means. */
const NOISE = new Set(
  (
    'ic icon icons svg px dp sm md lg xl xs outline outlined line lined fill filled solid regular ' +
    'bold light thin duotone twotone sharp round rounded alt default'
  ).split(' '),
)

/** The meaningful words of a name: letters only, two or more, not noise. */
export function tagsFromName(name: string): string[] {
  const words = wordsOf(name).filter((w) => w.length >= 2 && !/\d/.test(w) && !NOISE.has(w))
  return normalTags(words).slice(0, MAX_TAGS)
}

/** Tags for an icon from a library set: its name's words, its other names' words, its categories' words. */
export function libraryTags(
  name: string,
  aliases: readonly string[],
  categories: readonly string[],
): string[] {
  const words = [name, ...aliases, ...categories].flatMap(tagsFromName)
  return normalTags(words.filter((w) => w.length <= MAX_TAG_LENGTH)).slice(0, MAX_TAGS)
}
