// POST /api/icons/review (ADR 0112): an owner or admin approves an icon's drawing or rejects it with a
// comment. Approving checks the workspace's rules first (409 `rules_failed` unless each failing rule is
// named in `override`); the decision is written on the icon's locked row through the one write path,
// so every member's stream hears the icon change (its status, its review_comment), and it is logged
// with who took it.
import { eq } from 'drizzle-orm'
import { reviewMessages } from '../../../common/messages.ts'
import type { ReviewIconBody } from '../../../common/schemas/reviews.ts'
import type { IconChangedField, IconRow, IconStatus } from '../../../common/schemas/rows.ts'
import { icons } from '../../db/schema/index.ts'
import { assertCan } from '../access.ts'
import type { Actor, Deps } from '../deps.ts'
import { conflict } from '../errors.ts'
import { type IconInScope, type IconRecord, iconScope, note, served } from '../icons/icons.ts'
import { lockIcon, onLockedIcon } from '../icons/locked-icon.ts'
import { scopeOf } from '../sync/sync-scopes.ts'
import { writeInScope } from '../sync/write-in-scope.ts'
import { assertRulesPass, checkedDrawing, logReview } from './review-gate.ts'

/** Thrown inside the write when the drawing changed after it was checked: it is checked again. */
class DrawingChanged extends Error {}

/** How often an approval checks a drawing that keeps changing before it gives up (409). */
const MAX_CHECKS = 3

/**
 * Approve: status approved, approved_revision the icon's revision (the database's trigger), no
 * comment. Reject: status needs-review, the comment kept on the icon for its author. A change of status
 * is a new version (as /api/icons/update's); a decision that keeps it (rejecting again) is not.
 */
export async function reviewIcon(
  deps: Deps,
  actor: Actor,
  located: IconInScope,
  body: ReviewIconBody,
): Promise<IconRow> {
  let checked = located
  for (let tries = 1; ; tries++) {
    if (body.decision === 'approve') await assertRulesPass(deps, actor, checked.icon, body.override)
    try {
      return served(await decide(deps, actor, checked, body))
    } catch (error) {
      if (!(error instanceof DrawingChanged)) throw error
      if (tries >= MAX_CHECKS) throw conflict(reviewMessages.drawingKeptChanging, 'conflict')
      checked = await iconScope(deps, actor, located.icon.id)
      assertCan(checked.scope, 'icon:approve')
    }
  }
}

function decide(deps: Deps, actor: Actor, checked: IconInScope, body: ReviewIconBody) {
  const approve = body.decision === 'approve'
  const comment = body.comment ?? ''
  return onLockedIcon(deps, actor, checked, ['icon:approve'], (at) =>
    writeInScope<IconRecord>(deps, [scopeOf(at.scope)], async ({ tx, version, announce, record }) => {
      const { icon: now, scope } = await lockIcon(tx, actor, at, ['icon:approve'])
      // An approval is of the drawing the rules were checked on, under that workspace's rules.
      if (approve && !checkedDrawing(now, checked.icon)) throw new DrawingChanged()
      const status: IconStatus = approve ? 'approved' : 'needs-review'
      const fields: IconChangedField[] = status === now.icon_status ? [] : ['icon_status']
      const [row] = await tx
        .update(icons)
        .set({
          icon_status: status,
          review_comment: approve ? '' : comment,
          revision: fields.length ? now.revision + 1 : now.revision,
          updated_at: new Date(),
          version: version(scopeOf(scope)),
        })
        .where(eq(icons.id, now.id))
        .returning()
      if (fields.length) record(actor.id, [{ id: now.id, change: { kind: 'edited', fields } }])
      await logReview(tx, actor, {
        icon_id: now.id,
        decision: body.decision,
        comment,
        override: approve ? [...new Set(body.override ?? [])] : [],
        revision: row!.revision,
      })
      announce(note(row!, scope, 'upsert'))
      return row!
    }),
  )
}
