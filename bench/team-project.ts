// A team for the benchmarks that measure what many people reach: a gold owner's workspace with
// one project, and members (viewers) who accepted an invitation, each signed in from an address of
// its own (the server runs with TRUST_PROXY; sign-in is limited per address).
import { randomUUID } from 'node:crypto'
import { proUserWithProject } from '../tests/setup/api-user.ts'
import type { TestSmtp } from '../tests/setup/smtp.ts'

/**
 * A gold owner's workspace with one project, and `users` - 1 members (viewers) who accepted an
 * invitation: every token of any of them reaches the project under the same prefix and ETag.
 */
export async function teamProject(baseUrl: string, smtp: TestSmtp, kind: string, users: number) {
  const owner = await proUserWithProject(baseUrl, smtp, `iconify-${kind}@example.com`)
  const ok = async (res: Response, what: string) => {
    if (!res.ok) throw new Error(`${what}: HTTP ${res.status} ${await res.text()}`)
    return res.json()
  }
  const upgrade = await ok(
    await owner.call('/api/auth/subscription/upgrade', {
      plan: 'gold',
      successUrl: '/maker',
      cancelUrl: '/upgrade',
    }),
    'upgrade',
  )
  const session = new URL(upgrade.url, baseUrl).searchParams.get('session')
  await ok(await owner.call('/api/billing/checkout/complete', { session }), 'checkout')
  const workspaceId = randomUUID()
  await ok(
    await owner.call('/api/workspaces/create', { id: workspaceId, name: 'Bench', description: '' }),
    'workspace',
  )
  const projectId = randomUUID()
  await ok(
    await owner.call('/api/projects/create', {
      id: projectId,
      name: 'Bench set',
      description: '',
      workspace_id: workspaceId,
    }),
    'project',
  )
  const everyone = [owner.call]
  for (let i = 1; i < users; i++) {
    const email = `iconify-${kind}-${i}@example.com`
    const member = await proUserWithProject(baseUrl, smtp, email, `10.9.0.${i}`)
    const invitation = await ok(
      await owner.call('/api/workspaces/invite-user', { workspaceId, email, role: 'viewer' }),
      'invite',
    )
    await ok(
      await member.call('/api/workspaces/accept-invitation', { invitationId: invitation.data.id }),
      'accept',
    )
    everyone.push(member.call)
  }
  return { call: owner.call, projectId, workspaceId, everyone }
}
