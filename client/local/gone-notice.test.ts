// The texts a member is shown when something vanishes from their view (ADR 0018).
import { describe, expect, it } from 'vitest'
import { vanishedText } from './gone-notice.ts'

describe('vanishedText', () => {
  it('names what went and who did it', () => {
    expect(vanishedText({ kind: 'project', name: 'Brand icons', by: 'ann@example.com' })).toBe(
      '“Brand icons” was deleted by ann@example.com. An admin can restore it within 30 days.',
    )
    expect(vanishedText({ kind: 'workspace', name: 'Acme', by: 'Ann' })).toBe(
      'The workspace “Acme” was deleted by Ann. Its owner or an admin can restore it within 30 days.',
    )
    expect(vanishedText({ kind: 'removed', name: 'Acme', by: 'Ann' })).toBe(
      'You were removed from “Acme” by Ann.',
    )
  })

  it("a workspace purged with its owner's account promises no restore (nobody is left to do it)", () => {
    expect(vanishedText({ kind: 'workspace-gone', name: 'Acme' })).toBe(
      "The workspace “Acme” was deleted for good with its owner's account: it cannot be restored.",
    )
  })

  it('says it without a name when the server does not know who', () => {
    expect(vanishedText({ kind: 'removed', name: 'Acme' })).toBe('You were removed from “Acme”.')
    expect(vanishedText({ kind: 'project', name: 'P' })).toBe(
      '“P” was deleted. An admin can restore it within 30 days.',
    )
  })
})
