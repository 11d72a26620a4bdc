// The exported React TS package and the CLI's pulled folder type-check with the real TypeScript
// compiler under every moduleResolution a consumer may set (bundler, node16, nodenext): the index
// names each component's module with an extension those modes accept (`./ArrowLeft.js`; without one,
// node16 and nodenext refuse it with TS2835), aliases and deprecated aliases included.
import { strFromU8, unzipSync } from 'fflate'
import { describe, expect, test } from 'vitest'
import { buildFiles } from '../../cli/lib/build-files.ts'
import { type Resolution, typeCheck } from '../svg/test-support/typecheck.ts'
import { buildExport } from './build-export.ts'

const svg = (d: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="${d}"/></svg>`
const icons = [
  { name: 'arrow-left', svg: svg('M19 12H5m7 7-7-7 7-7') },
  {
    name: 'House',
    svg: svg('M3 9l9-7 9 7v11H3z'),
    aliases: [
      { name: 'Home', deprecated: true, remove_in: '3.0.0' },
      { name: 'Dwelling', deprecated: false, remove_in: null },
    ],
  },
]
/** A consumer's module beside the package: it imports the index as its resolution needs. */
const consumer = [
  "import { ArrowLeft, House, Home, Dwelling } from './index.js'",
  'export const all = [ArrowLeft, House, Home, Dwelling]',
  '',
].join('\n')
const RESOLUTIONS: Resolution[] = ['bundler', 'node16', 'nodenext']

describe('a generated React TS package type-checks under every moduleResolution', () => {
  test('the export (ZIP of the project)', async () => {
    const result = await buildExport({ kind: 'react-ts', projectName: 'App', icons }, () => {})
    const files = Object.fromEntries(
      Object.entries(unzipSync(result.bytes)).map(([name, bytes]) => [name, strFromU8(bytes)]),
    )
    expect(files['index.ts']).toContain("export { ArrowLeft } from './ArrowLeft.js'")
    for (const resolution of RESOLUTIONS)
      expect(typeCheck({ ...files, 'use.ts': consumer }, resolution).problems, resolution).toEqual([])
  }, 120_000)

  test("the CLI's pulled files", () => {
    const built = buildFiles(
      icons.map((icon) => ({ id: null, ...icon })),
      'react-ts',
      '',
    )!
    const files: Record<string, string> = { 'package.json': '{ "type": "module" }\n' }
    for (const icon of built.icons) files[icon.file] = icon.text!
    for (const extra of built.extra) files[extra.file] = extra.text
    for (const resolution of RESOLUTIONS)
      expect(typeCheck({ ...files, 'use.ts': consumer }, resolution).problems, resolution).toEqual([])
  }, 120_000)
})
