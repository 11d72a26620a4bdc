// Change events. Domain code publishes a small note inside the transaction that writes (Postgres
// delivers it on commit, or not at all: ADR 0303), carrying the scope's change version; every
// server process LISTENs on one Postgres channel (PGlite in-process, or a Postgres server
// shared by several processes), resolves who may see the change, loads the row once and
// pushes a ChangeEvent to those users' open /api/events streams. Notes are delivered one after
// another, in order; a stream whose session has ended (stream-sessions.ts) is ended before it
// could receive anything, and a few streams per session at most stay open (ADR 0005).
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Role } from '../common/permissions.ts'
import type { ChangeEvent } from '../common/schemas/events.ts'
import type { Store } from './db/client.ts'
import { icons, projects, user, workspaceAccess, workspaces } from './db/schema/index.ts'
import { toAccessRow, toProjectRow, toWorkspaceRow } from './domain/rows.ts'
import { servedIconRow } from './domain/served-svg.ts'
import type { Tx } from './domain/sync-versions.ts'
import { MAX_STREAMS_PER_SESSION, MAX_STREAMS_PER_USER, sessionGate } from './stream-sessions.ts'

const CHANNEL = 'iconvault_changes'

/** The scope (a workspace id or `user:<id>`) and its version after the change (ADR 0303). */
export type Versioned = { scope?: string; version?: number }

/** What travels through NOTIFY (kept far below its 8000-byte limit: ids only). */
export type ChangeNote = Versioned &
  (
    | {
        entity: 'workspaces' | 'projects' | 'icons' | 'workspaces_access'
        op: 'upsert'
        id: string
        workspace_id: string | null
        owner_id?: string
      }
    | {
        entity: 'workspaces' | 'projects' | 'icons' | 'workspaces_access'
        op: 'delete'
        id: string
        workspace_id: string | null
        owner_id?: string
        /** Who must hear of it when the workspace's access rows are gone too. */
        audience?: string[]
      }
    /** Many icons created at once (POST /api/icons/create-many); see iconNotes for the size. */
    | {
        entity: 'icons'
        op: 'upsert-many'
        ids: string[]
        workspace_id: string | null
        owner_id?: string
        /** The session that made the change holds the answer already: its streams are skipped. */
        except_session?: string
      }
    | { entity: 'membership'; op: 'revoked'; workspace_id: string; audience: string[] }
    | { entity: 'invitations'; op: 'changed'; email: string }
    /** Sessions ended through better-auth (sign-out, revoke, delete-user): their streams end. */
    | { entity: 'sessions'; op: 'ended'; ids: string[] }
    /** A user's row changed or went (a database trigger, migration 0004): cached sessions of theirs go. */
    | { entity: 'users'; op: 'changed'; ids: string[] }
  )

/** Ids per upsert-many note: 150 uuids are about 6 kB of JSON, under NOTIFY's 8000 bytes. */
const IDS_PER_NOTE = 150

/** The notes announcing icons created together in one workspace (or one owner's personal project). */
export function iconNotes(
  ids: readonly string[],
  workspaceId: string | null,
  ownerId?: string,
  exceptSession?: string,
  versioned: Versioned = {},
): ChangeNote[] {
  const notes: ChangeNote[] = []
  for (let i = 0; i < ids.length; i += IDS_PER_NOTE) {
    const chunk = ids.slice(i, i + IDS_PER_NOTE)
    notes.push({
      entity: 'icons',
      op: 'upsert-many',
      ids: chunk,
      workspace_id: workspaceId,
      owner_id: ownerId,
      except_session: exceptSession,
      ...versioned,
    })
  }
  return notes
}

export type Subscriber = {
  userId: string
  email: string
  sessionId: string
  send(event: ChangeEvent): void
  /** Ends the stream (its session ended, or too many streams are open); called once at most. */
  end(): void
}

export type EventBus = {
  /**
   * Sends the note; with `tx`, inside that transaction, so Postgres delivers it when (and only if)
   * the change commits. Without, at once (notes that announce no stored change).
   */
  publish(note: ChangeNote, tx?: Tx): Promise<void>
  subscribe(sub: Subscriber): () => void
  /** Told of sessions that ended and users whose row changed, in every process (session-cache.ts). */
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

/** Events carry their note's scope and version, so a client can tell when it missed one. */
const stamped = (events: ChangeEvent[], { scope, version }: Versioned): ChangeEvent[] =>
  version === undefined ? events : events.map((e) => ({ ...e, scope, version }))

export async function createEventBus(store: Store): Promise<EventBus> {
  const subscribers = new Set<Subscriber>()
  const gate = sessionGate(store.db)
  let queue: Promise<void> = Promise.resolve()
  const identityListeners: ((change: { sessions?: string[]; users?: string[] }) => void)[] = []
  const noteListeners: ((note: ChangeNote) => void)[] = []
  const resyncListeners: (() => void)[] = []
  const unlisten = await store.listen(CHANNEL, (payload) => {
    const note = JSON.parse(payload) as ChangeNote
    for (const l of noteListeners) l(note)
    if (note.entity === 'sessions') return endSessions(note.ids)
    if (note.entity === 'users') {
      for (const l of identityListeners) l({ users: note.ids })
      return
    }
    if (subscribers.size === 0) return
    queue = queue.then(() => deliver(note)).catch((err) => console.error('event delivery failed:', err))
  })

  function end(s: Subscriber) {
    if (subscribers.delete(s)) s.end()
  }

  function endSessions(ids: string[]) {
    for (const l of identityListeners) l({ sessions: ids })
    for (const id of ids) gate.ended(id)
    for (const s of subscribers) if (ids.includes(s.sessionId)) end(s)
  }

  /** Ends the streams of ended or expired sessions among `subs`; returns those still valid. */
  async function stillValid(subs: Subscriber[]): Promise<Subscriber[]> {
    const valid = await gate.valid(subs.map((s) => s.sessionId))
    for (const s of subs) if (!valid.has(s.sessionId)) end(s)
    return subs.filter((s) => subscribers.has(s))
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

  async function recipients(note: ChangeNote): Promise<Map<string, Role | null>> {
    const out = new Map<string, Role | null>()
    const connected = [...new Set([...subscribers].map((s) => s.userId))]
    if ('audience' in note && note.audience) for (const id of note.audience) out.set(id, null)
    if ('owner_id' in note && note.owner_id && !note.workspace_id) out.set(note.owner_id, null)
    if ('workspace_id' in note && note.workspace_id && note.entity !== 'membership') {
      const rows = await store.db
        .select({ user_id: workspaceAccess.user_id, role: workspaceAccess.role })
        .from(workspaceAccess)
        .where(
          and(
            eq(workspaceAccess.workspace_id, note.workspace_id),
            inArray(workspaceAccess.user_id, connected),
          ),
        )
      for (const r of rows) if (r.user_id) out.set(r.user_id, r.role as Role)
    }
    return out
  }

  /** The events of a note: one per row (an upsert-many note loads its rows in one query). */
  async function toEvents(
    note: Exclude<ChangeNote, { entity: 'sessions' | 'users' }>,
    role: Role | null,
  ): Promise<ChangeEvent[]> {
    if (note.entity === 'icons' && note.op === 'upsert-many') {
      const rows = await store.db.select().from(icons).where(inArray(icons.id, note.ids))
      const byId = new Map(rows.map((r) => [r.id, r]))
      return note.ids.flatMap((id) => {
        const row = byId.get(id)
        return row ? [{ entity: 'icons', op: 'upsert', row: servedIconRow(row) } as const] : []
      })
    }
    const event = await toEvent(note, role)
    return event ? [event] : []
  }

  async function toEvent(
    note: Exclude<ChangeNote, { op: 'upsert-many' } | { entity: 'sessions' | 'users' }>,
    role: Role | null,
  ): Promise<ChangeEvent | null> {
    if (note.entity === 'membership')
      return { entity: 'membership', op: 'revoked', workspace_id: note.workspace_id }
    if (note.entity === 'invitations') return { entity: 'invitations', op: 'changed' }
    if (note.op === 'delete') {
      if (note.entity === 'workspaces_access')
        return {
          entity: 'workspaces_access',
          op: 'delete',
          id: note.id,
          workspace_id: note.workspace_id ?? '',
        }
      return { entity: note.entity, op: 'delete', id: note.id }
    }
    const db = store.db
    switch (note.entity) {
      case 'workspaces': {
        const [w] = await db.select().from(workspaces).where(eq(workspaces.id, note.id))
        return w && role ? { entity: 'workspaces', op: 'upsert', row: toWorkspaceRow(w, role) } : null
      }
      case 'workspaces_access': {
        const [a] = await db.select().from(workspaceAccess).where(eq(workspaceAccess.id, note.id))
        return a ? { entity: 'workspaces_access', op: 'upsert', row: toAccessRow(a) } : null
      }
      case 'projects': {
        const [p] = await db.select().from(projects).where(eq(projects.id, note.id))
        return p ? { entity: 'projects', op: 'upsert', row: toProjectRow(p) } : null
      }
      case 'icons': {
        const [i] = await db.select().from(icons).where(eq(icons.id, note.id))
        return i ? { entity: 'icons', op: 'upsert', row: servedIconRow(i) } : null
      }
    }
  }

  async function deliver(note: Exclude<ChangeNote, { entity: 'sessions' | 'users' }>) {
    if (note.entity === 'invitations') {
      const [u] = await store.db.select({ id: user.id }).from(user).where(eq(user.email, note.email))
      const event = await toEvent(note, null)
      const to = [...subscribers].filter((s) => event && (s.userId === u?.id || s.email === note.email))
      for (const s of await stillValid(to)) if (event) s.send(event)
      return
    }
    const who = await recipients(note)
    const cache = new Map<string, ChangeEvent[]>()
    const except = 'except_session' in note ? note.except_session : undefined
    const to = [...subscribers].filter((s) => who.has(s.userId) && !(except && s.sessionId === except))
    if (to.length === 0) return
    for (const s of await stillValid(to)) {
      const role = who.get(s.userId) ?? null
      const key = note.op === 'upsert-many' ? 'rows' : (role ?? '') // icon rows do not depend on the role
      if (!cache.has(key)) cache.set(key, stamped(await toEvents(note, role), note))
      // Rows load after the check: a stream ended meanwhile is skipped.
      if (subscribers.has(s)) for (const event of cache.get(key) ?? []) s.send(event)
    }
  }

  return {
    publish: async (note, tx) => {
      // This process forgets an ended session at once; the others when the note arrives.
      if (note.entity === 'sessions') endSessions(note.ids)
      if (!tx) return store.notify(CHANNEL, JSON.stringify(note))
      await tx.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify(note)})`)
    },
    onIdentityChange: (listener) => void identityListeners.push(listener),
    onNote: (listener) => void noteListeners.push(listener),
    onResync: (listener) => void resyncListeners.push(listener),
    subscribe: (sub) => {
      makeRoom(sub)
      subscribers.add(sub)
      return () => subscribers.delete(sub)
    },
    confirm: async (sub) => subscribers.has(sub) && (await stillValid([sub])).length === 1,
    close: async () => {
      for (const s of [...subscribers]) end(s)
      await unlisten()
    },
  }
}
