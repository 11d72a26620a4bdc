// Outgoing mail: SMTP through nodemailer when SMTP_URL is set; otherwise a dev mailbox
// that logs each message (at info, its text in the message: the sign-in link is readable in
// LOG_FORMAT=pretty) and keeps it as a file under DATA_DIR/mail/ (owner-only: a
// mail holds a sign-in link). Headers (recipient, subject) are put on one line here, whatever the
// caller passed.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import nodemailer from 'nodemailer'
import type { Logger } from '../log/log.ts'
import { oneLine } from './escape.ts'

export type Mail = { to: string; subject: string; text: string; html: string }
export type Mailer = { send(mail: Mail): Promise<void>; close(): void }

/** The mail with its header fields on one line (no CR/LF or other controls to inject headers with). */
const withSafeHeaders = (mail: Mail): Mail => ({
  ...mail,
  to: oneLine(mail.to),
  subject: oneLine(mail.subject),
})

/** A dev-mailbox file name for a recipient: no path separators, short enough for any file system. */
const fileSafe = (address: string) => address.replace(/[^\w@.+-]/g, '_').slice(0, 120)

export function createMailer(opts: {
  smtpUrl?: string
  from: string
  dataDir: string
  logger: Logger
}): Mailer {
  if (opts.smtpUrl) {
    const url = new URL(opts.smtpUrl)
    const transport = nodemailer.createTransport({
      host: url.hostname,
      port: Number(url.port) || (url.protocol === 'smtps:' ? 465 : 587),
      secure: url.protocol === 'smtps:',
      auth: url.username
        ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
        : undefined,
      // smtp://host?ignoreTLS=true for a local relay without STARTTLS.
      ignoreTLS: url.searchParams.get('ignoreTLS') === 'true',
    })
    return {
      send: async (mail) => {
        await transport.sendMail({ from: opts.from, ...withSafeHeaders(mail) })
      },
      close: () => transport.close(),
    }
  }
  const dir = join(opts.dataDir, 'mail')
  return {
    send: async (unsafe) => {
      const mail = withSafeHeaders(unsafe)
      mkdirSync(dir, { recursive: true, mode: 0o700 })
      const file = join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${fileSafe(mail.to)}.eml`)
      const body = `From: ${opts.from}\nTo: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n`
      writeFileSync(file, body, { mode: 0o600 })
      opts.logger.info(
        { mail: { to: mail.to, subject: mail.subject, file } },
        `[dev mailbox] to ${mail.to}: ${mail.subject}\n${mail.text}\n`,
      )
    },
    close: () => {},
  }
}
