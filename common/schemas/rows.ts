// The rows the API answers with and the browser keeps in its local database.
import type { Role } from '../permissions.ts'

/** An icon's review status (docs/product.md §Review: needs-review or approved). */
export const ICON_STATUSES = ['needs-review', 'approved'] as const
export type IconStatus = (typeof ICON_STATUSES)[number]

export type WorkspaceRow = {
  id: string
  name: string
  description: string
  user_id: string
  credits_limit: number
  review_icons: boolean
  created_at: string
  updated_at: string
  /** The caller's role in this workspace. */
  role: Role
}

export type WorkspaceAccessRow = {
  id: string
  workspace_id: string
  user_id: string | null
  role: Role
  email: string
}

export type InvitationRow = {
  id: string
  workspace_id: string
  workspace_name: string
  email: string
  role: Exclude<Role, 'owner'>
  invited_by_email: string | null
  created_at: string
  /** Past this it cannot be accepted (ADR 0012: 7 days after it was last sent). */
  expires_at: string
}

export type ProjectRow = {
  id: string
  name: string
  description: string
  workspace_id: string | null
  /** The creator; null once a workspace project's creator deleted their account (ADR 0012). */
  user_id: string | null
  created_at: string
  updated_at: string
}

export type IconRow = {
  id: string
  name: string
  svg: string
  user_id: string | null
  origin_icon_id: string | null
  project_id: string
  workspace_id: string | null
  icon_status: IconStatus
  created_at: string
  updated_at: string
}
