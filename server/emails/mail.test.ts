import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { afterAll, describe, expect, it } from 'vitest'
import { createLogger } from '../log/log.ts'
import { createMailer } from './mail.ts'

describe('the dev mailbox', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'iconvault-mail-'))
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  it('stores a mail to a 254-character address with a one-line subject, inside its folder', async () => {
    const logger = createLogger({ level: 'silent', format: 'json' })
    const mailer = createMailer({ from: 'Iconvault <no-reply@example.com>', dataDir, logger })
    const to = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com`
    expect(to.length).toBe(254)
    await mailer.send({ to, subject: 'Hi\r\nBcc: x@evil.example', text: 'body', html: '<p>body</p>' })
    await mailer.send({ to: '../../x/y@example.com', subject: 's', text: 't', html: 'h' })
    const files = readdirSync(join(dataDir, 'mail'))
    expect(files).toHaveLength(2)
    const first = readFileSync(join(dataDir, 'mail', files.find((f) => f.includes('aaaa'))!), 'utf8')
    expect(first).toContain('\nSubject: Hi Bcc: x@evil.example\n')
    expect(first).not.toMatch(/^Bcc:/m)
    expect(readdirSync(dataDir)).toEqual(['mail'])
  })

  it('logs each mail through the logger at info, its text (the sign-in link) in the message', async () => {
    const lines: Record<string, unknown>[] = []
    const destination = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)))
        done()
      },
    })
    const logger = createLogger({ level: 'info', format: 'json', destination })
    const mailer = createMailer({ from: 'Iconvault <no-reply@example.com>', dataDir, logger })
    const link = 'http://localhost:3000/api/auth/magic-link/verify?token=abc'
    await mailer.send({ to: 'you@example.com', subject: 'Sign in', text: `Open ${link}`, html: 'h' })
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({ level: 'info', mail: { to: 'you@example.com', subject: 'Sign in' } })
    expect(lines[0]?.msg).toContain(link)
  })
})
