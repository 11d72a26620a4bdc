// The streamed ZIP writer (ADR 0111): what it writes in blocks is one valid ZIP, read back entry for
// entry by an independent reader (fflate) and by Node's zlib CRC, the same in every block size.
import { crc32 as zlibCrc32 } from 'node:zlib'
import { unzipSync } from 'fflate'
import { describe, expect, test } from 'vitest'
import { crc32, zipStored, zipWriter } from './zip-stream.ts'

const encoder = new TextEncoder()
const entries: [string, Uint8Array][] = [
  ['house.svg', encoder.encode('<svg xmlns="http://www.w3.org/2000/svg"><path d="M1 1h2"/></svg>')],
  ['café-ünïcode.svg', encoder.encode('<svg><title>Café</title></svg>')],
  ['empty.txt', new Uint8Array()],
  ['big.bin', Uint8Array.from({ length: 700_000 }, (_, i) => (i * 7919) % 251)],
]

describe('the streamed ZIP writer', () => {
  test('its blocks make one ZIP whose entries read back byte for byte', () => {
    const blocks: Uint8Array[] = []
    const zip = zipWriter((block) => blocks.push(block.slice()), 1024)
    for (const [name, data] of entries) zip.add(name, data)
    zip.end()
    expect(blocks.length).toBeGreaterThan(2)
    const whole = new Uint8Array(blocks.reduce((n, b) => n + b.length, 0))
    let at = 0
    for (const b of blocks) {
      whole.set(b, at)
      at += b.length
    }
    // The same bytes whatever the block size.
    expect(whole).toEqual(zipStored(entries))
    const read = unzipSync(whole)
    expect(Object.keys(read)).toEqual(entries.map(([name]) => name))
    for (const [name, data] of entries) expect(read[name]).toEqual(data)
  })

  test('its CRC-32 is zlib’s', () => {
    for (const [, data] of entries) expect(crc32(data)).toBe(zlibCrc32(data))
  })
})
