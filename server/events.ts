// Change events. Domain code publishes a small note after each committed change; every
// server process LISTENs on one Postgres channel (PGlite in-process, or a Postgres server
// shared by several processes), resolves who may see the change, loads the row once and
// pushes a ChangeEvent to those users' open /api/events streams.
import { and, eq, inArray } from 'drizzle-orm'
import type { Role } from '../common/permissions.ts'
import type { ChangeEvent } from '../common/schemas/events.ts'
import type { Store } from './db/client.ts'
import { icons, projects, user, workspaceAccess, workspaces } from './db/schema/index.ts'
import { toAccessRow, toIconRow, toProjectRow, toWorkspaceRow } from './domain/rows.ts'

const CHANNEL = 'iconvault_changes'

/** What travels through NOTIFY (kept far below its 8000-byte limit: ids only). */
export type ChangeNote =
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
  | { entity: 'membership'; op: 'revoked'; workspace_id: string; audience: string[] }
  | { entity: 'invitations'; op: 'changed'; email: string }

export type Subscriber = { userId: string; email: string; send(event: ChangeEvent): void }

export type EventBus = {
  publish(note: ChangeNote): Promise<void>
  subscribe(sub: Subscriber): () => void
  close(): Promise<void>
}

export async function createEventBus(store: Store): Promise<EventBus> {
  const subscribers = new Set<Subscriber>()
  const unlisten = await store.listen(CHANNEL, (payload) => {
    if (subscribers.size === 0) return
    deliver(JSON.parse(payload) as ChangeNote).catch((err) => console.error('event delivery failed:', err))
  })

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

  async function toEvent(note: ChangeNote, role: Role | null): Promise<ChangeEvent | null> {
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
        return i ? { entity: 'icons', op: 'upsert', row: toIconRow(i) } : null
      }
    }
  }

  async function deliver(note: ChangeNote) {
    if (note.entity === 'invitations') {
      const [u] = await store.db.select({ id: user.id }).from(user).where(eq(user.email, note.email))
      const event = await toEvent(note, null)
      for (const s of subscribers) if (event && (s.userId === u?.id || s.email === note.email)) s.send(event)
      return
    }
    const who = await recipients(note)
    const cache = new Map<string, ChangeEvent | null>()
    for (const s of subscribers) {
      if (!who.has(s.userId)) continue
      const role = who.get(s.userId) ?? null
      const key = role ?? ''
      if (!cache.has(key)) cache.set(key, await toEvent(note, role))
      const event = cache.get(key)
      if (event) s.send(event)
    }
  }

  return {
    publish: (note) => store.notify(CHANNEL, JSON.stringify(note)),
    subscribe: (sub) => {
      subscribers.add(sub)
      return () => subscribers.delete(sub)
    },
    close: async () => {
      subscribers.clear()
      await unlisten()
    },
  }
}
