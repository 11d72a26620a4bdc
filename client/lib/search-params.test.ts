import { describe, expect, it } from 'vitest'
import { projectSearchSchema } from '../routes/_app/-project-search.ts'
import { optionalText, requiredText, textOrNothing } from './search-params.ts'

describe('search parameter checks', () => {
  it('keep a non-empty string, drop other keys, and name a bad parameter', () => {
    expect(projectSearchSchema({ projectId: 'p1', other: 'x' })).toEqual({ projectId: 'p1' })
    expect(projectSearchSchema({})).toEqual({})
    expect(() => projectSearchSchema({ projectId: 123 })).toThrow(/projectId/)
    expect(() => projectSearchSchema({ projectId: '' })).toThrow(/projectId/)
    expect(optionalText({ a: undefined }, 'a')).toBeUndefined()
  })

  it('require a token, and fall back where a route ignores a bad value', () => {
    expect(requiredText({ token: 't' }, 'token')).toBe('t')
    expect(() => requiredText({}, 'token')).toThrow(/token/)
    expect(textOrNothing(5)).toBeUndefined()
    expect(textOrNothing('')).toBeUndefined()
    expect(textOrNothing('i1')).toBe('i1')
  })
})
