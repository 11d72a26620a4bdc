// Saving to the vault: refused up front where the plan does not allow it (the server's answer when
// it can be asked, the plan table otherwise), then written locally and queued (client/data/icons.ts)
// with the pipeline's output; the server decides the review status and may still refuse. An icon
// opened from the vault is saved back as a new version of itself (saveVersion: its new name through
// icons/update, its new drawing through icons/replace, same id, aliases and history, ADR 0408);
// "Save as new icon" creates one (saveIcon) that keeps the opened icon as its origin, with suggested tags
//: its source's (a library icon's set's own words) and its name's words.
import { MAX_TAGS, noMeaning, normalTags } from '@common/icon-meaning.ts'
import { iconIdPrefix, newIconReview, newIconStatus } from '@common/icon-rules.ts'
import { tagsFromName } from '@common/search/suggest-tags.ts'
import { processSvg } from '@common/svg/index.ts'
import { createIcon, replaceIconSvg, updateIcon } from '../../../data/icons.ts'
import { ApiError } from '../../../lib/api.ts'
import type { Me } from '../../../lib/me.ts'
import { db, type LocalIcon } from '../../../local/db.ts'
import { fetchCapabilities } from '../api/maker-api.ts'
import { saveBlockedReason } from './save-rules.ts'
import type { SaveTarget } from './use-save-targets.ts'

/** Why saving into this target is refused, or null. */
export async function saveRefusal(target: SaveTarget, me: Pick<Me, 'id' | 'plan'>): Promise<string | null> {
  const workspaceId = target.workspace?.id ?? null
  try {
    return (await fetchCapabilities(workspaceId)).saveRefusal
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) throw error
    // Unreachable: the one rule with what the browser knows (save-rules.ts); the server decides the rest.
    return saveBlockedReason(me, target)?.message ?? null
  }
}

export async function saveIcon(input: {
  svg: string
  name: string
  originIconId: string | null
  /** Tags the source suggested (MakerDoc.tags). */
  tags?: readonly string[]
  target: SaveTarget
  userId: string
}) {
  const id = crypto.randomUUID()
  const { project, workspace } = input.target
  // The server's id prefix and review rule (common/icon-rules.ts): the local copy matches what it stores.
  const svg = await processSvg(input.svg, { idPrefix: iconIdPrefix(id) })
  const status = newIconStatus(workspace?.review_icons === true, workspace ? workspace.role : 'personal')
  return createIcon({
    id,
    name: input.name.trim(),
    svg,
    user_id: input.userId,
    origin_icon_id: input.originIconId,
    project_id: project.id,
    workspace_id: project.workspace_id,
    icon_status: status,
    ...newIconReview(status),
    revision: 1,
    aliases: [],
    ...noMeaning(),
    tags: normalTags([...(input.tags ?? []), ...tagsFromName(input.name)]).slice(0, MAX_TAGS),
  })
}

/** What saving a version changes: the name, the drawing, or nothing (already as saved). */
export interface SavedVersion {
  renamed: boolean
  redrawn: boolean
}

/**
 * Saves the maker's drawing and name as a new version of the vault icon it came from: a rename
 * first (icons/update, based on the icon's revision), then the drawing (icons/replace, processed
 * for this icon's id prefix as the server stores it). Nothing is queued for what did not change.
 */
export async function saveVersion(input: {
  icon: LocalIcon
  svg: string
  name: string
}): Promise<SavedVersion> {
  const name = input.name.trim()
  const svg = await processSvg(input.svg, { idPrefix: iconIdPrefix(input.icon.id) })
  const renamed = name !== input.icon.name
  if (renamed) await updateIcon(input.icon, { name })
  const current = (await db.icons.get(input.icon.id)) ?? input.icon
  const redrawn = svg !== current.svg
  if (redrawn) await replaceIconSvg(current, svg)
  return { renamed, redrawn }
}
