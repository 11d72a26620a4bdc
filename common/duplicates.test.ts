// The rule's bounds (ink counts, outlines) are what let a lookup skip comparing planes: each must
// never exceed the distance itself, or a near pair would be skipped.
import { describe, expect, it } from 'vitest'
import {
  FINGERPRINT_SIZE,
  type Fingerprint,
  fingerprintDistance,
  fingerprintOfWords,
  inkBound,
  outlineBound,
  outlineOf,
  rowsDistance,
} from './duplicates.ts'

let seed = 11
const random = () => {
  seed = (Math.imul(seed, 1103515245) + 12345) >>> 0
  return seed
}

/** A drawing's planes: touched pixels in a few random boxes, most of them solid (solid ⊂ touched). */
function drawing(): Fingerprint {
  const words = new Uint32Array(FINGERPRINT_SIZE * 2)
  for (let box = 0; box < 1 + (random() % 3); box++) {
    const top = random() % 28
    const height = 1 + (random() % (32 - top))
    const mask = ((2 ** (1 + (random() % 16)) - 1) * 2 ** (random() % 16)) >>> 0
    for (let y = top; y < top + height; y++) {
      words[FINGERPRINT_SIZE + y]! |= mask
      words[y]! |= mask & (random() | random())
    }
  }
  return fingerprintOfWords(words)
}

/** The same drawing with a few pixels changed: solid dropped, touched added or taken away. */
function nudged(print: Fingerprint): Fingerprint {
  const words = new Uint32Array(FINGERPRINT_SIZE * 2)
  words.set(print.solid)
  words.set(print.touched, FINGERPRINT_SIZE)
  for (let n = random() % 4; n > 0; n--) {
    const y = random() % FINGERPRINT_SIZE
    const bit = 1 << (random() % 32)
    if (random() % 2) words[FINGERPRINT_SIZE + y]! |= bit
    else {
      words[FINGERPRINT_SIZE + y]! &= ~bit
      words[y]! &= ~bit
    }
  }
  return fingerprintOfWords(words)
}

describe('the near-duplicate rule', () => {
  it('bounds the distance from below by ink counts and by outlines, and counts it in place as it does whole', () => {
    let near = 0
    for (let pair = 0; pair < 5_000; pair++) {
      const a = drawing()
      const b = pair % 2 ? nudged(a) : drawing()
      const distance = fingerprintDistance(a, b)
      expect(inkBound(a, b)).toBeLessThanOrEqual(distance)
      const held = new Uint32Array(8)
      held.set(outlineOf(b), 4)
      expect(outlineBound(outlineOf(a), held, 4)).toBeLessThanOrEqual(distance)
      const words = new Uint32Array(FINGERPRINT_SIZE * 3)
      words.set(b.solid, FINGERPRINT_SIZE)
      words.set(b.touched, FINGERPRINT_SIZE * 2)
      expect(rowsDistance(a, words, FINGERPRINT_SIZE, words, FINGERPRINT_SIZE * 2)).toBe(distance)
      if (distance <= 1) near++
    }
    // Both sides of the threshold were met.
    expect(near).toBeGreaterThan(500)
  })

  it('has outlines that tell a row from a column', () => {
    const words = new Uint32Array(FINGERPRINT_SIZE * 2)
    words[3] = 1 << 5
    words[FINGERPRINT_SIZE + 3] = (1 << 5) | (1 << 6)
    expect([...outlineOf(fingerprintOfWords(words))]).toEqual([1 << 3, 1 << 3, 1 << 5, (1 << 5) | (1 << 6)])
  })
})
