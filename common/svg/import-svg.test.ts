import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it, vi } from 'vitest'
import { importIdPrefix, importSvg, processSvg, SVG_ERROR_MESSAGES } from './index.ts'
import { safetyProblems } from './test-support/assert-safe.ts'
import { legitFixtures } from './test-support/fixtures.ts'
import { expectSameDrawing } from './test-support/render.ts'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))

describe('importSvg', () => {
  it('runs the whole pipeline synchronously and returns { svg }', () => {
    const result = importSvg(
      '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"><linearGradient id="g"><stop stop-color="red"/></linearGradient><rect width="24" height="24" fill="url(#g)" onclick="x"/><script>x</script></svg>',
    )
    expect(result).toEqual({
      svg: expect.stringMatching(
        /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 24 24"><linearGradient id="(i[0-9a-z]{8})-g"><stop stop-color="red"\/><\/linearGradient><path fill="url\(#\1-g\)" d="M0 0H24V24H0z"\/><\/svg>$/,
      ),
    })
  })

  it('gives { error } with the user-facing message instead of throwing', () => {
    expect(importSvg('<svg><g></svg>')).toEqual({
      error: expect.stringMatching(/^The SVG is not well-formed XML: /),
    })
    expect(importSvg('<!DOCTYPE svg><svg/>')).toEqual({ error: SVG_ERROR_MESSAGES.doctype })
    expect(importSvg('<html/>')).toEqual({ error: SVG_ERROR_MESSAGES.not_svg })
    expect(importSvg('')).toEqual({ error: SVG_ERROR_MESSAGES.not_svg })
    for (const odd of [42, null, undefined, {}, ['<svg/>']])
      expect(importSvg(odd as unknown as string)).toEqual({ error: SVG_ERROR_MESSAGES.not_svg })
    expect(importSvg(`<svg>${'<g>'.repeat(80)}${'</g>'.repeat(80)}</svg>`)).toEqual({
      error: SVG_ERROR_MESSAGES.too_deep,
    })
  })

  it('equals processSvg with the import id prefix, and keeps every legit drawing', async () => {
    for (const f of legitFixtures()) {
      const result = importSvg(f.svg)
      if (!('svg' in result)) throw new Error(`${f.name}: ${result.error}`)
      expect(result.svg).toBe(await processSvg(f.svg, { idPrefix: importIdPrefix(f.svg) }))
      expect(safetyProblems(result.svg)).toEqual([])
      expectSameDrawing(f.svg, result.svg, f.name)
    }
  })

  it('derives the id prefix from the input, and keeps it when importing its own output', () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2 2"><clipPath id="c"><rect width="1" height="1"/></clipPath><path clip-path="url(#c)" d="M0 0h2v2H0z"/></svg>'
    expect(importIdPrefix(svg)).toMatch(/^i[0-9a-z]{8}$/)
    expect(importIdPrefix(svg)).toBe(importIdPrefix(svg))
    expect(importIdPrefix(svg.replace('2v2', '2v1'))).not.toBe(importIdPrefix(svg))
    const once = importSvg(svg)
    expect('svg' in once && once.svg).toContain(`id="${importIdPrefix(svg)}-c"`)
    expect('svg' in once && importSvg(once.svg)).toEqual(once)
  })

  it('is importable by Node 24 directly, with svgo resolved synchronously', () => {
    const script =
      "import('./common/svg/index.ts').then(m => console.log(JSON.stringify([m.importSvg('<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 4 4\"><rect width=\"4\" height=\"4\"/></svg>'), m.importSvg('<svg>'), m.convert('<svg viewBox=\"0 0 1 1\"/>', 'react-ts', 'a b')])))"
    const out = JSON.parse(execFileSync(process.execPath, ['-e', script], { cwd: ROOT, encoding: 'utf8' }))
    expect(out[0]).toEqual({
      svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><path d="M0 0H4V4H0z"/></svg>',
    })
    expect(out[1]).toEqual({ error: expect.stringMatching(/^The SVG is not well-formed XML/) })
    expect(out[2]).toContain('export function AB(props: SVGProps<SVGSVGElement>)')
  })

  it('outside Node, works once svgo is loaded and says so before', async () => {
    vi.resetModules()
    const nodeProcess = process as { getBuiltinModule?: unknown }
    const getBuiltinModule = nodeProcess.getBuiltinModule
    nodeProcess.getBuiltinModule = undefined // as in a browser
    try {
      const fresh = await import('./import-svg.ts')
      const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><circle r="1"/></svg>'
      expect(fresh.importSvg(svg)).toEqual({ error: fresh.SVGO_NOT_LOADED })
      await (await import('./optimize.ts')).loadSvgo()
      expect(fresh.importSvg(svg)).toEqual({ svg })
    } finally {
      nodeProcess.getBuiltinModule = getBuiltinModule
      vi.resetModules()
    }
  })
})
