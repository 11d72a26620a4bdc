// The sign-in e-mail: the link, how long it lasts, and what to do if it was not you.
import { PRODUCT_NAME } from '../../common/messages.ts'
import { escapeHtml } from './escape.ts'
import type { Mail } from './mail.ts'

export function magicLinkMail(to: string, link: string, minutes: number): Mail {
  const subject = `Sign in to ${PRODUCT_NAME}`
  const text = [
    `Sign in to ${PRODUCT_NAME} with this link:`,
    '',
    link,
    '',
    `It works once and expires in ${minutes} minutes.`,
    'If you did not ask to sign in, ignore this e-mail.',
  ].join('\n')
  const href = escapeHtml(link)
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111">
<h1 style="font-size:20px">Sign in to ${PRODUCT_NAME}</h1>
<p><a href="${href}" style="display:inline-block;padding:10px 16px;background:#4f46e5;color:#fff;border-radius:6px;text-decoration:none">Sign in</a></p>
<p>Or paste this link into your browser:<br><a href="${href}">${href}</a></p>
<p style="color:#555">It works once and expires in ${minutes} minutes. If you did not ask to sign in, ignore this e-mail.</p>
</body></html>`
  return { to, subject, text, html }
}
