import { expect, test } from 'vitest'
import { keptFor } from './kept-for.ts'

test('an entry lives until its bound or its own expiry; a read overlapping a forget keeps nothing', () => {
  let t = 0
  const kept = keptFor<string>({ name: 'test', ttlMs: 100, maxEntries: 2, now: () => t })
  kept.set('a', 'A', kept.generation(), 50)
  expect(kept.get('a')).toBe('A')
  t = 50
  expect(kept.get('a')).toBeNull() // its own expiry
  kept.set('a', 'A', kept.generation())
  t = 149
  expect(kept.get('a')).toBe('A')
  t = 150
  expect(kept.get('a')).toBeNull() // the bound

  // A read began, a note forgot something meanwhile: what the read saw may be older than the note.
  const since = kept.generation()
  kept.forget('other')
  kept.set('b', 'B', since)
  expect(kept.get('b')).toBeNull()
  kept.set('b', 'B', kept.generation())
  expect(kept.get('b')).toBe('B')

  kept.set('c', 'C', kept.generation())
  kept.set('d', 'D', kept.generation()) // oldest out past maxEntries
  expect([kept.get('b'), kept.get('c'), kept.get('d')]).toEqual([null, 'C', 'D'])
  kept.forgetWhere((v) => v === 'C')
  expect([kept.get('c'), kept.get('d')]).toEqual([null, 'D'])
  kept.clear()
  expect(kept.get('d')).toBeNull()
})

test('through: one read for everyone asking at once; a forget starts a new one; a failure is not kept', async () => {
  const kept = keptFor<string>({ name: 'test', ttlMs: 1000, maxEntries: 10 })
  let reads = 0
  const gates: (() => void)[] = []
  const read = (value: string) => () =>
    new Promise<{ value: string; keep: boolean }>((resolve) => {
      reads++
      gates.push(() => resolve({ value, keep: true }))
    })
  const asked = [kept.through('a', read('A1')), kept.through('a', read('A2')), kept.through('a', read('A3'))]
  expect(reads).toBe(1)
  // A forget while the read is on its way: who asks now may need what the forget announced.
  kept.forget('a')
  const later = kept.through('a', read('A4'))
  expect(reads).toBe(2)
  for (const open of gates) open()
  expect(await Promise.all(asked)).toEqual(['A1', 'A1', 'A1'])
  expect(await later).toBe('A4')
  expect(kept.get('a')).toBe('A4') // the first read began before the forget: not kept
  expect(await kept.through('a', read('A5'))).toBe('A4')
  expect(reads).toBe(2)

  const failing = () => Promise.reject(new Error('database gone'))
  const both = [kept.through('b', failing), kept.through('b', failing)]
  for (const p of both) await expect(p).rejects.toThrow('database gone')
  expect(await kept.through('b', async () => ({ value: 'B', keep: false }))).toBe('B')
  expect(kept.get('b')).toBeNull() // keep: false
})

test('a bytes bound counts a shared object once and lets the oldest go past it', () => {
  type V = { answer: { size: number } }
  const a = { size: 40 }
  const b = { size: 50 }
  const huge = { size: 200 }
  const kept = keptFor<V>({
    name: 'test',
    ttlMs: 1_000,
    maxEntries: 100,
    weight: { maxBytes: 100, of: (v) => ({ shared: v.answer, bytes: v.answer.size }) },
  })
  const set = (key: string, answer: { size: number }) => kept.set(key, { answer }, kept.generation())
  // Three tokens asking the same answer weigh 40 bytes, not 120.
  for (const key of ['t1', 't2', 't3']) set(key, a)
  set('t4', b)
  expect(['t1', 't2', 't3', 't4'].map((k) => kept.get(k)?.answer.size ?? null)).toEqual([40, 40, 40, 50])
  // 40 + 50 + 40 = 130 > 100: the oldest entries go until 'a' is held by none (t1, t2, t3).
  set('t5', { size: 40 })
  expect(['t1', 't2', 't3', 't4', 't5'].map((k) => kept.get(k) !== null)).toEqual([
    false,
    false,
    false,
    true,
    true,
  ])
  // One value larger than the whole bound is not kept, and leaves the others alone.
  set('t6', huge)
  expect(['t4', 't5', 't6'].map((k) => kept.get(k)?.answer.size ?? null)).toEqual([50, 40, null])
  // Forgotten entries give their bytes back: 40 + 50 fit again.
  kept.forget('t4')
  kept.forget('t5')
  set('t7', a)
  set('t8', b)
  expect([kept.get('t7')?.answer.size, kept.get('t8')?.answer.size]).toEqual([40, 50])
  kept.clear()
  set('t9', { size: 100 })
  expect(kept.get('t9')?.answer.size).toBe(100)
})
