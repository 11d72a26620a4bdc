// The duplicate check's parts (duplicates.ts): a 1,000-file drop is asked in requests the server
// takes, never one it refuses for its count (MAX_ICONS_PER_BATCH) or its body (1 MiB).

import { MAX_ICONS_PER_BATCH, MAX_REQUEST_BODY_BYTES } from '@common/icon-limits.ts'
import { describe, expect, test } from 'vitest'
import { CHECK_PART_BYTES, checkParts } from './duplicates.ts'

const bodyBytes = (svgs: string[]) =>
  Buffer.byteLength(JSON.stringify({ project_id: crypto.randomUUID(), svgs, exclude_id: null }))

describe('checkParts', () => {
  test('1,000 small drawings go in parts of at most MAX_ICONS_PER_BATCH, in order, each once', () => {
    const svgs = Array.from({ length: 1000 }, (_, n) => `<svg><path d="M${n} 0h1"/></svg>`)
    const parts = checkParts(svgs)
    expect(parts.map((p) => p.length)).toEqual([MAX_ICONS_PER_BATCH, 1000 - MAX_ICONS_PER_BATCH])
    expect(parts.flat()).toEqual(svgs.map((_, i) => i))
  })

  test('large drawings are cut by bytes: every part is a body the server accepts', () => {
    // 300 drawings of ~10 KB full of quotes (escaped in JSON) and non-ASCII text (2-3 bytes each).
    const svg = (n: number) => `<svg><title>é€ ${n}</title>${'<path d="M0 0"/>'.repeat(600)}</svg>`
    const svgs = Array.from({ length: 300 }, (_, n) => svg(n))
    const parts = checkParts(svgs)
    expect(parts.length).toBeGreaterThan(1)
    for (const part of parts)
      expect(bodyBytes(part.map((i) => svgs[i]!))).toBeLessThan(MAX_REQUEST_BODY_BYTES)
    expect(parts.flat()).toEqual(svgs.map((_, i) => i))
  })

  test('a drawing larger than a part goes alone', () => {
    const big = 'x'.repeat(CHECK_PART_BYTES + 1)
    expect(checkParts(['a', big, 'b'])).toEqual([[0], [1], [2]])
  })
})
