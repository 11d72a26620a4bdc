// seedTeam(): the team most integration tests start from — an owner on a plan that may have a
// workspace, the workspace, and members who accepted an invitation with their role. Every step
// must succeed (a broken invitation fails the set-up, it does not leave a smaller team).
import { randomUUID } from 'node:crypto'
import { expect } from 'vitest'
import type { AssignableRole } from '../../common/permissions.ts'
import type { TestApp } from './test-app.ts'

export type Team = {
  wsId: string
  /** The owner's session cookie. */
  owner: string
  /** Each member's session cookie, by e-mail. */
  members: Record<string, string>
}

export async function seedTeam(
  t: TestApp,
  team: {
    owner: string
    members?: Record<string, AssignableRole>
    name?: string
    wsId?: string
    plan?: 'pro' | 'gold'
  },
): Promise<Team> {
  const wsId = team.wsId ?? randomUUID()
  const owner = await t.signIn(team.owner)
  await t.setPlan(team.owner, team.plan ?? 'gold')
  const created = await t.post('/api/workspaces/create', owner, {
    id: wsId,
    name: team.name ?? 'Team',
    description: '',
  })
  expect(created.status).toBe(200)
  const members: Record<string, string> = {}
  for (const [email, role] of Object.entries(team.members ?? {})) {
    const cookie = await t.signIn(email)
    const inv = await t.post('/api/workspaces/invite-user', owner, { workspaceId: wsId, email, role })
    expect(inv.status).toBe(200)
    const accepted = await t.post('/api/workspaces/accept-invitation', cookie, {
      invitationId: inv.body.data.id,
    })
    expect(accepted.status).toBe(200)
    members[email] = cookie
  }
  return { wsId, owner, members }
}
