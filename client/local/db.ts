// The browser's local copy of the user's data (Dexie over IndexedDB), named after the product.
// Rows have the shapes the API answers with (common/schemas/rows.ts). Every change the user makes is
// written here first and queued in `outbox` in the same transaction (outbox.ts); sync.ts and live.ts
// bring the server's rows in. Sign-out deletes the whole database.
import { PRODUCT_NAME } from '@common/messages.ts'
import type { IconRow, ProjectRow, WorkspaceAccessRow, WorkspaceRow } from '@common/schemas/rows.ts'
import Dexie, { type EntityTable } from 'dexie'

export type LocalIcon = IconRow
export type LocalProject = ProjectRow
export type LocalWorkspace = WorkspaceRow
export type LocalWorkspaceAccess = WorkspaceAccessRow

/** The tables that hold rows of the server (the outbox is ours alone). */
export const ROW_TABLES = ['workspaces', 'workspaces_access', 'projects', 'icons'] as const
export type RowTable = (typeof ROW_TABLES)[number]

interface RowsByTable {
  workspaces: LocalWorkspace
  workspaces_access: LocalWorkspaceAccess
  projects: LocalProject
  icons: LocalIcon
}
export type AnyRow = RowsByTable[RowTable]

/** What a row was before a queued change touched it (null: it did not exist). */
export interface RowSnapshot {
  table: RowTable
  id: string
  row: AnyRow | null
}

/** The API calls whose changes go through the outbox; the path is `/api/${kind}`. */
export type ChangeKind =
  | 'workspaces/create'
  | 'workspaces/update'
  | 'workspaces/delete'
  | 'workspaces/update-credits-limit'
  | 'workspaces/update-access-user'
  | 'workspaces/delete-access'
  | 'projects/create'
  | 'projects/update'
  | 'projects/delete'
  | 'icons/create'
  | 'icons/update'
  | 'icons/delete'
  /** A deleted icon back from the trash (body.id): same id, name, aliases and history (ADR 0408). */
  | 'icons/undelete'
  /** Icons (body.ids) into another project (body.project_id): one entry, the server answers the rows. */
  | 'icons/move'
  /** A former version made current again as a new version (body: id, version); answers the icon. */
  | 'icons/restore'
  /** A new drawing for an icon, keeping its id, name, aliases and history (body: id, svg). */
  | 'icons/replace'

/** A change made locally and not yet confirmed by the server. */
export interface OutboxEntry {
  seq?: number
  createdAt: number
  kind: ChangeKind
  body: Record<string, unknown>
  /** The workspace the change belongs to (null: personal); losing access drops its entries. */
  workspace_id: string | null
  /** Every row the local change touched, as it was before: what a rollback restores. */
  before: RowSnapshot[]
  /** Attempts that reached the server and failed (network errors do not count). */
  tries: number
  /** The tab that made the change, so that its outcome is toasted there. */
  tab: string
  /** `table:id` of every row in `before`; set by the database on insert (indexed). */
  keys?: string[]
}

/**
 * How far the local copy of a scope (`personal` or a workspace id) is synced: every change up to
 * `version` is applied (ADR 0303), icons only for the projects in `held`.
 */
interface SyncCursor {
  scope: string
  version: number
  /** A page cut inside a version: where it ended (`<version>.<icon id>`), the next `since` (ADR 0308). */
  at?: string
}

/** The sync scope of a row: its workspace, or `personal`. */
export const scopeOf = (row: { workspace_id: string | null }) => row.workspace_id ?? 'personal'

/** A project whose icons are all here (listed once, then kept by pulls and events). */
interface HeldProject {
  id: string
  scope: string
}

const DB_NAME = PRODUCT_NAME

export type LocalDb = Dexie & {
  icons: EntityTable<LocalIcon, 'id'>
  projects: EntityTable<LocalProject, 'id'>
  workspaces: EntityTable<LocalWorkspace, 'id'>
  workspaces_access: EntityTable<LocalWorkspaceAccess, 'id'>
  outbox: EntityTable<OutboxEntry, 'seq'>
  cursors: EntityTable<SyncCursor, 'scope'>
  held: EntityTable<HeldProject, 'id'>
}

export const db = new Dexie(DB_NAME) as LocalDb

db.version(1).stores({
  icons: 'id, project_id, workspace_id, name, icon_status, created_at',
  projects: 'id, workspace_id',
  workspaces: 'id',
  workspaces_access: 'id, workspace_id, user_id',
  outbox: '++seq, createdAt, workspace_id, *keys',
})
// Incremental sync (ADR 0303): a cursor per scope and the projects whose icons are kept.
db.version(2).stores({ cursors: 'scope', held: 'id, scope' })
// What icons mean: icons kept from before get the server's defaults until a pull brings them.
db.version(3)
  .stores({})
  .upgrade((tx) =>
    tx
      .table<LocalIcon>('icons')
      .toCollection()
      .modify((icon) => {
        icon.label ??= ''
        icon.description ??= ''
        icon.decorative ??= false
        icon.tags ??= []
      }),
  )
// The review gate (ADR 0112): icons kept from before get the fields as "never approved, no comment"
// until a pull or an event brings the server's row.
db.version(4)
  .stores({})
  .upgrade((tx) =>
    tx
      .table<LocalIcon>('icons')
      .toCollection()
      .modify((icon) => {
        icon.approved_revision ??= null
        icon.review_comment ??= ''
      }),
  )

/** The key under which the outbox indexes the rows an entry touches. */
export const rowKey = (table: RowTable, id: string) => `${table}:${id}`

// However an entry is added (queueChange or a bulk writer), it is indexed by the rows it touches,
// so "does this row have a pending change?" is one index lookup.
db.outbox.hook('creating', (_key, entry) => {
  entry.keys = entry.before.map((s) => rowKey(s.table, s.id))
})

/**
 * The one read-write transaction of the local data: the outbox, every row table and the sync
 * cursors, so that a local change and its queued entry, or a server row, the pending changes it
 * must respect and the cursor it advances, are read and written together.
 */
export const rwTransaction = <T>(fn: () => Promise<T>): Promise<T> =>
  db.transaction('rw', [db.outbox, db.cursors, db.held, ...ROW_TABLES.map((t) => db.table(t))], fn)

/** The Dexie table of a row table (typed loosely: callers pass rows of that table). */
export const rowTable = (table: RowTable) => db.table<AnyRow, string>(table)

function deferred() {
  let resolve = () => {}
  const promise = new Promise<void>((r) => {
    resolve = r
  })
  return { promise, resolve }
}
let opened = deferred()

/** Opens (and so creates) the database; safe to call more than once. */
export async function openLocalDb() {
  if (!db.isOpen()) await db.open()
  opened.resolve()
}

/** Resolves once the database is open (again, after a deletion). */
export function whenLocalDbOpen(): Promise<void> {
  return db.isOpen() ? Promise.resolve() : opened.promise
}

/** Whether this browser holds the project whole (its list stored); a database not made yet is not made here. */
export async function holdsProject(projectId: string): Promise<boolean> {
  return (await Dexie.exists(db.name)) && (await db.held.get(projectId)) !== undefined
}

const beforeDelete = new Set<() => Promise<void> | void>()

/** Runs before the database is deleted (the sync engine stops there). */
export function onBeforeDeleteLocalDb(fn: () => Promise<void> | void) {
  beforeDelete.add(fn)
  return () => beforeDelete.delete(fn)
}

/** Stops syncing, closes and deletes the database (sign-out, or another user signing in). */
export async function deleteLocalDb() {
  for (const fn of beforeDelete) await fn()
  // No automatic re-open: a late read of a component being unmounted must not recreate it.
  db.close({ disableAutoOpen: true })
  opened = deferred()
  await Dexie.delete(DB_NAME)
}
