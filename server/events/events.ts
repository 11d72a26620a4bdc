// Change events. Domain code publishes a small note (domain/sync/change-notes.ts) inside the transaction
// that writes, through its one write path (domain/sync/write-in-scope.ts; Postgres delivers it on commit,
// or not at all: ADR 0303, 0309), carrying the scope's change version; every
// server process LISTENs on one Postgres channel (PGlite in-process, or a Postgres server
// shared by several processes) and pushes ChangeEvents to the open /api/events streams of those
// who may see them. Notes are delivered in batches, in order: whatever arrived while the last batch
// was sent goes out together, with one recipients query, one session check and one row load per
// table for the whole batch (events/note-events.ts), each event serialised once for every stream
// (ADR 0005). A stream whose session has ended (events/stream-sessions.ts) is ended before it could
// receive anything, and a few streams per session at most stay open. When notes may have been
// missed (the listening connection was lost, or a batch failed) every stream is told to pull.
import { sql } from 'drizzle-orm'
import type { ChangeEvent, SessionEndReason } from '../../common/schemas/events.ts'
import type { Store, Tx } from '../db/client.ts'
import type { ChangeNote, Versioned } from '../domain/sync/change-notes.ts'
import { envLogger, type Logger } from '../log/log.ts'
import { audiences, eventsOf, loadRows, type StreamNote } from './note-events.ts'
import { sseFrame } from './stream-outbox.ts'
import { MAX_STREAMS_PER_SESSION, MAX_STREAMS_PER_USER, sessionGate } from './stream-sessions.ts'
import { workspaceMembers } from './workspace-members.ts'

const CHANNEL = 'iconvault_changes'

export type Subscriber = {
  userId: string
  email: string
  sessionId: string
  /** Queues an SSE frame (shared by every stream that receives it: never modify it). */
  send(frame: Uint8Array): void
  /** Notes may have been missed: the client must pull every scope from its cursor. */
  pull(): void
  /**
   * Ends the stream (its session ended, or too many streams are open); called once at most. With a
   * reason, the session ended: the stream's last event says so (`signed-out`).
   */
  end(reason?: SessionEndReason): void
}

export type EventBus = {
  /**
   * Sends the notes, in order; with `tx`, inside that transaction (one statement for them all), so
   * Postgres delivers them when (and only if) the change commits. Without, at once (notes that
   * announce no stored change).
   */
  publish(notes: ChangeNote | readonly ChangeNote[], tx?: Tx): Promise<void>
  subscribe(sub: Subscriber): () => void
  /** Told of sessions that ended and users whose row changed, in every process (cache/session-cache.ts). */
  onIdentityChange(listener: (change: { sessions?: string[]; users?: string[] }) => void): void
  /** Told of every change note any process sends, as it arrives here (answers kept by this process). */
  onNote(listener: (note: ChangeNote) => void): void
  /**
   * Told when change notes may have been missed (the database connection that LISTENs was lost and
   * is back): whatever a listener kept on the word of notes must be forgotten.
   */
  onResync(listener: () => void): void
  /** Ends the subscriber's stream unless its session is still valid; resolves whether it was. */
  confirm(sub: Subscriber): Promise<boolean>
  close(): Promise<void>
}

/** Most notes delivered in one batch (an upsert-many note counts as one). */
const MAX_BATCH_NOTES = 500

/** Events carry their note's scope and version, so a client can tell when it missed one. */
const stamped = (events: ChangeEvent[], { scope, version }: Versioned): ChangeEvent[] =>
  version === undefined ? events : events.map((e) => ({ ...e, scope, version }))

export async function createEventBus(store: Store, logger: Logger = envLogger()): Promise<EventBus> {
  const subscribers = new Set<Subscriber>()
  // Sessions found gone in the background end their streams as if announced.
  const gate = sessionGate(store.deliveryDb, (ids) => endSessions(ids, 'ended'))
  const members = workspaceMembers(store.deliveryDb)
  const waiting: StreamNote[] = []
  let delivering = false
  const identityListeners: ((change: { sessions?: string[]; users?: string[] }) => void)[] = []
  const noteListeners: ((note: ChangeNote) => void)[] = []
  const resyncListeners: (() => void)[] = []
  const unlisten = await store.listen(
    CHANNEL,
    (payload) => {
      const note = JSON.parse(payload) as ChangeNote
      // Before its batch is delivered: a batch never goes out by a membership older than its changes.
      members.hear(note)
      for (const l of noteListeners) l(note)
      if (note.entity === 'sessions') return endSessions(note.ids, note.reason ?? 'ended')
      if (note.entity === 'users') {
        for (const l of identityListeners) l({ users: note.ids })
        return
      }
      // Told to the note listeners only (the Iconify answers kept by this process): no stream event.
      if (note.entity === 'api_tokens' || note.entity === 'iconify_pins') return
      if (subscribers.size === 0) return
      waiting.push(note)
      // Notes that arrive together (one commit, one packet) wait a turn to leave in one batch.
      if (!delivering) {
        delivering = true
        setImmediate(deliverWaiting)
      }
    },
    () => resync(),
  )

  /** Notes may have been missed: everything kept on their word goes, and every stream pulls. */
  function resync() {
    gate.forgetAll()
    members.forgetAll()
    for (const l of resyncListeners) l()
    for (const s of subscribers) s.pull()
  }

  function end(s: Subscriber, reason?: SessionEndReason) {
    if (subscribers.delete(s)) s.end(reason)
  }

  function endSessions(ids: string[], reason: SessionEndReason) {
    for (const l of identityListeners) l({ sessions: ids })
    for (const id of ids) gate.ended(id)
    for (const s of subscribers) if (ids.includes(s.sessionId)) end(s, reason)
  }

  /** Ends the streams of ended or expired sessions among `subs`; returns those still valid. */
  async function stillValid(subs: Iterable<Subscriber>): Promise<Set<Subscriber>> {
    const list = [...subs]
    const valid = list.length ? await gate.valid(list.map((s) => s.sessionId)) : new Set<string>()
    for (const s of list) if (!valid.has(s.sessionId)) end(s, 'ended')
    return new Set(list.filter((s) => subscribers.has(s)))
  }

  /** A new stream beyond the caps ends the oldest of its session (or of its user). */
  function makeRoom(sub: Subscriber) {
    const same = (pick: (s: Subscriber) => boolean, max: number) => {
      const open = [...subscribers].filter(pick)
      for (const s of open.slice(0, Math.max(0, open.length - max + 1))) end(s)
    }
    same((s) => s.sessionId === sub.sessionId, MAX_STREAMS_PER_SESSION)
    same((s) => s.userId === sub.userId, MAX_STREAMS_PER_USER)
  }

  /** Delivers batches until nothing waits; a batch that fails makes every stream pull instead. */
  async function deliverWaiting() {
    try {
      while (waiting.length) {
        const batch = waiting.splice(0, MAX_BATCH_NOTES)
        try {
          await deliver(batch)
        } catch (err) {
          logger.error({ err, notes: batch.length }, 'event delivery failed: every stream pulls')
          for (const s of subscribers) s.pull()
        }
      }
    } finally {
      delivering = false
    }
  }

  async function deliver(batch: StreamNote[]) {
    const subs = [...subscribers]
    if (subs.length === 0) return
    const byUser = new Map<string, Subscriber[]>()
    for (const s of subs) {
      const list = byUser.get(s.userId)
      if (list) list.push(s)
      else byUser.set(s.userId, [s])
    }
    const who = await audiences(store.deliveryDb, members, batch, new Set(byUser.keys()))
    // Per note, the streams that may hear it.
    const to = batch.map((note, i) => {
      const except = 'except_session' in note ? note.except_session : undefined
      const streams = [...who[i]!.keys()].flatMap((id) => byUser.get(id) ?? [])
      if (note.entity === 'invitations')
        for (const s of subs) if (s.email === note.email && !streams.includes(s)) streams.push(s)
      return except ? streams.filter((s) => s.sessionId !== except) : streams
    })
    const valid = await stillValid(new Set(to.flat()))
    if (valid.size === 0) return
    const heard = batch.filter((_, i) => to[i]!.some((s) => valid.has(s)))
    const rows = await loadRows(store.deliveryDb, heard)
    batch.forEach((note, i) => {
      // Frames per role (workspace rows show the reader's role; everything else is the same for all).
      const frames = new Map<string, Uint8Array[]>()
      for (const s of to[i]!) {
        // Rows load after the check: a stream ended meanwhile is skipped.
        if (!valid.has(s) || !subscribers.has(s)) continue
        const role = who[i]!.get(s.userId) ?? null
        const key = note.entity === 'workspaces' ? (role ?? '') : ''
        let list = frames.get(key)
        if (!list) {
          list = stamped(eventsOf(note, role, rows), note).map((e) => sseFrame('change', JSON.stringify(e)))
          frames.set(key, list)
        }
        for (const frame of list) s.send(frame)
      }
    })
  }

  return {
    publish: async (one, tx) => {
      const notes = Array.isArray(one) ? (one as readonly ChangeNote[]) : [one as ChangeNote]
      // This process forgets an ended session at once; the others when the note arrives.
      for (const note of notes) if (note.entity === 'sessions') endSessions(note.ids, note.reason ?? 'ended')
      if (!tx) {
        for (const note of notes) await store.notify(CHANNEL, JSON.stringify(note))
        return
      }
      if (!notes.length) return
      // One round trip for a batch's notes (a create batch holds one per create), sent in order.
      const payloads = JSON.stringify(notes.map((note) => JSON.stringify(note)))
      await tx.execute(
        sql`select pg_notify(${CHANNEL}, n) from json_array_elements_text(${payloads}::json) as n`,
      )
    },
    onIdentityChange: (listener) => void identityListeners.push(listener),
    onNote: (listener) => void noteListeners.push(listener),
    onResync: (listener) => void resyncListeners.push(listener),
    subscribe: (sub) => {
      makeRoom(sub)
      subscribers.add(sub)
      return () => subscribers.delete(sub)
    },
    confirm: async (sub) => subscribers.has(sub) && (await stillValid([sub])).size === 1,
    close: async () => {
      for (const s of [...subscribers]) end(s)
      await unlisten()
    },
  }
}
