import { describe, expect, it } from 'vitest'
import { turnOf } from './drop-turns.ts'

describe('drop turns', () => {
  it('gives a lane its turns one at a time, in the order asked, and other lanes theirs at once', async () => {
    const pool = {}
    const order: string[] = []
    const take = async (name: string, lane: string) => {
      const done = await turnOf(pool, lane)
      order.push(`${name} starts`)
      return () => {
        order.push(`${name} ends`)
        done()
      }
    }
    const first = await take('a1', 'a')
    const second = take('a2', 'a')
    const third = take('a3', 'a')
    const other = await take('b1', 'b')
    expect(order).toEqual(['a1 starts', 'b1 starts'])
    first()
    const endSecond = await second
    expect(order).toEqual(['a1 starts', 'b1 starts', 'a1 ends', 'a2 starts'])
    endSecond()
    ;(await third)()
    other()
    expect(order.slice(4)).toEqual(['a2 ends', 'a3 starts', 'a3 ends', 'b1 ends'])
    // Every turn ended: a new one starts at once.
    const again = await turnOf(pool, 'a')
    again()
  })

  it('keeps the turns of each pool apart', async () => {
    const one = await turnOf({}, 'a')
    const two = await turnOf({}, 'a')
    one()
    two()
  })
})
