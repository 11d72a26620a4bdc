// A process's copy of a project's prints, for the early lookups of a drop (near-early.ts, ADR 0113
// round five). Looked up in SQL, each drawing of a drop cost ~0.7 ms of the database's CPU at 50,000
// icons (its ~39 keys probed in the GIN index, then its ~700 candidates read and compared), more than
// drawing it. Here the same keys (common/near-keys.ts) find the same candidates in memory and the
// same rule (common/duplicates.ts) compares them: 0.1-0.25 ms of the server's CPU a drawing, the
// database spared (bench/README.md).
//
// What it may hold is what the early lookup may answer: prints with their seq (icon_prints.seq). A
// refresh reads the prints written since the greatest seq it holds (an index range, usually empty),
// so what it holds is every print whose seq is at most its seq, as a snapshot would see them, and
// the transaction reads the rest (nearAfter). A print deleted or moved away stays here until the
// copy is reloaded: the transaction keeps an early find only while its icon is still indexed with
// that drawing, so a stale print adds a candidate, never a wrong link.
//
// Bounds: MAX_PRINTS in all copies of a process (~1.1 kB a print: 50,000 take 55-70 MB), a copy
// made only if its project's prints fit beside the copies used in the last minute (older ones are
// dropped for it), else the drop is looked up in SQL; a copy unused for IDLE_MS is dropped, and one
// older than RELOAD_MS is read again whole (what was deleted leaves). A load reads PAGE prints a
// statement and yields between pages (50,000 prints: ~1.2 s, the event loop held 35 ms at most).
import { sql } from 'drizzle-orm'
import {
  type Fingerprint,
  fingerprintOfWords,
  inkBound,
  NEAR_DUPLICATE_BITS,
  outlineBound,
  outlineOf,
  rowsDistance,
} from '../../../common/duplicates.ts'
import { queryNearKeys } from '../../../common/near-keys.ts'
import type { Db } from '../../db/client.ts'
import { grown, KeyTable, NONE } from './key-table.ts'
import { type NearIcon, rowsOf } from './near-lookup.ts'

/** Most prints held by a process's copies, all projects together (nearFromCopy's `maxPrints`). */
const MAX_PRINTS = 60_000
/** A copy used this recently is not dropped to make room for another: that one is looked up in SQL. */
const IN_USE_MS = 60_000
const IDLE_MS = 5 * 60_000
const RELOAD_MS = 10 * 60_000
const PAGE = 1_000
/** Of a project's prints, distinct keys (~14.7) and keys (~35.5) each: a copy's table is sized for them. */
const KEYS_PER_PRINT = 14
const ENTRIES_PER_PRINT = 36
/** Words of a print: 32 solid, then 32 touched. */
const WORDS = 64

type Copy = {
  projectId: string
  seq: number
  loadedAt: number
  /** Whether its first read has ended. */
  loaded: boolean
  usedAt: number
  ids: string[]
  hashes: string[]
  words: Uint32Array<ArrayBuffer>
  /** Each slot's solid and touched ink. */
  inks: Uint16Array<ArrayBuffer>
  /** Each slot's outline (outlineOf: four words). */
  outlines: Uint32Array<ArrayBuffer>
  /** The lookup that last met each slot (a drawing meets a slot once, whatever keys they share). */
  seen: Int32Array<ArrayBuffer>
  /** The last lookup's mark in `seen`. */
  mark: number
  /** The icon's current slot: an older slot of the same icon is a print written over. */
  slotOf: Map<string, number>
  keys: KeyTable
  /** One refresh at a time; lookups wait for it. */
  refreshing: Promise<void> | null
  idle: ReturnType<typeof setTimeout>
}

/** The copies of one database by project, least recently used first. */
type Copies = Map<string, Copy>
const copiesOf = new WeakMap<object, Copies>()

/**
 * What nearIcons would answer for each drawing (but whether each icon is still indexed: the
 * transaction checks that), and the seq it holds; null when the project's copy cannot be held (the
 * caller looks up in SQL).
 */
export async function nearFromCopy(
  db: Db,
  projectId: string,
  asked: readonly { id: string; hash: string; print: Fingerprint }[],
  maxPrints = MAX_PRINTS,
): Promise<{ seq: number; near: NearIcon[][] } | null> {
  const copies = copiesOf.get(db) ?? new Map()
  copiesOf.set(db, copies)
  const copy = copies.get(projectId) ?? (await newCopy(db, copies, projectId, maxPrints))
  // Its first read under way (~1.2 s at 50,000 prints), this lookup is made in SQL meanwhile.
  if (!copy?.loaded || !(await refreshed(db, copies, copy, maxPrints))) return null
  return { seq: copy.seq, near: asked.map((a) => lookUp(copy, a)) }
}

/**
 * A new copy of the project if its prints fit beside the copies in use (else null), its first read
 * started: the lookups that come before it ends go to SQL.
 */
async function newCopy(db: Db, copies: Copies, projectId: string, maxPrints: number): Promise<Copy | null> {
  const [counted] = rowsOf<{ n: number | string }>(
    await db.execute(sql`select count(*) as n from icon_prints where project_id = ${projectId}`),
  )
  const prints = Number(counted?.n ?? 0)
  const known = copies.get(projectId)
  if (known) return known
  if (!makeRoom(copies, prints, maxPrints)) return null
  // Room for its prints and a few more: growing, each array is copied whole.
  const room = Math.ceil(prints * 1.1) + 64
  const copy: Copy = {
    projectId,
    seq: 0,
    loadedAt: Date.now(),
    loaded: false,
    usedAt: Date.now(),
    ids: [],
    hashes: [],
    words: new Uint32Array(WORDS * room),
    inks: new Uint16Array(2 * room),
    outlines: new Uint32Array(4 * room),
    seen: new Int32Array(room),
    mark: 0,
    slotOf: new Map(),
    keys: new KeyTable(room * KEYS_PER_PRINT, room * ENTRIES_PER_PRINT),
    refreshing: null,
    idle: setTimeout(() => drop(copies, copy), IDLE_MS),
  }
  copy.idle.unref()
  copies.set(projectId, copy)
  // Nobody waits for the first read: a failure drops the copy, and the next drop makes it again.
  const first = readSince(db, copies, copy, maxPrints)
  copy.refreshing = first
  first.then(
    () => {
      copy.refreshing = null
      copy.loaded = true
    },
    () => drop(copies, copy),
  )
  return copy
}

/** Drops copies not in use, least recently used first, until `prints` more fit; false if they cannot. */
function makeRoom(copies: Copies, prints: number, maxPrints: number): boolean {
  let now = held(copies)
  for (const c of copies.values()) {
    if (now + prints <= maxPrints) break
    if (Date.now() - c.usedAt < IN_USE_MS) continue
    now -= c.ids.length
    drop(copies, c)
  }
  return now + prints <= maxPrints
}

/** Brings the copy up to date (one refresh at a time); false when it was dropped meanwhile. */
async function refreshed(db: Db, copies: Copies, copy: Copy, maxPrints: number): Promise<boolean> {
  copy.usedAt = Date.now()
  copy.idle.refresh()
  // The most recently used last: makeRoom drops from the front.
  if (copies.get(copy.projectId) === copy) {
    copies.delete(copy.projectId)
    copies.set(copy.projectId, copy)
  }
  while (copy.refreshing) await copy.refreshing
  if (copies.get(copy.projectId) !== copy) return false
  if (Date.now() - copy.loadedAt > RELOAD_MS) {
    // Read again whole: the prints deleted or moved away since leave.
    drop(copies, copy)
    return false
  }
  const refresh = readSince(db, copies, copy, maxPrints)
  copy.refreshing = refresh
  try {
    await refresh
  } finally {
    copy.refreshing = null
  }
  return copies.get(copy.projectId) === copy
}

function drop(copies: Copies, copy: Copy) {
  if (copies.get(copy.projectId) === copy) copies.delete(copy.projectId)
  clearTimeout(copy.idle)
}

/**
 * Reads the prints written since the copy's seq, a page at a time (the event loop serves others
 * between pages); a copy grown past `maxPrints` is dropped.
 */
async function readSince(db: Db, copies: Copies, copy: Copy, maxPrints: number): Promise<void> {
  let seq = copy.seq
  for (;;) {
    const rows = rowsOf<{
      icon_id: string
      drawing_hash: string
      seq: string | number
      planes: Uint8Array
      keys: Uint8Array | null
    }>(
      await db.execute(sql`
        -- Binary: the planes' 256 bytes (bit_send less its length), the keys 8 bytes each (as text,
        -- the keys of 50,000 prints took 2.7 s to parse; so, 0.03 s).
        select icon_id, drawing_hash, seq,
          substring(bit_send(solid) from 5) || substring(bit_send(touched) from 5) as planes,
          (select string_agg(int8send(k), ''::bytea) from unnest(near_keys) k) as keys
        from icon_prints
        where project_id = ${copy.projectId} and seq > ${seq} and solid is not null
        order by seq limit ${PAGE}`),
    )
    for (const row of rows) add(copy, row)
    if (rows.length) seq = Number(rows[rows.length - 1]!.seq)
    if (held(copies) > maxPrints) {
      drop(copies, copy)
      return
    }
    if (rows.length < PAGE) break
    await new Promise((resolve) => setImmediate(resolve))
  }
  copy.seq = seq
}

/** A print into the copy: a new slot, filed under its keys. */
function add(
  copy: Copy,
  row: { icon_id: string; drawing_hash: string; planes: Uint8Array; keys: Uint8Array | null },
) {
  const slot = copy.ids.length
  if (slot === copy.seen.length) {
    copy.words = grown(copy.words)
    copy.inks = grown(copy.inks)
    copy.outlines = grown(copy.outlines)
    copy.seen = grown(copy.seen)
  }
  const planes = new DataView(row.planes.buffer, row.planes.byteOffset, row.planes.byteLength)
  for (let w = 0; w < WORDS; w++) copy.words[slot * WORDS + w] = planes.getUint32(w * 4)
  const print = fingerprintOfWords(copy.words.subarray(slot * WORDS, (slot + 1) * WORDS))
  copy.inks[2 * slot] = print.solidInk
  copy.inks[2 * slot + 1] = print.touchedInk
  copy.outlines.set(outlineOf(print), 4 * slot)
  copy.ids.push(row.icon_id)
  copy.hashes.push(row.drawing_hash)
  copy.slotOf.set(row.icon_id, slot)
  if (!row.keys) return
  const keys = new DataView(row.keys.buffer, row.keys.byteOffset, row.keys.byteLength)
  for (let at = 0; at < keys.byteLength; at += 8)
    copy.keys.add(keys.getUint32(at) * 2 ** 32 + keys.getUint32(at + 4), slot)
}

/** The held prints near one drawing, drawn differently, but its own icon's (nearIcons' rule). */
function lookUp(copy: Copy, a: { id: string; hash: string; print: Fingerprint }): NearIcon[] {
  const out: NearIcon[] = []
  copy.mark = (copy.mark + 1) | 0
  if (copy.mark === 0) {
    copy.seen.fill(0)
    copy.mark = 1
  }
  const mark = copy.mark
  const ink = { solidInk: 0, touchedInk: 0 }
  const { keys, seen, inks, outlines, ids, hashes, words } = copy
  const outline = outlineOf(a.print)
  const { next, slots } = keys.chains()
  for (const key of queryNearKeys(copy.projectId, a.print))
    for (let entry = keys.first(key); entry !== NONE; entry = next[entry]!) {
      const slot = slots[entry]!
      if (seen[slot] === mark) continue
      seen[slot] = mark
      // The rule's bound on ink counts first, no plane read.
      ink.solidInk = inks[2 * slot]!
      ink.touchedInk = inks[2 * slot + 1]!
      if (inkBound(a.print, ink) > NEAR_DUPLICATE_BITS) continue
      // Then the rule's bound on rows and columns: most of the rest end here.
      if (outlineBound(outline, outlines, 4 * slot) > NEAR_DUPLICATE_BITS || hashes[slot] === a.hash) continue
      // The rule's count, the planes read in place (rowsDistance: fingerprintDistance past its bound).
      const distance = rowsDistance(
        a.print,
        words,
        slot * WORDS,
        words,
        slot * WORDS + WORDS / 2,
        NEAR_DUPLICATE_BITS,
      )
      const id = ids[slot]!
      // A print written over since (the icon's later slot holds its print now) is not this icon's.
      if (distance > NEAR_DUPLICATE_BITS || id === a.id || copy.slotOf.get(id) !== slot) continue
      out.push({ id, hash: hashes[slot]!, distance, created_ms: 0 })
    }
  return out
}

const held = (copies: Copies) => [...copies.values()].reduce((n, c) => n + c.ids.length, 0)

/** Prints held by the copies of a database (tests). */
export const printsHeld = (db: object) => held(copiesOf.get(db) ?? new Map())
