// Deterministic pseudo-random numbers for tests that mutate inputs (mulberry32): the same seed,
// the same sequence, so a failure is reproduced by running the test again.
export function seededRandom(seed: number): () => number {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** `count` names, each 1 to `maxParts` of `parts` joined, drawn from `seededRandom(seed)`. */
export function namesFromParts(
  parts: readonly string[],
  count: number,
  seed: number,
  maxParts = 5,
): string[] {
  const next = seededRandom(seed)
  return Array.from({ length: count }, () => {
    let name = ''
    for (let k = 1 + Math.floor(next() * maxParts); k > 0; k--)
      name += parts[Math.floor(next() * parts.length)]
    return name
  })
}
