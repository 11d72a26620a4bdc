// How long what was deleted is kept for a restore: icons in a project's "Recently
// deleted", deleted projects and workspaces. After this they are purged for good, with the
// history of the icons that went with them (server/domain/icons/icon-trash.ts, project/workspace trash).
export const TRASH_DAYS = 30

/** TRASH_DAYS in milliseconds. */
export const TRASH_MS = TRASH_DAYS * 24 * 3600 * 1000
