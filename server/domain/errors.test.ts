// ApiError's code: the status's unless the refusal names its own (ADR 0004).
import { describe, expect, it } from 'vitest'
import { appMessages, messages } from '../../common/messages.ts'
import { ApiError, badRequest, conflict, forbidden, gone, notFound, signedOut } from './errors.ts'

describe('ApiError codes', () => {
  it('default to the code of their status', () => {
    expect(
      [badRequest('x'), signedOut(), forbidden(), notFound(), conflict('x'), gone('x')].map((e) => e.code),
    ).toEqual(['invalid', 'signed_out', 'not_authorized', 'not_found', 'conflict', 'gone'])
    expect(new ApiError(503, 'x').code).toBe('unavailable')
    expect(new ApiError(504, 'x').code).toBe('upstream_timeout')
  })

  it('take an explicit code where the status is ambiguous, the message unchanged', () => {
    const plan = forbidden(messages.needProToSave, 'plan_required')
    expect([plan.status, plan.message, plan.code]).toEqual([403, messages.needProToSave, 'plan_required'])
    expect(gone(appMessages.syncCursorTooOld, 'cursor_expired').code).toBe('cursor_expired')
    const busy = new ApiError(503, 'busy', { 'Retry-After': '1' }, 'busy')
    expect([busy.code, busy.headers]).toEqual(['busy', { 'Retry-After': '1' }])
    expect(forbidden().message).toBe(messages.notAuthorized)
  })
})
