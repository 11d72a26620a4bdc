// A real SMTP server on loopback for tests: keeps every message it receives and lets a
// test wait for the next one sent to an address.
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export type ReceivedMail = {
  to: string
  subject: string
  text: string
  html: string
  link: string | null
  receivedAt: number
}

export type TestSmtp = {
  url: string
  mails: ReceivedMail[]
  waitForMail(to: string, opts?: { after?: number; timeoutMs?: number }): Promise<ReceivedMail>
  close(): Promise<void>
}

function decodeQuotedPrintable(s: string): string {
  return s
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
}

/** Splits a MIME message (as nodemailer writes it) into its subject, text and html parts. */
export function parseMail(raw: string, to: string): ReceivedMail {
  const subject = /^Subject: (.*)$/im.exec(raw)?.[1]?.trim() ?? ''
  const part = (type: string) => {
    const re = new RegExp(`Content-Type: ${type}[^]*?\\r?\\n\\r?\\n([^]*?)(?:\\r?\\n--|$)`, 'i')
    const m = re.exec(raw)
    if (!m) return ''
    const headerBlock = raw.slice(0, m.index + m[0].length - (m[1]?.length ?? 0))
    const qp = /quoted-printable/i.test(headerBlock.slice(m.index))
    return qp ? decodeQuotedPrintable(m[1] ?? '') : (m[1] ?? '')
  }
  const text = part('text/plain')
  const html = part('text/html')
  const link = /(https?:\/\/[^\s"<>]+\/verify-identity\?token=[\w.~%-]+)/.exec(text || html)?.[1] ?? null
  return { to, subject, text, html, link, receivedAt: Date.now() }
}

export async function startTestSmtp(): Promise<TestSmtp> {
  const mails: ReceivedMail[] = []
  const waiters = new Set<() => void>()
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        for (const rcpt of session.envelope.rcptTo) mails.push(parseMail(raw, rcpt.address.toLowerCase()))
        for (const wake of waiters) wake()
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitForMail(to, opts = {}) {
      const after = opts.after ?? 0
      const find = () => mails.findLast((m) => m.to === to.toLowerCase() && m.receivedAt >= after)
      return new Promise((resolve, reject) => {
        const found = find()
        if (found) return resolve(found)
        const timer = setTimeout(() => {
          waiters.delete(check)
          reject(new Error(`No mail to ${to} within ${opts.timeoutMs ?? 10_000} ms`))
        }, opts.timeoutMs ?? 10_000)
        const check = () => {
          const m = find()
          if (!m) return
          clearTimeout(timer)
          waiters.delete(check)
          resolve(m)
        }
        waiters.add(check)
      })
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
