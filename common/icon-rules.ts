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
 * The review status after a change of an icon's drawing (replace, restore, the maker's save; ADR
 * 0112): back to needs-review when the workspace reviews and the one drawing may not approve; an
 * approver's (or a non-reviewing space's) new drawing keeps the status it finds.
 */
export const redrawnIconStatus = (reviews: boolean, role: Actor | null | undefined, current: IconStatus) =>
  newIconStatus(reviews, role) === 'needs-review' ? 'needs-review' : current

/**
 * The review fields of a new icon, as the server stores them (ADR 0112): an approved icon stands
 * approved at its first revision; no comment yet.
 */
export const newIconReview = (status: IconStatus) => ({
  approved_revision: status === 'approved' ? 1 : null,
  review_comment: '',
})

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
