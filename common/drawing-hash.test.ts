// The drawing hash (ADR 0109): equal for the same drawing however its markup is written
// (ids, whitespace, attribute order, title), different for another drawing.
import { describe, expect, it } from 'vitest'
import { drawingHash, drawingKey } from './drawing-hash.ts'
import { processSvg } from './svg/index.ts'

const GRADIENT = (id: string, space = ' ') =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><defs><linearGradient id="${id}"><stop offset="0" stop-color="red"/><stop offset="1" stop-color="blue"/></linearGradient></defs><path fill="url(#${id})"${space}stroke="black" d="M2 2h20v20H2z"/></svg>`

describe('drawingHash', () => {
  it('is the same for the same drawing under other ids, whitespace, attribute order and title', async () => {
    const a = GRADIENT('g1')
    const b = `<svg viewBox="0 0 24 24" xmlns="http://www.w3.org/2000/svg">
      <title>Square</title>
      <defs><linearGradient id="other-id"><stop stop-color="red" offset="0"/><stop offset="1" stop-color="blue"/></linearGradient></defs>
      <path d="M2 2h20v20H2z"   stroke="black" fill="url('#other-id')"/>
    </svg>`
    expect(drawingKey(b)).toBe(drawingKey(a))
    expect(await drawingHash(b)).toBe(await drawingHash(a))
    expect(await drawingHash(a)).toMatch(/^[0-9a-f]{64}$/)
  })

  it('is the same for one file imported twice (each import prefixes ids with the icon id)', async () => {
    const first = await processSvg(GRADIENT('g'), { idPrefix: 'i1111' })
    const second = await processSvg(GRADIENT('g'), { idPrefix: 'i2222' })
    expect(first).not.toBe(second)
    expect(await drawingHash(second)).toBe(await drawingHash(first))
  })

  it('differs for another drawing, another colour or another reference', async () => {
    const base = await drawingHash(GRADIENT('g'))
    expect(await drawingHash(GRADIENT('g').replace('h20', 'h19'))).not.toBe(base)
    expect(await drawingHash(GRADIENT('g').replace('stroke="black"', 'stroke="red"'))).not.toBe(base)
    const twoGradients = GRADIENT('g').replace(
      '</defs>',
      '<linearGradient id="h"><stop offset="0"/></linearGradient></defs>',
    )
    expect(await drawingHash(twoGradients.replace('url(#g)', 'url(#h)'))).not.toBe(
      await drawingHash(twoGradients),
    )
  })
})
