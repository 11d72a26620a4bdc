// The prefix rule (iconify-prefix-choice.ts, ADR 0021): the pin answers while it is a candidate, else the
// first in the user's order (and is to be recorded); a limited token answers the user's project when it
// reaches it, else its first; ambiguous until the user chooses among what the token reaches.
import { describe, expect, it } from 'vitest'
import { choosePrefix } from './iconify-prefix-choice.ts'

const mine = { id: 'personal' }
const joinedFirst = { id: 'team' }
const joinedLater = { id: 'attacker' }
const order = [mine, joinedFirst, joinedLater]

describe('choosePrefix', () => {
  it('without a pin, the first in order answers, to be recorded, ambiguous when shared', () => {
    expect(choosePrefix(order, undefined, null)).toMatchObject({
      user: mine,
      answer: mine,
      record: true,
      ambiguous: true,
      chosen: false,
    })
    expect(choosePrefix([joinedLater], undefined, null)).toMatchObject({
      answer: joinedLater,
      ambiguous: false,
    })
  })

  it('a recorded pin keeps answering; only a chosen one ends the ambiguity', () => {
    expect(choosePrefix(order, { projectId: 'team', chosen: false }, null)).toMatchObject({
      answer: joinedFirst,
      record: false,
      ambiguous: true,
    })
    expect(choosePrefix(order, { projectId: 'attacker', chosen: true }, null)).toMatchObject({
      answer: joinedLater,
      ambiguous: false,
      chosen: true,
    })
  })

  it('a pin to a project no longer a candidate falls back to the order, to be recorded again', () => {
    expect(choosePrefix(order, { projectId: 'gone', chosen: true }, null)).toMatchObject({
      answer: mine,
      record: true,
      chosen: false,
    })
  })

  it("a limited token answers the user's project when it reaches it, else the first it reaches", () => {
    const pin = { projectId: 'team', chosen: true }
    expect(choosePrefix(order, pin, new Set(['attacker', 'team'])).answer).toBe(joinedFirst)
    const other = choosePrefix(order, pin, new Set(['attacker']))
    expect(other).toMatchObject({ user: joinedFirst, answer: joinedLater, ambiguous: false })
    expect(choosePrefix(order, undefined, new Set(['attacker', 'team']))).toMatchObject({
      answer: joinedFirst,
      ambiguous: true,
    })
    expect(choosePrefix(order, pin, new Set(['elsewhere'])).answer).toBeNull()
  })
})
