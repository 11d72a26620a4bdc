// An icon row as the server sends it and the browser stores it, for unit tests of the client's data
// layer: every field at its plain value (approved, revision 1, no meaning, no review), `changes` on top.
import type { IconRow } from '../../common/schemas/rows.ts'

const EPOCH = '2026-01-01T00:00:00.000Z'

export const iconRow = (changes: Partial<IconRow> = {}): IconRow => ({
  id: 'icon-1',
  name: 'icon',
  svg: '<svg/>',
  user_id: 'u',
  origin_icon_id: null,
  project_id: 'p',
  workspace_id: null,
  icon_status: 'approved',
  revision: 1,
  aliases: [],
  label: '',
  description: '',
  decorative: false,
  tags: [],
  approved_revision: null,
  review_comment: '',
  created_at: EPOCH,
  updated_at: EPOCH,
  ...changes,
})
