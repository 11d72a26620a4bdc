// The browser's local copy of the user's data (Dexie over IndexedDB), named after the product.
// Later issues fill it and sync it through the outbox; sign-out deletes the whole database.
import { PRODUCT_NAME } from '@common/messages.ts'
import Dexie, { type EntityTable } from 'dexie'

export interface LocalIcon {
  id: string
  name: string
  svg: string
  user_id: string
  origin_icon_id: string | null
  project_id: string
  workspace_id: string | null
  icon_status: 'needs-review' | 'approved'
  created_at: string
}

export interface LocalProject {
  id: string
  name: string
  description: string | null
  workspace_id: string | null
}

export interface LocalWorkspace {
  id: string
  name: string
  description: string | null
  user_id: string
}

export interface LocalWorkspaceAccess {
  id: string
  workspace_id: string
  user_id: string | null
  role: 'owner' | 'admin' | 'member' | 'viewer'
  email: string
}

/** A change made locally and not yet confirmed by the server. */
export interface OutboxEntry {
  seq?: number
  createdAt: number
  path: string
  body: unknown
  tries: number
}

export const DB_NAME = PRODUCT_NAME

export type LocalDb = Dexie & {
  icons: EntityTable<LocalIcon, 'id'>
  projects: EntityTable<LocalProject, 'id'>
  workspaces: EntityTable<LocalWorkspace, 'id'>
  workspaces_access: EntityTable<LocalWorkspaceAccess, 'id'>
  outbox: EntityTable<OutboxEntry, 'seq'>
}

export const db = new Dexie(DB_NAME) as LocalDb

db.version(1).stores({
  icons: 'id, project_id, workspace_id, name, icon_status, created_at',
  projects: 'id, workspace_id',
  workspaces: 'id',
  workspaces_access: 'id, workspace_id, user_id',
  outbox: '++seq, createdAt',
})

/** Opens (and so creates) the database; safe to call more than once. */
export async function openLocalDb() {
  if (!db.isOpen()) await db.open()
}

/** Closes and deletes the database (sign-out). */
export async function deleteLocalDb() {
  db.close()
  await Dexie.delete(DB_NAME)
}
