// The e-mail to the person a workspace passed to when its owner deleted their account (ADR 0012,
// ADR 0018): which workspace, whose account went, that they own it now, and — when their plan is not
// Gold — that members can no longer save icons there until its owner has a Gold plan.
import { PRODUCT_NAME } from '../../common/messages.ts'
import { escapeHtml, inertName, oneLine } from './escape.ts'
import type { Mail } from './mail.ts'

export function workspaceHeirMail(opts: {
  to: string
  workspaceName: string
  formerOwner: string
  heirPlan: string
  link: string
}): Mail {
  const workspace = inertName(opts.workspaceName)
  const former = oneLine(opts.formerOwner)
  const subject = `You now own ${workspace} on ${PRODUCT_NAME}`
  const lines = [
    `${former} deleted their ${PRODUCT_NAME} account. You are now the owner of the workspace "${workspace}", with its members, projects and icons.`,
    ...(opts.heirPlan === 'gold'
      ? []
      : [
          `A workspace's plan is its owner's: on your ${oneLine(opts.heirPlan)} plan, members cannot save icons there and it has no credits. Upgrade to Gold to keep the team working.`,
        ]),
  ]
  const text = [...lines, '', `Open it: ${opts.link}`].join('\n')
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111">
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p><a href="${escapeHtml(opts.link)}">Open ${PRODUCT_NAME}</a></p>
</body></html>`
  return { to: opts.to, subject, text, html }
}
