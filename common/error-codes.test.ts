// The closed list of error codes and the default code of each error status (ADR 0004).
import { describe, expect, it } from 'vitest'
import { codeForStatus, ERROR_CODE_LIST, ERROR_CODES, errorBody, isErrorCode } from './error-codes.ts'

describe('error codes', () => {
  it('are snake_case words, each with what it means', () => {
    for (const code of ERROR_CODE_LIST) {
      expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/)
      expect(ERROR_CODES[code].length).toBeGreaterThan(10)
    }
  })

  it('maps each error status to its default code', () => {
    expect(
      Object.fromEntries(
        [400, 401, 403, 404, 405, 409, 410, 413, 415, 429, 500, 502, 503, 504].map((s) => [
          s,
          codeForStatus(s),
        ]),
      ),
    ).toEqual({
      400: 'invalid',
      401: 'signed_out',
      403: 'not_authorized',
      404: 'not_found',
      405: 'method_not_allowed',
      409: 'conflict',
      410: 'gone',
      413: 'too_large',
      415: 'json_required',
      429: 'rate_limited',
      500: 'internal',
      502: 'upstream_error',
      503: 'unavailable',
      504: 'upstream_timeout',
    })
    expect(codeForStatus(418)).toBe('invalid')
    expect(codeForStatus(599)).toBe('internal')
  })

  it('knows only its own codes (better-auth’s INVALID_TOKEN is not one)', () => {
    expect(isErrorCode('plan_required')).toBe(true)
    expect(isErrorCode('INVALID_TOKEN')).toBe(false)
    expect(isErrorCode('toString')).toBe(false)
    expect(isErrorCode(undefined)).toBe(false)
  })

  it('builds the one error body', () => {
    expect(errorBody('Not found', 'not_found')).toEqual({ error: 'Not found', code: 'not_found' })
  })
})
