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
  /**
   * The version of the row's last change in its scope (ADR 0303; the scope's counter, not a clock):
   * what the browser merges by (client/local/reconcile.ts). Absent on a row made in this browser
   * and not yet confirmed.
   */
  version?: number
}

export type WorkspaceAccessRow = {
  id: string
  workspace_id: string
  user_id: string | null
  role: Role
  email: string
  /**
   * The version of the row's last change in its scope (ADR 0303; the scope's counter, not a clock):
   * what the browser merges by (client/local/reconcile.ts). Absent on a row made in this browser
   * and not yet confirmed.
   */
  version?: number
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
  /** Its Iconify prefix (ADR 0021): unique among the live projects of its workspace or owner. */
  iconify_prefix: string
  /**
   * The version of the row's last change in its scope (ADR 0303; the scope's counter, not a clock):
   * what the browser merges by (client/local/reconcile.ts). Absent on a row made in this browser
   * and not yet confirmed.
   */
  version?: number
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
  /** The icon's own version: 1 when created, one more for every recorded change. */
  revision: number
  /** Former names that still reach this icon (stable names), oldest first. */
  aliases: IconAlias[]
  /** What the icon means, for assistive technology; '' when not given. */
  label: string
  /** A longer description, emitted as the outputs' <desc>; '' when not given. */
  description: string
  /** Hidden from assistive technology in every output (aria-hidden). */
  decorative: boolean
  /** Search words: trimmed, lower case, no two alike (common/icon-meaning.ts). */
  tags: string[]
  /**
   * The last revision at which the icon stood approved (ADR 0112): back in needs-review after a new
   * drawing, the version to compare with; null when it never was.
   */
  approved_revision: number | null
  /** The reviewer's comment of the last rejection; '' when none, or once the drawing changed. */
  review_comment: string
  /**
   * The version of the row's last change in its scope (ADR 0303; the scope's counter, not a clock):
   * what the browser merges by (client/local/reconcile.ts). Absent on a row made in this browser
   * and not yet confirmed.
   */
  version?: number
}

/** Why an alias is deprecated. */
export const ALIAS_REASONS = ['renamed', 'typo', 'duplicate'] as const
export type AliasReason = (typeof ALIAS_REASONS)[number]

/** A former name of an icon: still exported, searchable and reserved in its project. */
export type IconAlias = {
  name: string
  deprecated: boolean
  reason: AliasReason | null
  /** The release in which it will be removed (a semantic version), if announced. */
  remove_in: string | null
  created_at: string
}

/** How a version came to be (GET /api/icons/history: `change`). */
type IconChangeKind = 'created' | 'edited' | 'replaced' | 'restored' | 'undeleted' | 'moved'
export type IconChangedField = 'name' | 'svg' | 'icon_status' | 'project'

export type IconChange = {
  kind: IconChangeKind
  /** What differs from the version before (empty for `created`). */
  fields: IconChangedField[]
  /** `restored`: the version brought back. */
  from_revision?: number
  /**
   * The write was based on an older version than the one it replaced (an offline change, two
   * people at once): the version it replaced without having seen it, and its author.
   */
  replaced?: { revision: number; user_id: string | null }
}

/** One icon of a release: exactly what it shipped. */
export type ReleasedIcon = {
  id: string
  name: string
  svg: string
  /** sha256 of the markup, hex. */
  hash: string
  icon_status: IconStatus
  aliases: IconAlias[]
  /** What it meant (ADR 0106); absent in releases made before, whose exports label by name. */
  label?: string
  description?: string
  decorative?: boolean
}

/** A release's changelog against the release before it (all icons added for the first). */
export type ReleaseChanges = {
  added: { id: string; name: string }[]
  changed: { id: string; name: string; before: string; after: string }[]
  renamed: { id: string; from: string; to: string }[]
  deprecated: { icon_id: string; name: string; reason: AliasReason | null; remove_in: string | null }[]
  removed: { id: string; name: string }[]
  /** Aliases gone since the release before (a breaking change, like a removal). */
  aliases_removed: { icon_id: string; name: string }[]
  /** Aliases new since the release before that are not deprecated (a new name to import: minor). */
  aliases_added?: { icon_id: string; name: string }[]
}
