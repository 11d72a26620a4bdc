// The Iconify endpoint's answers (ADR 0021), kept like the icon lists (ADR 0303): a
// project's set (its icons by Iconify name, aliases, lastModified) is read once per list stamp (the
// project's created_at and list_version, bumped by a trigger on any change of its icons), and each
// answer built from it (`<prefix>.json?icons=…`, an icon's SVG) is kept with its bytes and strong ETag
// until the stamp moves. An icon's Iconify body is made once per stored markup (memoised), on demand:
// a first answer of 50 icons of a 10,000-icon project converts 50 drawings, not 10,000.
import type { IconifyJSON } from '@iconify/types'
import {
  iconifyIcon,
  iconifyInfo,
  iconifyNames,
  iconifyPalette,
} from '../../../common/exports/iconify-json.ts'
import type { IconifyIconData } from '../../../common/svg/index.ts'
import { type KeptAnswer, keptAnswer } from '../../cache/kept-answer.ts'
import { Lru } from '../../cache/lru.ts'
import type { Db } from '../../db/client.ts'
import { servedSvg } from '../icons/served-svg.ts'
import { type IconifyProject, iconCounts, lastModifiedOf, projectIcons } from './iconify-projects.ts'

type IconSet = {
  /** The project's id (its key in the store). */
  id: string
  stamp: string
  lastModified: number
  /** Iconify name → stored markup. */
  svgs: Map<string, string>
  /** Alias → the Iconify name of its icon. */
  aliases: Record<string, string>
  /** Answers built from this set, by what they answer (at most MAX_ANSWERS, least recently used out). */
  answers: Lru<string, KeptAnswer>
  /** Characters of its markup (and SET_OVERHEAD); its answers weigh besides. */
  chars: number
  /** Iconify's `palette` (some drawing paints several colours): worked out once per stamp, when asked. */
  palette?: boolean
}

/** Kept sets, at most this many characters of markup and answers in all (least recently used out first). */
const MAX_CHARS = 64 * 1024 * 1024
/** Kept sets, at most this many (a project's set is read again when asked after it went). */
const MAX_SETS = 1_000
/** Answers kept per set (a page asks for the icons it shows: a handful of different lists). */
const MAX_ANSWERS = 256
/** Names looked up in one request, at most (Iconify's clients ask for far fewer, split by URL length). */
export const MAX_NAMES = 500

type Store = {
  /** By project id, weighed by markup and answers; the set in use stays even alone over MAX_CHARS. */
  sets: Lru<string, IconSet>
  reading: Map<string, Promise<IconSet>>
  /** GET collections answers, by the projects (and their stamps) they describe (at most MAX_ANSWERS). */
  collections: Lru<string, KeptAnswer>
}
/** One store per database (tests run several apps, on several databases, in one process). */
const stores = new WeakMap<object, Store>()
const storeOf = (db: object): Store => {
  const known = stores.get(db)
  if (known) return known
  const store: Store = {
    sets: new Lru({
      name: 'Iconify sets',
      maxEntries: MAX_SETS,
      maxWeight: MAX_CHARS,
      weigh: (set) => set.chars + set.answers.weight,
      keepOversized: true,
    }),
    reading: new Map(),
    collections: new Lru({ name: 'Iconify collections', maxEntries: MAX_ANSWERS }),
  }
  stores.set(db, store)
  return store
}

/** The bodies memo's bounds: characters of markup and bodies, and entries (least recently made out first). */
const MAX_BODY_CHARS = 32 * 1024 * 1024
const MAX_BODIES = 200_000
/** Bodies by stored markup: the same drawing in many projects (or answers) is converted once. */
const bodies = new Lru<string, IconifyIconData | null>({
  name: 'Iconify bodies',
  maxEntries: MAX_BODIES,
  maxWeight: MAX_BODY_CHARS,
  weigh: (body, svg) => svg.length + (body?.body.length ?? 0),
})
function bodyOf(svg: string): IconifyIconData | null {
  const kept = bodies.get(svg)
  if (kept !== undefined) return kept
  const body = iconifyIcon(svg)
  bodies.set(svg, body)
  return body
}

/** What a set costs besides its markup (an empty project's set is not free). */
const SET_OVERHEAD = 1024

async function readSet(db: Db, project: IconifyProject): Promise<IconSet> {
  const [rows, lastModified] = await Promise.all([
    projectIcons(db, project.id),
    lastModifiedOf(db, project.id),
  ])
  const { named, aliases } = iconifyNames(rows.map((r) => ({ ...r, aliases: r.aliases ?? [] })))
  const svgs = new Map(named.map(({ icon, name }) => [name, icon.svg]))
  let chars = SET_OVERHEAD
  for (const svg of svgs.values()) chars += svg.length
  const answers = new Lru<string, KeptAnswer>({
    name: 'Iconify answers of a set',
    maxEntries: MAX_ANSWERS,
    weigh: answerCost,
  })
  return { id: project.id, stamp: project.stamp, lastModified, svgs, aliases, answers, chars }
}

/** The project's set at its current stamp: kept, or read once (concurrent requests share the read). */
async function setOf(db: Db, project: IconifyProject): Promise<IconSet> {
  const store = storeOf(db)
  const kept = store.sets.get(project.id)
  if (kept?.stamp === project.stamp) return kept
  const key = `${project.id}@${project.stamp}`
  let reading = store.reading.get(key)
  if (!reading) {
    reading = readSet(db, project).finally(() => store.reading.delete(key))
    store.reading.set(key, reading)
  }
  const set = await reading
  if (store.sets.peek(project.id) !== set) store.sets.set(project.id, set)
  return set
}

/** An answer's share of the store: its key and bytes (its compressed forms are smaller). */
const answerCost = (answer: KeptAnswer, key: string) => key.length + answer.body.byteLength

/** The answer kept in `set` under `key`, or built now and kept (its weight counted in the store's). */
function kept(store: Store, set: IconSet, key: string, build: () => KeptAnswer): KeptAnswer {
  const hit = set.answers.get(key)
  if (hit) return hit
  const answer = build()
  set.answers.set(key, answer)
  // A set read for a stamp the store has moved past is answered from, but not counted there.
  if (store.sets.peek(set.id) === set) store.sets.reweigh(set.id)
  return answer
}

/**
 * `GET <prefix>.json?icons=a,b`: IconifyJSON of the names asked for (aliases with their icon), the rest
 * in not_found. Only the first MAX_NAMES distinct names are looked up (each may cost a conversion on
 * this thread); any further name is listed in not_found too, never dropped unsaid.
 */
export async function iconsAnswer(
  db: Db,
  project: IconifyProject,
  names: readonly string[],
): Promise<KeptAnswer> {
  const set = await setOf(db, project)
  const distinct = [...new Set(names)]
  const wanted = distinct.slice(0, MAX_NAMES).sort()
  const beyond = distinct.slice(MAX_NAMES).sort()
  const key = `json:${wanted.join(',')}${beyond.length ? `|${beyond.join(',')}` : ''}`
  return kept(storeOf(db), set, key, () => {
    const icons: IconifyJSON['icons'] = {}
    const aliases: NonNullable<IconifyJSON['aliases']> = {}
    const notFound: string[] = []
    const add = (name: string) => {
      const svg = set.svgs.get(name)
      const body = svg === undefined ? null : bodyOf(svg)
      if (body) icons[name] = body
      return body !== null
    }
    for (const name of wanted) {
      if (add(name)) continue
      const parent = set.aliases[name]
      if (parent !== undefined && add(parent)) aliases[name] = { parent }
      else notFound.push(name)
    }
    notFound.push(...beyond)
    const answer: IconifyJSON = { prefix: project.prefix, lastModified: set.lastModified, icons }
    if (Object.keys(aliases).length) answer.aliases = aliases
    if (notFound.length) answer.not_found = notFound
    return keptAnswer(answer)
  })
}

/** `GET <prefix>/<name>.svg`: the icon's served markup (sanitised, as every answer serves it), or null. */
export async function svgAnswer(db: Db, project: IconifyProject, name: string): Promise<KeptAnswer | null> {
  const set = await setOf(db, project)
  const svg = set.svgs.get(name) ?? set.svgs.get(set.aliases[name] ?? '')
  if (svg === undefined) return null
  return kept(storeOf(db), set, `svg:${name}`, () => keptAnswer(new TextEncoder().encode(servedSvg(svg))))
}

/** Iconify's `lastModified` of a project (unix seconds): its kept set's, else read (without its icons). */
export async function lastModified(db: Db, project: IconifyProject): Promise<number> {
  const set = storeOf(db).sets.peek(project.id)
  return set?.stamp === project.stamp ? set.lastModified : lastModifiedOf(db, project.id)
}

/** Whether the project's icons (at its stamp: the answer's key holds it) include a multicolour one. */
async function paletteOf(db: Db, project: IconifyProject): Promise<boolean> {
  const set = await setOf(db, project)
  set.palette ??= iconifyPalette(set.svgs.values())
  return set.palette
}

/**
 * `GET collections`: IconifyInfo by prefix of every project reached, kept while none of them (nor which
 * one answers a shared prefix) changes. An ambiguous prefix says so: `ambiguous: true` and the
 * `projects` that carry it, the one answering first (ADR 0021).
 */
export async function collectionsAnswer(db: Db, projects: readonly IconifyProject[]): Promise<KeptAnswer> {
  const store = storeOf(db)
  const sorted = [...projects].sort((a, b) => (a.prefix < b.prefix ? -1 : 1))
  const key = JSON.stringify(sorted.map((p) => [p.prefix, p.id, p.stamp, p.name, p.ambiguous]))
  const hit = store.collections.get(key)
  if (hit) return hit
  const [counts, palettes] = await Promise.all([
    iconCounts(
      db,
      sorted.map((p) => p.id),
    ),
    Promise.all(sorted.map((p) => paletteOf(db, p))),
  ])
  const answer = keptAnswer(
    Object.fromEntries(
      sorted.map((p, i) => {
        const info = iconifyInfo(p.name, counts.get(p.id) ?? 0, palettes[i]!)
        return [p.prefix, p.ambiguous ? { ...info, ambiguous: true, projects: p.ambiguous } : info]
      }),
    ),
  )
  store.collections.set(key, answer)
  return answer
}
