// The author hears a rejection of their icon as it arrives (ADR 0413): the stream's icon upsert
// carrying a review comment the local row did not have yet ("“star” was rejected: …"), told in every
// tab of this browser. Pure, so unit-tested; live.ts shows it.
import { reviewMessages } from '@common/messages.ts'
import type { ChangeEvent } from '@common/schemas/events.ts'
import type { LocalIcon } from './db.ts'

/** The notice's text, or null: not an icon of the user's own, no comment, or one already here. */
export function rejectionNotice(
  event: ChangeEvent,
  before: LocalIcon | undefined,
  meId: string | null,
): string | null {
  if (event.entity !== 'icons' || event.op !== 'upsert') return null
  const { row } = event
  if (!meId || row.user_id !== meId || !row.review_comment) return null
  if (before?.review_comment === row.review_comment) return null
  return reviewMessages.rejectedNotice(row.name, row.review_comment)
}
