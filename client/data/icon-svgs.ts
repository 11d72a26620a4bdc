// The markup of the icons a tab shows, apart from its live lists (icon-heads.ts, ADR 0423): a tile
// asks for its icon's drawing (`useIconSvg`) and gets it from
// - the rows of a list just fetched and not stored yet (`holdFetched`; let go once the database
//   holds them),
// - a bounded cache of what was drawn lately, kept current by the rows the live lists read or are
//   told were stored (`offer`),
// - else the local database: the tiles of one render asked in one `bulkGet`.
// A body belongs to its head by the markup's hash, so an edited drawing is never shown as the old one
// for longer than its row takes to arrive. Actions on one icon or a few (copy, the detail panel, a
// move) read the whole row (`fullIcon`, `fullIcons`).
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react'
import { db, type LocalIcon } from '../local/db.ts'
import { type IconHead, svgHash } from './icon-heads.ts'

type Body = { svg: string; hash: number }

/** Drawings kept beyond those on screen: a few screens of the smallest tiles. */
const MAX_RECENT = 3_000
/** Ids remembered as asked (forgotten when more: they are then asked again, once). */
const MAX_ASKED = 20_000

const fetched = new Map<string, Body>()
const recent = new Map<string, Body>() // oldest first
const watchers = new Map<string, Set<() => void>>()
/** The hash each id was last asked of the database for (not asked again until its head changes). */
const asked = new Map<string, number>()
let pending: IconHead[] = []
let readers: (() => void)[] = []

const notify = (id: string) => {
  for (const listener of watchers.get(id) ?? []) listener()
}

function remember(id: string, body: Body) {
  const old = recent.get(id)
  recent.delete(id)
  recent.set(id, body)
  if (recent.size > MAX_RECENT) {
    for (const key of recent.keys()) {
      if (recent.size <= MAX_RECENT) break
      if (!watchers.has(key)) recent.delete(key)
    }
  }
  if (old?.svg !== body.svg) notify(id)
}

/** Rows shown before the database holds them: their drawings until `releaseFetched`. */
export function holdFetched(row: LocalIcon, hash: number) {
  fetched.set(row.id, { svg: row.svg, hash })
}

export function releaseFetched(id: string) {
  fetched.delete(id)
}

/** Rows just read or stored: a drawing on screen or cached is brought up to date. */
export function offer(rows: readonly LocalIcon[]) {
  for (const row of rows) {
    if (watchers.has(row.id) || recent.has(row.id)) remember(row.id, { svg: row.svg, hash: svgHash(row.svg) })
  }
}

/** The drawing held for `head`: its own, else an older one of the same icon (until its own comes). */
function held(head: IconHead): Body | undefined {
  const own = fetched.get(head.id)
  if (own?.hash === head.svg_hash) return own
  const kept = recent.get(head.id)
  return kept ?? own
}

async function readPending() {
  const heads = pending
  const done = readers
  pending = []
  readers = []
  try {
    const rows = await db.icons.bulkGet(heads.map((h) => h.id))
    rows.forEach((row, i) => {
      if (row) remember(row.id, { svg: row.svg, hash: svgHash(row.svg) })
      // Not stored (yet): a tile mounted later asks again.
      else asked.delete(heads[i]!.id)
    })
  } catch (error) {
    // The database closes on sign-out while the page unmounts: nothing left to draw.
    if ((error as { name?: string })?.name !== 'DatabaseClosedError') console.error(error)
  } finally {
    for (const resolve of done) resolve()
  }
}

/** Reads the drawings of `heads` not held (one read for all asked in the same task). */
function ask(heads: readonly IconHead[]): Promise<void> {
  const missing = heads.filter((h) => held(h)?.hash !== h.svg_hash && asked.get(h.id) !== h.svg_hash)
  if (!missing.length) return Promise.resolve()
  if (asked.size > MAX_ASKED) asked.clear()
  for (const h of missing) asked.set(h.id, h.svg_hash)
  if (!pending.length) queueMicrotask(() => void readPending())
  pending.push(...missing)
  return new Promise((resolve) => readers.push(resolve))
}

/** Resolves once the drawings of `heads` are held (or the database had none to give). */
export const svgsReady = (heads: readonly IconHead[]) => ask(heads)

/** The drawing of `head` for a tile: undefined until read. */
export function useIconSvg(head: IconHead): string | undefined {
  const { id } = head
  const subscribe = useCallback(
    (listener: () => void) => {
      const set = watchers.get(id) ?? new Set()
      watchers.set(id, set)
      set.add(listener)
      return () => {
        set.delete(listener)
        if (!set.size) watchers.delete(id)
      }
    },
    [id],
  )
  const svg = useSyncExternalStore(subscribe, () => held(head)?.svg)
  useEffect(() => {
    void ask([head])
  }, [head])
  return svg
}

/** The markup of a head: the drawing held for it, else its row's. */
export async function iconSvg(head: IconHead): Promise<string> {
  const body = held(head)
  return body?.hash === head.svg_hash ? body.svg : (await fullIcon(head)).svg
}

/** A head, or a whole row already (the detail panel's icon). */
export type ShownIcon = IconHead | LocalIcon

/** The whole row of a head: the database's (the truth a change starts from), else the head with the drawing held here. */
export async function fullIcon(icon: ShownIcon): Promise<LocalIcon> {
  return (await fullIcons([icon]))[0]!
}

/** The whole rows of `icons`, in their order (see fullIcon): what a change snapshots and sends. */
export async function fullIcons(icons: readonly ShownIcon[]): Promise<LocalIcon[]> {
  if (icons.every((icon) => 'svg' in icon)) return icons as LocalIcon[]
  const rows = await db.icons.bulkGet(icons.map((h) => h.id))
  return icons.map((icon, i) => {
    if ('svg' in icon) return icon
    const row = rows[i]
    if (row) return row
    const body = held(icon)
    if (!body) throw new Error(`The drawing of ${icon.name} is not on this device.`)
    const { svg_bytes: _bytes, svg_hash: _hash, ...rest } = icon
    return { ...rest, svg: body.svg }
  })
}

/**
 * The whole row of the icon a panel shows, read again whenever its head changes; until the first read
 * answers, null (or the row shown before, while stepping from one icon to the next).
 */
export function useFullIcon(head: IconHead | null): LocalIcon | null {
  const [full, setFull] = useState<LocalIcon | null>(null)
  useEffect(() => {
    if (!head) {
      setFull(null)
      return
    }
    let live = true
    fullIcon(head).then(
      (row) => live && setFull(row),
      (error: unknown) => console.error(error),
    )
    return () => {
      live = false
    }
  }, [head])
  return head ? full : null
}
