// The invitation e-mail: who invited you, to which workspace, with which role, and a link in.
// The workspace name is the inviter's text: on one line, never a link, escaped in HTML.
import { PRODUCT_NAME } from '../../common/messages.ts'
import { escapeHtml, inertName, oneLine } from './escape.ts'
import type { Mail } from './mail.ts'

export function invitationMail(opts: {
  to: string
  workspaceName: string
  role: string
  invitedBy: string
  link: string
}): Mail {
  const workspace = inertName(opts.workspaceName)
  const invitedBy = oneLine(opts.invitedBy)
  const role = oneLine(opts.role)
  const subject = `${invitedBy} invited you to ${workspace} on ${PRODUCT_NAME}`
  const text = [
    `${invitedBy} invited you to join the workspace "${workspace}" on ${PRODUCT_NAME} as ${role}.`,
    '',
    `Sign in with this e-mail address to accept or decline: ${opts.link}`,
  ].join('\n')
  const e = (s: string) => escapeHtml(s)
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111">
<p>${e(invitedBy)} invited you to join the workspace <strong>${e(workspace)}</strong> on ${PRODUCT_NAME} as ${e(role)}.</p>
<p><a href="${e(opts.link)}">Open ${PRODUCT_NAME}</a> and sign in with this e-mail address to accept or decline.</p>
</body></html>`
  return { to: opts.to, subject, text, html }
}
