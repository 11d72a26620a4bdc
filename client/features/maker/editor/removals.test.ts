// The maker says what sanitizing removes: checked on the pipeline's real sanitizer.
import { describe, expect, it } from 'vitest'
import { describeRemovals } from './removals.ts'

const wrap = (body: string, rootAttrs = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 24 24"${rootAttrs}>${body}</svg>`

describe('describeRemovals', () => {
  it('is silent when nothing is removed', () => {
    expect(describeRemovals(wrap('<path d="M0 0h24v24z" fill="#7c533e"/>'))).toBeNull()
  })

  it('names scripts, handlers, external references and unsafe CSS', () => {
    const svg = wrap(
      '<script>alert(1)</script><path d="M0 0h4" onclick="x()" onmouseover="y()"/>' +
        '<use xlink:href="https://evil.example/s.svg#a"/><rect width="4" height="4" style="fill:red;background:url(javascript:x)"/>' +
        '<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">hi</div></foreignObject>',
      ' onload="z()"',
    )
    const text = describeRemovals(svg)!
    expect(text).toMatch(/^Removed for safety: /)
    expect(text).toContain('1 <script> element')
    expect(text).toContain('1 <foreignObject> element')
    expect(text).toContain('3 event handlers')
    expect(text).toContain('1 external reference')
    expect(text).toContain('1 unsafe CSS declaration')
  })

  it('is silent for input the pipeline refuses (its own error is shown instead)', () => {
    expect(describeRemovals('<svg')).toBeNull()
  })
})
