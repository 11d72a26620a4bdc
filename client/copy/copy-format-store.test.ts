import { COPY_FORMAT_LABELS, COPY_FORMATS } from '@common/svg/index.ts'
import { expect, test } from 'vitest'
import { COPY_FORMAT_IDS, formatLabel } from './copy-format-store.ts'

test("the panel's formats and labels are common/svg's, in the same order", () => {
  expect(COPY_FORMAT_IDS).toEqual([...COPY_FORMATS])
  for (const id of COPY_FORMAT_IDS) expect(formatLabel(id)).toBe(COPY_FORMAT_LABELS[id])
})
