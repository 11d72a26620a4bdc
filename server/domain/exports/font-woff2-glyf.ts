// WOFF2's transformed glyf table (its section 5.1) of the icon font (font-woff2.ts, ADR 0415): the
// glyphs' contour counts, point counts, flags and coordinates each in a stream of its own, the
// coordinates as WOFF2's triplets, so that Brotli finds their likenesses. The decoder (Chromium's,
// Firefox's) writes glyf and loca back from them. svg2ttf's glyphs are simple ones without
// instructions; a glyph's stored bounds are kept where they differ from its points' (svg2ttf takes
// them before rounding).

/** 255UInt16: one byte below 253, else a code and one or two bytes. */
function push255(out: number[], value: number) {
  if (value < 253) out.push(value)
  else if (value < 506) out.push(255, value - 253)
  else if (value < 762) out.push(254, value - 506)
  else out.push(253, value >> 8, value & 0xff)
}

/** One point's move as WOFF2's triplet: its flag byte, and its coordinate bytes into `data`. */
function triplet(onCurve: boolean, dx: number, dy: number, data: number[]): number {
  const [x, y] = [Math.abs(dx), Math.abs(dy)]
  const off = onCurve ? 0 : 128
  const xSign = dx < 0 ? 0 : 1
  const ySign = dy < 0 ? 0 : 1
  const signs = xSign + 2 * ySign
  if (dx === 0 && y < 1280) {
    data.push(y & 0xff)
    return off + ((y & 0xf00) >> 7) + ySign
  }
  if (dy === 0 && x < 1280) {
    data.push(x & 0xff)
    return off + 10 + ((x & 0xf00) >> 7) + xSign
  }
  if (x < 65 && y < 65) {
    data.push((((x - 1) & 0xf) << 4) | ((y - 1) & 0xf))
    return off + 20 + ((x - 1) & 0x30) + (((y - 1) & 0x30) >> 2) + signs
  }
  if (x < 769 && y < 769) {
    data.push((x - 1) & 0xff, (y - 1) & 0xff)
    return off + 84 + 12 * (((x - 1) & 0x300) >> 8) + (((y - 1) & 0x300) >> 6) + signs
  }
  if (x < 4096 && y < 4096) {
    data.push(x >> 4, ((x & 0xf) << 4) | (y >> 8), y & 0xff)
    return off + 120 + signs
  }
  data.push(x >> 8, x & 0xff, y >> 8, y & 0xff)
  return off + 124 + signs
}

/** The transformed glyf of a font's glyf and loca tables (loca then has no data of its own). */
export function transformedGlyf(glyf: Uint8Array, loca: Uint8Array, longLoca: boolean, glyphs: number) {
  const g = new DataView(glyf.buffer, glyf.byteOffset, glyf.byteLength)
  const l = new DataView(loca.buffer, loca.byteOffset, loca.byteLength)
  const offset = (i: number) => (longLoca ? l.getUint32(4 * i) : 2 * l.getUint16(2 * i))
  const contourCounts: number[] = []
  const pointCounts: number[] = []
  const flagBytes: number[] = []
  const glyphBytes: number[] = []
  const boxBytes: number[] = []
  const boxBits = new Uint8Array(4 * Math.ceil(glyphs / 32))
  for (let i = 0; i < glyphs; i++) {
    const start = offset(i)
    if (offset(i + 1) <= start) {
      contourCounts.push(0, 0)
      continue
    }
    const contours = g.getInt16(start)
    if (contours < 0) throw new Error('A composite glyph in the icon font')
    contourCounts.push((contours >> 8) & 0xff, contours & 0xff)
    let at = start + 10
    let points = 0
    for (let c = 0; c < contours; c++) {
      const end = g.getUint16(at) + 1
      push255(pointCounts, end - points)
      points = end
      at += 2
    }
    at += 2 + g.getUint16(at) // no instructions are kept (svg2ttf writes none)
    const flags: number[] = []
    while (flags.length < points) {
      const flag = g.getUint8(at++)
      flags.push(flag)
      if (flag & 8) for (let n = g.getUint8(at++); n > 0; n--) flags.push(flag)
    }
    const coordinates = (short: number, same: number) =>
      flags.map((flag) => {
        if (flag & short) return g.getUint8(at++) * (flag & same ? 1 : -1)
        if (flag & same) return 0
        const value = g.getInt16(at)
        at += 2
        return value
      })
    const dxs = coordinates(2, 16)
    const dys = coordinates(4, 32)
    let [x, y] = [0, 0]
    let [xMin, yMin, xMax, yMax] = [Infinity, Infinity, -Infinity, -Infinity]
    for (let p = 0; p < points; p++) {
      flagBytes.push(triplet((flags[p]! & 1) === 1, dxs[p]!, dys[p]!, glyphBytes))
      x += dxs[p]!
      y += dys[p]!
      ;[xMin, yMin, xMax, yMax] = [Math.min(xMin, x), Math.min(yMin, y), Math.max(xMax, x), Math.max(yMax, y)]
    }
    push255(glyphBytes, 0) // the instructions' length
    const stored = [2, 4, 6, 8].map((k) => g.getInt16(start + k))
    if (stored.join() !== [xMin, yMin, xMax, yMax].join()) {
      boxBits[i >> 3] = (boxBits[i >> 3] ?? 0) | (0x80 >> (i & 7))
      for (const v of stored) boxBytes.push((v >> 8) & 0xff, v & 0xff)
    }
  }
  const streams = [contourCounts, pointCounts, flagBytes, glyphBytes, [], [...boxBits, ...boxBytes], []]
  const out = new Uint8Array(36 + streams.reduce((n, s) => n + s.length, 0))
  const header = new DataView(out.buffer)
  header.setUint16(4, glyphs)
  header.setUint16(6, longLoca ? 1 : 0)
  let at = 36
  for (const [k, stream] of streams.entries()) {
    header.setUint32(8 + 4 * k, stream.length)
    out.set(stream, at)
    at += stream.length
  }
  return out
}
