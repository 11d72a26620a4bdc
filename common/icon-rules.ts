// Icon rules the server decides and the browser predicts with the same code: the review status of
// a new (or moved-in) icon, and the prefix the SVG pipeline gives an icon's internal ids.
import { type Actor, can } from './permissions.ts'
import type { IconStatus } from './schemas/rows.ts'

/**
 * Needs review when the workspace asks for it and the one adding the icon may not approve it
 * (a member); admins' and owners' icons, and personal ones (no review there), are approved at once.
 */
export const newIconStatus = (reviews: boolean, role: Actor | null | undefined): IconStatus =>
  reviews && !can(role, 'icon:approve') ? 'needs-review' : 'approved'

/**
 * The status of an icon moved into another project: needs review when it arrives that way
 * (`arriving`, by newIconStatus in the target); within its team it keeps its status; into another
 * space (personal ↔ workspace) it starts approved.
 */
export const movedIconStatus = (arriving: IconStatus, current: IconStatus, sameTeam: boolean): IconStatus =>
  arriving === 'needs-review' ? arriving : sameTeam ? current : 'approved'

/**
 * The prefix the pipeline gives an icon's internal ids (the browser's import uses the same): the
 * whole icon id, so no two icons share one whatever ids a client picks (with its first 8 digits
 * only, an icon whose id shared them restyled the other's gradients in the grid). ADR 0013.
 */
export const iconIdPrefix = (id: string) => `i${id.replaceAll('-', '')}-`
