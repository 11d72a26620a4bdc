import { describe, expect, it } from 'vitest'
import { sanitizeSvg } from '../../../common/svg/index.ts'
import { EMPTY_SVG } from './sanitize-served.ts'
import { servedSvg, stringMemo } from './served-svg.ts'

describe('stringMemo', () => {
  it('computes a string once and answers it again from memory', () => {
    const calls: string[] = []
    const memo = stringMemo(
      'test',
      (s) => {
        calls.push(s)
        return s.toUpperCase()
      },
      100,
    )
    expect(memo.get('abc')).toBe('ABC')
    expect(memo.get('abc')).toBe('ABC')
    expect(memo.get('xyz')).toBe('XYZ')
    expect(calls).toEqual(['abc', 'xyz'])
  })

  it('stays within its character budget, dropping the least recently used first', () => {
    const calls: string[] = []
    const memo = stringMemo(
      'test',
      (s) => {
        calls.push(s)
        return s
      },
      10,
    )
    memo.get('aaaa')
    memo.get('bbbb')
    memo.get('aaaa') // a is now the most recent
    memo.get('cccc') // 12 chars: b goes
    expect(memo.chars).toBeLessThanOrEqual(10)
    expect(memo.size).toBe(2)
    memo.get('aaaa')
    memo.get('cccc')
    expect(calls).toEqual(['aaaa', 'bbbb', 'cccc'])
    memo.get('bbbb')
    expect(calls).toEqual(['aaaa', 'bbbb', 'cccc', 'bbbb'])
  })

  it('does not keep what is larger than the whole budget', () => {
    const memo = stringMemo('test', (s) => s, 4)
    expect(memo.get('too long')).toBe('too long')
    expect(memo.size).toBe(0)
  })

  it('keeps at most its entries, however small', () => {
    const memo = stringMemo('test', (s) => s, 1000, 3)
    for (let i = 0; i < 50; i++) memo.get(`s${i}`)
    expect(memo.size).toBe(3)
  })

  it('counts an output different from its input too', () => {
    const memo = stringMemo('test', (s) => `${s}${s}`, 100)
    memo.get('abcd')
    expect(memo.chars).toBe(12)
  })
})

describe('servedSvg', () => {
  it('sanitises markup it has not served before, every time it is new', () => {
    const evil = `<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script><path d="M0 0h1" onclick="x()"/></svg>`
    const out = servedSvg(evil)
    expect(out).toBe(sanitizeSvg(evil))
    expect(out).not.toMatch(/script|onload|onclick|alert/)
    // A variant never served before is sanitised on its own, not answered from the memo.
    const other = evil.replace('M0 0h1', 'M0 0h2')
    expect(servedSvg(other)).toBe(sanitizeSvg(other))
    expect(servedSvg(other)).toContain('h2')
  })

  it('answers the same markup the same way again', () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M1 1h2v2z"/></svg>'
    expect(servedSvg(svg)).toBe(sanitizeSvg(svg))
    expect(servedSvg(svg)).toBe(sanitizeSvg(svg))
  })

  it('serves an empty icon for markup that cannot be parsed', () => {
    expect(servedSvg('<svg><path></svg')).toBe(EMPTY_SVG)
    expect(servedSvg('not svg at all')).toBe(EMPTY_SVG)
  })
})
