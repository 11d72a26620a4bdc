// The move's name-clash rule (ADR 0404): which arriving icons clash, and the free name a rename gives.
import { describe, expect, it } from 'vitest'
import { freeName, nameClashes, nameKey } from './name-clashes.ts'

describe('nameClashes', () => {
  it('names the arriving icons whose names the target holds, trimmed and case-insensitively, in order', () => {
    const arriving = [
      { id: '1', name: 'calendar' },
      { id: '2', name: 'Calendar-X' },
      { id: '3', name: 'clock' },
    ]
    expect(nameClashes(arriving, ['calendar-x ', 'CALENDAR'])).toEqual([
      { id: '1', name: 'calendar' },
      { id: '2', name: 'Calendar-X' },
    ])
  })

  it('the second of two arriving icons of one name clashes with the first', () => {
    expect(
      nameClashes(
        [
          { id: '1', name: 'bell' },
          { id: '2', name: 'Bell' },
        ],
        [],
      ),
    ).toEqual([{ id: '2', name: 'Bell' }])
  })
})

describe('freeName', () => {
  it('adds the first number not taken, and takes it', () => {
    const taken = new Set(['calendar', 'calendar-2'].map(nameKey))
    expect(freeName('calendar', taken)).toBe('calendar-3')
    expect(freeName('calendar', taken)).toBe('calendar-4')
    expect(freeName(' bell ', taken)).toBe('bell')
  })
})
