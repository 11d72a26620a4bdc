import { describe, expect, it } from 'vitest'
import { invitationMail } from './invitation.ts'

describe('invitationMail with a hostile workspace name', () => {
  const mail = invitationMail({
    to: 'bob@example.com',
    workspaceName:
      'Acme\r\nBcc: victim@example.com\u0000 see https://evil.example/login <img src=x onerror=alert(1)>',
    role: 'member',
    invitedBy: 'ada@example.com',
    link: 'http://localhost:3000/icons',
  })

  it('keeps the subject on one line, without control characters', () => {
    expect([...mail.subject].some((ch) => ch.charCodeAt(0) < 0x20)).toBe(false)
    expect(mail.subject).toMatch(/^ada@example\.com invited you to Acme Bcc: /)
  })

  it('turns no part of the name into a link, in text or HTML', () => {
    for (const part of [mail.subject, mail.text, mail.html]) {
      expect(part).not.toContain('https://evil.example')
      expect(part).not.toMatch(/\bevil\.example\b/)
    }
    expect(mail.text).toContain('https[:]//evil[.]example/login')
    // The app's own link stays a link.
    expect(mail.text).toContain('http://localhost:3000/icons')
  })

  it('escapes the name in HTML', () => {
    expect(mail.html).not.toContain('<img')
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;')
  })
})
