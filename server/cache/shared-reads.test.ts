import { describe, expect, test } from 'vitest'
import { sharedReads } from './shared-reads.ts'

/** A read that ends when told to. */
function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

describe('sharedReads', () => {
  test('who asks while a read runs shares it; the next after it settled reads again', async () => {
    const reads = sharedReads<string>()
    let started = 0
    const first = deferred<string>()
    const read = () => {
      started++
      return first.promise
    }
    const a = reads.share('k', read)
    const b = reads.share('k', read)
    expect(reads.running('k')).toBe(a)
    expect(b).toBe(a)
    first.resolve('one')
    expect(await Promise.all([a, b])).toEqual(['one', 'one'])
    expect(started).toBe(1)
    expect(reads.running('k')).toBeUndefined()
    expect(await reads.share('k', async () => 'two')).toBe('two')
  })

  test('a failed read fails all who shared it and is forgotten; other keys read their own', async () => {
    const reads = sharedReads<string>()
    const failing = deferred<string>()
    const a = reads.share('k', () => failing.promise)
    const b = reads.share('k', () => Promise.resolve('not read'))
    const other = reads.share('other', async () => 'own')
    failing.reject(new Error('lost'))
    await expect(a).rejects.toThrow('lost')
    await expect(b).rejects.toThrow('lost')
    expect(await other).toBe('own')
    expect(reads.running('k')).toBeUndefined()
    expect(await reads.share('k', async () => 'again')).toBe('again')
  })
})
