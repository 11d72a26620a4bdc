// Every editing op on the real-icon corpus (tests/fixtures/svg/legit): the result is safe, the
// pipeline accepts it and draws it unchanged, and the op does what it says on the drawing.

import { processSvg, sanitizeSvg } from '@common/svg/index.ts'
import { safetyProblems } from '@common/svg/test-support/assert-safe.ts'
import { legitFixtures } from '@common/svg/test-support/fixtures.ts'
import { expectSameDrawing, render } from '@common/svg/test-support/render.ts'
import { describe, expect, it } from 'vitest'
import { contentBounds } from './bounds.ts'
import { paintsOf, setColor } from './color.ts'
import { fitToGrid } from './fit.ts'
import { flattenInto } from './flatten.ts'
import { type Matrix, multiply, rotation, scaling, translation } from './matrix.ts'
import { optimize } from './optimize.ts'
import { flip, rotate } from './orient.ts'
import { setStrokeWidth, strokeInfo } from './stroke.ts'
import { readTree, transformContent, viewBoxOf, writeTree } from './tree.ts'

const fixtures = legitFixtures()

/**
 * Where the pipeline, not the op, changes a drawing: svgo bakes the fit transform into a line
 * drawn with vector-effect="non-scaling-stroke", which resvg then strokes at another width.
 */
const PIPELINE_GAPS = new Set(['paint-order'])

/** Ink outside the padding frame of a 24-unit grid rendered at 96 px (4 px a unit). */
function inkOutside(svg: string, padding: number): number {
  const { width, height, pixels } = render(svg, 96)
  const lo = padding * 4 - 1
  const hi = 96 - padding * 4 + 1
  let count = 0
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const inside = x >= lo && x < hi && y >= lo && y < hi
      if (!inside && (pixels[(y * width + x) * 4 + 3] ?? 0) > 64) count++
    }
  }
  return count
}

async function expectPipelineKeeps(svg: string, label: string) {
  expect(safetyProblems(svg), label).toEqual([])
  const stored = await processSvg(svg, { idPrefix: 'mk1' })
  if (!PIPELINE_GAPS.has(label.split(' ')[0]!))
    expectSameDrawing(svg, stored, `${label} through the pipeline`)
}

describe.each(fixtures)('editing ops on $name', ({ name, svg }) => {
  const clean = sanitizeSvg(svg)
  const drawsOutsideGeometry = /<filter|<marker|<text/.test(svg)

  it('rotate and flip: round-trip through the pipeline; four quarter turns and two flips are no-ops', async () => {
    for (const deg of [90, 180, 270] as const)
      await expectPipelineKeeps(rotate(svg, deg), `${name} rotate ${deg}`)
    for (const axis of ['horizontal', 'vertical'] as const)
      await expectPipelineKeeps(flip(svg, axis), `${name} flip`)
    expectSameDrawing(clean, rotate(rotate(rotate(rotate(svg, 90), 90), 90), 90), `${name} 4 × 90`)
    expectSameDrawing(clean, flip(flip(svg, 'horizontal'), 'horizontal'), `${name} flip twice`)
    expectSameDrawing(rotate(svg, 180), flip(flip(svg, 'vertical'), 'horizontal'), `${name} 180 = both flips`)
  })

  it('fit to the grid: viewBox 0 0 24 24, inside the padding, accepted by the pipeline', async () => {
    const fitted = fitToGrid(svg, { size: 24, padding: 2 })
    expect(fitted).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]* viewBox="0 0 24 24"/)
    await expectPipelineKeeps(fitted, `${name} fit`)
    if (!drawsOutsideGeometry) expect(inkOutside(fitted, 2), `${name} ink outside padding`).toBe(0)
    // Measured drawings fit once and for all; others fall back to fitting their viewBox.
    if (contentBounds(readTree(svg))) {
      expectSameDrawing(fitted, fitToGrid(fitted, { size: 24, padding: 2 }), `${name} fit twice`)
    }
  })

  it('stroke width: stroked icons get it in grid units, also after fitting', async () => {
    const info = strokeInfo(svg)
    const thinner = setStrokeWidth(svg, 1.5)
    await expectPipelineKeeps(thinner, `${name} stroke`)
    if (info.stroked) {
      expect(strokeInfo(thinner).width).toBe(1.5)
      const fitted = fitToGrid(svg, { size: 48, padding: 4 })
      expect(strokeInfo(setStrokeWidth(fitted, 3)).width).toBe(3)
    } else expect(thinner).toBe(sanitizeSvg(thinner))
  })

  it('colour: currentColor or a fixed colour on every painted fill and stroke', async () => {
    for (const color of ['currentColor', '#e11d48']) {
      const out = setColor(svg, color)
      await expectPipelineKeeps(out, `${name} colour ${color}`)
      // Masks and clip paths keep their own paints: they are not colour but coverage.
      expect(paintsOf(out), `${name} paints`).toEqual([color])
    }
    if (!/mask|filter|opacity|pattern|<image|Gradient|<text/.test(svg)) {
      const { pixels } = render(setColor(svg, '#e11d48'), 64)
      for (let i = 0; i < pixels.length; i += 4) {
        if (pixels[i + 3] !== 255) continue
        const off = [225, 29, 72].map((v, c) => Math.abs(v - (pixels[i + c] ?? 0)))
        expect(Math.max(...off), `${name} pixel ${i / 4}`).toBeLessThanOrEqual(2)
      }
    }
  })

  it('transforms applied into the path data draw exactly what the wrapping transform draws', () => {
    // What the maker applies: fits (scale and move), quarter turns and flips, about the middle.
    const vb = viewBoxOf(readTree(svg))
    const [cx, cy] = [vb.x + vb.width / 2, vb.y + vb.height / 2]
    const matrices: Matrix[] = [
      multiply(translation(cx * 0.4 + 1, cy * 0.4 - 1), scaling(0.6)),
      rotation(90, cx, cy),
      rotation(270, cx, cy),
      [-1, 0, 0, 1, 2 * cx, 0],
      [1, 0, 0, -1, 0, 2 * cy],
    ]
    for (const m of matrices) {
      const root = readTree(svg)
      const flat = flattenInto(root, m)
      if (!flat) continue
      // The wrapper alone (what transformContent falls back to), for reference.
      const wrapped = readTree(svg)
      const meta = wrapped.children.filter(
        (c) => typeof c !== 'string' && /^(title|desc|metadata)$/.test(c.name),
      )
      const rest = wrapped.children.filter((c) => !meta.includes(c))
      wrapped.children = [
        ...meta,
        { name: 'g', attrs: new Map([['transform', `matrix(${m.join(' ')})`]]), children: rest },
      ]
      expect(writeTree(flat), `${name} flattened`).not.toContain('transform=')
      expectSameDrawing(writeTree(wrapped), writeTree(flat), `${name} flattened ${m.join(' ')}`)
    }
    // No transform at all still draws the same (inner groups' own transforms may be written in).
    const unmoved = readTree(svg)
    transformContent(unmoved, scaling(1))
    if (!drawsOutsideGeometry) expectSameDrawing(clean, writeTree(unmoved), `${name} identity`)
  })

  it('optimise: the same drawing', async () => {
    const out = await optimize(svg)
    await expectPipelineKeeps(out, `${name} optimise`)
    expectSameDrawing(clean, out, `${name} optimised`)
  })
})
