// redactPath and scrubTokens (log/log-redact.ts): no spelling of a path or a line keeps an API token.
import { describe, expect, it } from 'vitest'
import { redactPath, scrubTokens } from './log-redact.ts'

const BODY = 'Ab3_xY-9kLmNoPqRsTuVwXyZ0123456789abcdefghi'
const TOKEN = `ivt_${BODY}`

/** Paths a client may send with the token in them, each spelled differently. */
const variants = [
  `/api/iconify/${TOKEN}/collections`,
  `/API/iconify/${TOKEN}/collections`,
  `/api/ICONIFY/${TOKEN}/x.json`,
  `/API/ICONIFY/IVT_${BODY}/x.json`,
  `/api//iconify/${TOKEN}/collections`,
  `//api/iconify//${TOKEN}//collections`,
  `/api/iconify%2F${TOKEN}/collections`,
  `/api%2Ficonify%2F${TOKEN}%2Fcollections`,
  `/api/iconify/%69vt_${BODY}/collections`,
  `/api/iconify/%49%56%54%5F${BODY}/collections`,
  `/api/iconify/i%76t%5f${BODY}/collections`,
  `/api/iconify/%2569vt_${BODY}/collections`,
  `/api/iconify/%25252569vt_${BODY}/collections`,
  `/api/iconify/x;${TOKEN}/collections`,
  `/api/icons/${TOKEN}`,
  `/${TOKEN}`,
  `/api/iconify/${TOKEN}`,
]

describe('redactPath', () => {
  it.each(variants)('writes %s without the token', (path) => {
    const logged = redactPath(path)
    expect(logged).not.toContain(BODY)
    expect(logged).not.toMatch(/ivt_/i)
    expect(logged).toContain('[token]')
  })

  it('leaves paths without a token as they are', () => {
    for (const path of ['/api/projects', '/api/icons/deleted', '/api/iconify_x/y', '/api/a%20b', '/'])
      expect(redactPath(path)).toBe(path)
  })

  it('redacts a segment encoded deeper than it decodes, and never throws on a bad escape', () => {
    expect(redactPath(`/a/${'%25'.repeat(20)}69vt_x`)).toBe('/a/[token]')
    expect(redactPath('/a/%E0%A4%A/b_c')).toBe('/a/%E0%A4%A/b_c')
  })
})

describe('scrubTokens', () => {
  it('replaces a token in any spelling anywhere in a line, keeping the JSON readable', () => {
    for (const path of variants) {
      const line = `${JSON.stringify({ msg: 'unhandled error', err: { message: `at ${path}` }, path })}\n`
      const scrubbed = scrubTokens(line)
      expect(scrubbed).not.toContain(BODY)
      expect(scrubbed).not.toMatch(/ivt_/i)
      expect(JSON.parse(scrubbed).msg).toBe('unhandled error')
    }
  })
})
