import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { createMailer } from './mail.ts'

describe('the dev mailbox', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'iconvault-mail-'))
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  it('stores a mail to a 254-character address with a one-line subject, inside its folder', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {})
    const mailer = createMailer({ from: 'Iconvault <no-reply@example.com>', dataDir })
    const to = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com`
    expect(to.length).toBe(254)
    try {
      await mailer.send({ to, subject: 'Hi\r\nBcc: x@evil.example', text: 'body', html: '<p>body</p>' })
      await mailer.send({ to: '../../x/y@example.com', subject: 's', text: 't', html: 'h' })
    } finally {
      log.mockRestore()
    }
    const files = readdirSync(join(dataDir, 'mail'))
    expect(files).toHaveLength(2)
    const first = readFileSync(join(dataDir, 'mail', files.find((f) => f.includes('aaaa'))!), 'utf8')
    expect(first).toContain('\nSubject: Hi Bcc: x@evil.example\n')
    expect(first).not.toMatch(/^Bcc:/m)
    expect(readdirSync(dataDir)).toEqual(['mail'])
  })
})
