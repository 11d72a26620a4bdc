// The invitation e-mail: who invited you, to which workspace, with which role, and a link in.
import { PRODUCT_NAME } from '../../common/messages.ts'
import type { Mail } from '../mail.ts'
import { escapeHtml } from './escape.ts'

export function invitationMail(opts: {
  to: string
  workspaceName: string
  role: string
  invitedBy: string
  link: string
}): Mail {
  const subject = `${opts.invitedBy} invited you to ${opts.workspaceName} on ${PRODUCT_NAME}`
  const text = [
    `${opts.invitedBy} invited you to join the workspace "${opts.workspaceName}" on ${PRODUCT_NAME} as ${opts.role}.`,
    '',
    `Sign in with this e-mail address to accept or decline: ${opts.link}`,
  ].join('\n')
  const e = (s: string) => escapeHtml(s)
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111">
<p>${e(opts.invitedBy)} invited you to join the workspace <strong>${e(opts.workspaceName)}</strong> on ${PRODUCT_NAME} as ${e(opts.role)}.</p>
<p><a href="${e(opts.link)}">Open ${PRODUCT_NAME}</a> and sign in with this e-mail address to accept or decline.</p>
</body></html>`
  return { to: opts.to, subject, text, html }
}
