// Saving to the vault: refused up front where the plan does not allow it (the server's answer when
// it can be asked, the plan table otherwise), then written locally and queued (client/local/icons.ts)
// with the pipeline's output; the server decides the review status and may still refuse.
import { saveIconsRefusal } from '@common/plans.ts'
import { processSvg } from '../../../../common/svg/index.ts'
import { ApiError } from '../../../lib/api.ts'
import type { Plan } from '../../../lib/me.ts'
import { createIcon } from '../../../local/icons.ts'
import { fetchCapabilities } from '../api/maker-api.ts'
import type { SaveTarget } from './use-save-targets.ts'

/** Why saving into this target is refused, or null. */
export async function saveRefusal(target: SaveTarget, plan: Plan): Promise<string | null> {
  const workspaceId = target.workspace?.id ?? null
  try {
    return (await fetchCapabilities(workspaceId)).saveRefusal
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) throw error
    // Unreachable: the plan table decides in personal mode; in a workspace the server will.
    return workspaceId ? null : saveIconsRefusal({ userPlan: plan })
  }
}

/** The id prefix the server gives the icon's ids, so the local copy matches what it stores. */
const serverIdPrefix = (id: string) => `i${id.replaceAll('-', '').slice(0, 8)}-`

export async function saveIcon(input: {
  svg: string
  name: string
  originIconId: string | null
  target: SaveTarget
  userId: string
}) {
  const id = crypto.randomUUID()
  const { project, workspace } = input.target
  const svg = await processSvg(input.svg, { idPrefix: serverIdPrefix(id) })
  const needsReview = workspace?.review_icons === true && workspace.role === 'member'
  return createIcon({
    id,
    name: input.name.trim(),
    svg,
    user_id: input.userId,
    origin_icon_id: input.originIconId,
    project_id: project.id,
    workspace_id: project.workspace_id,
    icon_status: needsReview ? 'needs-review' : 'approved',
  })
}
