// The ZIP of an export, written entry by entry as its bytes are ready (ADR 0111): every entry stored
// (no compression: an icon's file is a few hundred bytes, too small for deflate to gain more than a
// fifth, and deflating 50,000 of them one by one took 80 to 230 s, bench/README.md), dated
// 1980-01-01 00:00:00 (the first date a ZIP can hold: the same bytes in every time zone, ADR 0104),
// names in UTF-8 (flag bit 11 when not ASCII). Pure: the browser's export worker and the server's
// heavy-work worker write the same bytes. Chunks go to `sink` in blocks of about `blockBytes`, so a
// server can send the first block while the rest is still being packed.

const LOCAL = 0x04034b50
const CENTRAL = 0x02014b50
const END = 0x06054b50
/** DOS date of 1980-01-01 (day 1, month 1, year 0); its time 00:00:00 is 0. */
const DOS_DATE = (1 << 5) | 1
/** Version 1.0: stored entries, no folders, no ZIP64. */
const VERSION = 10
const MAX_ENTRIES = 0xffff
const MAX_OFFSET = 0xffffffff

const CRC_TABLE = (() => {
  const table = new Int32Array(256)
  for (let n = 0; n < 256; n++) {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    table[n] = c
  }
  return table
})()

/** CRC-32 (ISO 3309) of `data`, as a ZIP entry carries it. */
export function crc32(data: Uint8Array): number {
  let c = -1
  for (let i = 0; i < data.length; i++) c = CRC_TABLE[(c ^ data[i]!) & 0xff]! ^ (c >>> 8)
  return (c ^ -1) >>> 0
}

const encoder = new TextEncoder()
// biome-ignore lint/suspicious/noControlCharactersInRegex: ASCII is U+0000 to U+007F
const isAscii = (text: string) => /^[\u0000-\u007f]*$/.test(text)

export type ZipWriter = {
  /** Adds one stored entry. */
  add(name: string, data: Uint8Array): void
  /** Writes the central directory and sends what is left. */
  end(): void
}

/** An export too large for a ZIP without ZIP64 (more than 65,535 entries, or past 4 GiB). */
const ZIP_TOO_LARGE = 'This export has too many files for one ZIP. Export fewer icons at a time.'

export function zipWriter(sink: (block: Uint8Array) => void, blockBytes = 256 * 1024): ZipWriter {
  const central: Uint8Array[] = []
  let offset = 0
  let block = new Uint8Array(blockBytes)
  let used = 0
  const flush = () => {
    if (!used) return
    sink(block.subarray(0, used))
    block = new Uint8Array(blockBytes)
    used = 0
  }
  const write = (bytes: Uint8Array) => {
    if (used + bytes.length > block.length) flush()
    if (bytes.length > block.length) sink(bytes.slice())
    else {
      block.set(bytes, used)
      used += bytes.length
    }
    offset += bytes.length
  }
  return {
    add(name, data) {
      if (central.length >= MAX_ENTRIES || offset + data.length > MAX_OFFSET) throw new Error(ZIP_TOO_LARGE)
      const path = encoder.encode(name)
      const flags = isAscii(name) ? 0 : 0x800
      const crc = crc32(data)
      const header = new Uint8Array(30 + path.length)
      const h = new DataView(header.buffer)
      h.setUint32(0, LOCAL, true)
      h.setUint16(4, VERSION, true)
      h.setUint16(6, flags, true)
      h.setUint16(8, 0, true) // stored
      h.setUint16(10, 0, true) // 00:00:00
      h.setUint16(12, DOS_DATE, true)
      h.setUint32(14, crc, true)
      h.setUint32(18, data.length, true)
      h.setUint32(22, data.length, true)
      h.setUint16(26, path.length, true)
      h.setUint16(28, 0, true)
      header.set(path, 30)
      const entry = new Uint8Array(46 + path.length)
      const e = new DataView(entry.buffer)
      e.setUint32(0, CENTRAL, true)
      e.setUint16(4, VERSION, true)
      e.setUint16(6, VERSION, true)
      e.setUint16(8, flags, true)
      e.setUint16(10, 0, true)
      e.setUint16(12, 0, true)
      e.setUint16(14, DOS_DATE, true)
      e.setUint32(16, crc, true)
      e.setUint32(20, data.length, true)
      e.setUint32(24, data.length, true)
      e.setUint16(28, path.length, true)
      // extra, comment, disk, internal and external attributes: 0
      e.setUint32(42, offset, true)
      entry.set(path, 46)
      central.push(entry)
      write(header)
      write(data)
    },
    end() {
      const start = offset
      for (const entry of central) write(entry)
      const tail = new Uint8Array(22)
      const t = new DataView(tail.buffer)
      t.setUint32(0, END, true)
      t.setUint16(8, central.length, true)
      t.setUint16(10, central.length, true)
      t.setUint32(12, offset - start, true)
      t.setUint32(16, start, true)
      write(tail)
      flush()
    },
  }
}

/** A whole ZIP of `entries`, in their order (the browser's export, the tests). */
export function zipStored(entries: Iterable<readonly [string, Uint8Array]>): Uint8Array<ArrayBuffer> {
  const blocks: Uint8Array[] = []
  const zip = zipWriter((block) => blocks.push(block))
  for (const [name, data] of entries) zip.add(name, data)
  zip.end()
  const out = new Uint8Array(blocks.reduce((n, b) => n + b.length, 0))
  let at = 0
  for (const b of blocks) {
    out.set(b, at)
    at += b.length
  }
  return out
}
