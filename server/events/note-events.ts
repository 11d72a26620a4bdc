// What a batch of change notes says to the people connected here (events/events.ts delivers it): who may
// hear each note (workspaces' members as kept, one query for invitees' e-mails), and the
// rows the notes name (one query per table for the whole batch). Rows are read once, after the
// changes committed, so a row named twice in a batch is sent as it is now, with each note's version.
import { inArray } from 'drizzle-orm'
import type { Role } from '../../common/permissions.ts'
import type { ChangeEvent } from '../../common/schemas/events.ts'
import type { Db } from '../db/client.ts'
import { icons, projects, user, workspaceAccess, workspaces } from '../db/schema/index.ts'
import { servedIconRow } from '../domain/icons/served-svg.ts'
import { toAccessRow, toProjectRow, toWorkspaceRow } from '../domain/rows.ts'
import type { ChangeNote } from '../domain/sync/change-notes.ts'
import type { WorkspaceMembers } from './workspace-members.ts'

/** The notes a stream can hear (identity notes act on sessions, not streams). */
export type StreamNote = Exclude<ChangeNote, { entity: 'sessions' | 'users' | 'api_tokens' | 'iconify_pins' }>

/**
 * Per note, in order: the connected users who may hear it, with their role in its workspace. The
 * members come from `members` (kept, workspace-members.ts); invitees' e-mails take one query.
 */
export async function audiences(
  db: Db,
  members: WorkspaceMembers,
  notes: readonly StreamNote[],
  connected: ReadonlySet<string>,
): Promise<Map<string, Role | null>[]> {
  const workspaceIds = new Set<string>()
  const emails = new Set<string>()
  for (const note of notes) {
    if (note.entity === 'invitations') emails.add(note.email)
    else if (note.entity !== 'membership' && note.workspace_id) workspaceIds.add(note.workspace_id)
  }
  const [byWorkspace, invitees] = await Promise.all([
    members.of(workspaceIds),
    emails.size
      ? db
          .select({ id: user.id, email: user.email })
          .from(user)
          .where(inArray(user.email, [...emails]))
      : [],
  ])
  const userByEmail = new Map(invitees.map((u) => [u.email, u.id]))
  return notes.map((note) => {
    const out = new Map<string, Role | null>()
    if (note.entity === 'invitations') {
      const id = userByEmail.get(note.email)
      if (id) out.set(id, null)
      return out
    }
    if ('audience' in note && note.audience) for (const id of note.audience) out.set(id, null)
    if ('owner_id' in note && note.owner_id && !note.workspace_id) out.set(note.owner_id, null)
    if (note.entity !== 'membership' && note.workspace_id)
      for (const [id, role] of byWorkspace.get(note.workspace_id) ?? [])
        if (connected.has(id)) out.set(id, role)
    return out
  })
}

type Rows = {
  icons: Map<string, typeof icons.$inferSelect>
  projects: Map<string, typeof projects.$inferSelect>
  workspaces: Map<string, typeof workspaces.$inferSelect>
  workspaces_access: Map<string, typeof workspaceAccess.$inferSelect>
}

/** The rows the upserts of `notes` name, one query per table. */
export async function loadRows(db: Db, notes: readonly StreamNote[]): Promise<Rows> {
  const ids = {
    icons: new Set<string>(),
    projects: new Set<string>(),
    workspaces: new Set<string>(),
    access: new Set<string>(),
  }
  for (const note of notes) {
    if (note.entity === 'icons' && note.op === 'upsert-many') for (const id of note.ids) ids.icons.add(id)
    else if (note.op !== 'upsert') continue
    else if (note.entity === 'icons') ids.icons.add(note.id)
    else if (note.entity === 'projects') ids.projects.add(note.id)
    else if (note.entity === 'workspaces') ids.workspaces.add(note.id)
    else if (note.entity === 'workspaces_access') ids.access.add(note.id)
  }
  const load = <T extends { id: string }>(set: Set<string>, read: (list: string[]) => Promise<T[]>) =>
    set.size ? read([...set]).then((rows) => new Map(rows.map((r) => [r.id, r]))) : new Map<string, T>()
  const [i, p, w, a] = await Promise.all([
    load(ids.icons, (list) => db.select().from(icons).where(inArray(icons.id, list))),
    load(ids.projects, (list) => db.select().from(projects).where(inArray(projects.id, list))),
    load(ids.workspaces, (list) => db.select().from(workspaces).where(inArray(workspaces.id, list))),
    load(ids.access, (list) => db.select().from(workspaceAccess).where(inArray(workspaceAccess.id, list))),
  ])
  return { icons: i, projects: p, workspaces: w, workspaces_access: a }
}

/** Who deleted or removed, when the note says (ADR 0018). */
const by = (who: string | undefined) => (who ? { by: who } : {})

/** The events a note makes for a user of `role` (null: no workspace role), from the loaded rows. */
export function eventsOf(note: StreamNote, role: Role | null, rows: Rows): ChangeEvent[] {
  if (note.entity === 'membership')
    return [{ entity: 'membership', op: 'revoked', workspace_id: note.workspace_id, ...by(note.by) }]
  if (note.entity === 'invitations') return [{ entity: 'invitations', op: 'changed' }]
  if (note.op === 'upsert-many')
    return note.ids.flatMap((id) => {
      const row = rows.icons.get(id)
      return row ? [{ entity: 'icons', op: 'upsert', row: servedIconRow(row) } as const] : []
    })
  if (note.op === 'delete') {
    if (note.entity === 'workspaces_access')
      return [
        { entity: 'workspaces_access', op: 'delete', id: note.id, workspace_id: note.workspace_id ?? '' },
      ]
    if (note.entity === 'workspaces')
      return [
        {
          entity: note.entity,
          op: 'delete',
          id: note.id,
          ...by(note.by),
          ...(note.for_good ? { for_good: true } : {}),
        },
      ]
    if (note.entity === 'projects')
      return [{ entity: note.entity, op: 'delete', id: note.id, ...by(note.by) }]
    return [{ entity: note.entity, op: 'delete', id: note.id }]
  }
  switch (note.entity) {
    case 'workspaces': {
      const w = rows.workspaces.get(note.id)
      return w && role ? [{ entity: 'workspaces', op: 'upsert', row: toWorkspaceRow(w, role) }] : []
    }
    case 'workspaces_access': {
      const a = rows.workspaces_access.get(note.id)
      return a ? [{ entity: 'workspaces_access', op: 'upsert', row: toAccessRow(a) }] : []
    }
    case 'projects': {
      const p = rows.projects.get(note.id)
      return p ? [{ entity: 'projects', op: 'upsert', row: toProjectRow(p) }] : []
    }
    case 'icons': {
      const i = rows.icons.get(note.id)
      const told = note.replaced ? { replaced: note.replaced } : {}
      return i ? [{ entity: 'icons', op: 'upsert', row: servedIconRow(i), ...told }] : []
    }
  }
}
