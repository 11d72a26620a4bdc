// Database rows -> the API's row shapes (common/schemas/rows.ts): dates as ISO strings.
import type { Role } from '../../common/permissions.ts'
import type { IconStatus } from '../../common/schemas/icons.ts'
import type {
  IconRow,
  InvitationRow,
  ProjectRow,
  WorkspaceAccessRow,
  WorkspaceRow,
} from '../../common/schemas/rows.ts'
import type { invitations, projects, workspaceAccess, workspaces } from '../db/schema/index.ts'
import { icons } from '../db/schema/index.ts'

type Select<T extends { $inferSelect: unknown }> = T['$inferSelect']

export const toWorkspaceRow = (w: Select<typeof workspaces>, role: Role): WorkspaceRow => ({
  id: w.id,
  name: w.name,
  description: w.description,
  user_id: w.user_id,
  credits_limit: w.credits_limit,
  review_icons: w.review_icons,
  created_at: w.created_at.toISOString(),
  updated_at: w.updated_at.toISOString(),
  role,
  version: w.version,
})

export const toAccessRow = (a: Select<typeof workspaceAccess>): WorkspaceAccessRow => ({
  id: a.id,
  workspace_id: a.workspace_id,
  user_id: a.user_id,
  role: a.role as Role,
  email: a.email,
  version: a.version,
})

export const toInvitationRow = (
  i: Select<typeof invitations>,
  workspaceName: string,
  invitedByEmail: string | null,
): InvitationRow => ({
  id: i.id,
  workspace_id: i.workspace_id,
  workspace_name: workspaceName,
  email: i.email,
  role: i.role as InvitationRow['role'],
  invited_by_email: invitedByEmail,
  created_at: i.created_at.toISOString(),
  expires_at: i.expires_at.toISOString(),
})

export const toProjectRow = (p: Select<typeof projects>): ProjectRow => ({
  id: p.id,
  name: p.name,
  description: p.description,
  workspace_id: p.workspace_id,
  user_id: p.user_id,
  created_at: p.created_at.toISOString(),
  updated_at: p.updated_at.toISOString(),
  iconify_prefix: p.iconify_prefix,
  version: p.version,
})

/**
 * The columns an IconRow is made of: what a list, a pull or a page of changes reads (the duplicate
 * index's columns, a fingerprint of 512 characters among them, are more bytes than most drawings).
 */
export const iconRowColumns = {
  id: icons.id,
  name: icons.name,
  svg: icons.svg,
  user_id: icons.user_id,
  origin_icon_id: icons.origin_icon_id,
  project_id: icons.project_id,
  workspace_id: icons.workspace_id,
  icon_status: icons.icon_status,
  created_at: icons.created_at,
  updated_at: icons.updated_at,
  revision: icons.revision,
  aliases: icons.aliases,
  label: icons.label,
  description: icons.description,
  decorative: icons.decorative,
  tags: icons.tags,
  approved_revision: icons.approved_revision,
  review_comment: icons.review_comment,
  version: icons.version,
}

export const toIconRow = (i: Pick<Select<typeof icons>, keyof typeof iconRowColumns>): IconRow => ({
  id: i.id,
  name: i.name,
  svg: i.svg,
  user_id: i.user_id,
  origin_icon_id: i.origin_icon_id,
  project_id: i.project_id,
  workspace_id: i.workspace_id,
  icon_status: i.icon_status as IconStatus,
  created_at: i.created_at.toISOString(),
  updated_at: i.updated_at.toISOString(),
  revision: i.revision,
  aliases: i.aliases,
  label: i.label,
  description: i.description,
  decorative: i.decorative,
  tags: i.tags,
  approved_revision: i.approved_revision,
  review_comment: i.review_comment,
  version: i.version,
})
