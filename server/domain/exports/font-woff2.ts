// The icon font's WOFF2 (ADR 0105, 0415): glyf in WOFF2's transformed streams (font-woff2-glyf.ts;
// loca is then rebuilt by the decoder), every other table as it is, in one stream compressed by
// Node's own Brotli (zlib, native) in its font mode. Google's decoder (Chromium's, Firefox's) gives
// back the very tables of the TrueType font, glyf and loca included (font-files.test.ts). Several
// times faster than Google's encoder in WebAssembly (wawoff2, Brotli at its slowest quality), for a
// file a few percent larger (bench/README.md). A font without glyf keeps WOFF2's null transform.
import { brotliCompressSync, constants } from 'node:zlib'
import { transformedGlyf } from './font-woff2-glyf.ts'

/** The tags WOFF2 names by their index (the spec's "known table tags"); others are written out. */
const KNOWN_TAGS = [
  'cmap',
  'head',
  'hhea',
  'hmtx',
  'maxp',
  'name',
  'OS/2',
  'post',
  'cvt ',
  'fpgm',
  'glyf',
  'loca',
  'prep',
  'CFF ',
  'VORG',
  'EBDT',
  'EBLC',
  'gasp',
  'hdmx',
  'kern',
  'LTSH',
  'PCLT',
  'VDMX',
  'vhea',
  'vmtx',
  'BASE',
  'GDEF',
  'GPOS',
  'GSUB',
]
/** Transform version 3 of glyf and loca: kept as they are (version 0: glyf transformed). */
const NULL_TRANSFORM = 3 << 6

/** Brotli's quality: 11 is its slowest; 9 compresses a font within a few percent of it, many times faster. */
const QUALITY = 9

const round4 = (n: number) => (n + 3) & ~3

/** UIntBase128: 7 bits a byte, most significant first, the high bit on every byte but the last. */
function base128(value: number): number[] {
  const bytes = [value & 0x7f]
  for (let rest = value >>> 7; rest > 0; rest >>>= 7) bytes.unshift((rest & 0x7f) | 0x80)
  return bytes
}

/** The WOFF2 of a TrueType font (one font, no collection, no metadata): deterministic. */
export function woff2Of(ttf: Uint8Array): Uint8Array {
  const view = new DataView(ttf.buffer, ttf.byteOffset, ttf.byteLength)
  const count = view.getUint16(4)
  const tables: { tag: string; data: Uint8Array }[] = []
  for (let i = 0; i < count; i++) {
    const at = 12 + 16 * i
    const tag = String.fromCharCode(...ttf.subarray(at, at + 4))
    const offset = view.getUint32(at + 8)
    tables.push({ tag, data: ttf.subarray(offset, offset + view.getUint32(at + 12)) })
  }
  // In tag order, loca right after glyf (as Google's encoder writes them).
  tables.sort((a, b) => (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0))
  const locaAt = tables.findIndex((t) => t.tag === 'loca')
  if (locaAt >= 0 && tables.some((t) => t.tag === 'glyf')) {
    const [moved] = tables.splice(locaAt, 1)
    tables.splice(tables.findIndex((t) => t.tag === 'glyf') + 1, 0, moved!)
  }

  // glyf as WOFF2's streams (transform version 0), loca then rebuilt by the decoder from them.
  const table = (tag: string) => tables.find((t) => t.tag === tag)?.data
  const [glyf, loca, head, maxp] = [table('glyf'), table('loca'), table('head'), table('maxp')]
  const transformed =
    glyf && loca && head && maxp
      ? transformedGlyf(glyf, loca, ((head[50]! << 8) | head[51]!) === 1, (maxp[4]! << 8) | maxp[5]!)
      : null
  const stored = (tag: string, data: Uint8Array) =>
    transformed && tag === 'glyf' ? transformed : transformed && tag === 'loca' ? new Uint8Array() : data

  const directory: number[] = []
  const stream = new Uint8Array(tables.reduce((sum, t) => sum + stored(t.tag, t.data).length, 0))
  let at = 0
  let sfntSize = 12 + 16 * tables.length
  for (const { tag, data } of tables) {
    const known = KNOWN_TAGS.indexOf(tag)
    const glyphs = tag === 'glyf' || tag === 'loca'
    const transform = glyphs && !transformed ? NULL_TRANSFORM : 0
    if (known >= 0) directory.push(known | transform)
    else directory.push(63 | transform, ...[...tag].map((c) => c.charCodeAt(0)))
    const bytes = stored(tag, data)
    directory.push(...base128(data.length))
    if (glyphs && transformed) directory.push(...base128(bytes.length))
    stream.set(bytes, at)
    at += bytes.length
    sfntSize += round4(data.length)
  }
  const compressed = brotliCompressSync(stream, {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_FONT,
      [constants.BROTLI_PARAM_QUALITY]: QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: stream.length,
    },
  })

  const headerSize = 48 + directory.length
  const length = round4(headerSize + compressed.length)
  const out = new Uint8Array(length)
  const header = new DataView(out.buffer)
  header.setUint32(0, 0x774f4632) // 'wOF2'
  header.setUint32(4, view.getUint32(0)) // the font's flavor
  header.setUint32(8, length)
  header.setUint16(12, tables.length)
  header.setUint32(16, sfntSize)
  header.setUint32(20, compressed.length)
  // The font's revision (head.fontRevision) as the file's version; no metadata, no private data.
  if (head) {
    header.setUint16(24, (head[4]! << 8) | head[5]!)
    header.setUint16(26, (head[6]! << 8) | head[7]!)
  }
  out.set(directory, 48)
  out.set(compressed, headerSize)
  return out
}
