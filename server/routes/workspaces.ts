// /api/workspaces/*: docs/product.md §API, the specified paths and payloads exactly.
import { Hono } from 'hono'
import { reviewRulesQuery, updateReviewRulesBody } from '../../common/schemas/review-rules.ts'
import * as s from '../../common/schemas/workspaces.ts'
import { deletedWorkspaceScope, type Scope, workspaceScope } from '../domain/access.ts'
import { workspaceHeirs } from '../domain/accounts/account-heirs.ts'
import type { Deps } from '../domain/deps.ts'
import { readReviewRules, updateReviewRules } from '../domain/reviews/review-rules.ts'
import {
  acceptInvitation,
  declineInvitation,
  inviteUser,
  listMyInvitations,
} from '../domain/workspaces/invitations.ts'
import { deleteAccess, listAccessUsers, updateAccessRole } from '../domain/workspaces/members.ts'
import { listWorkspaceInvitations, revokeInvitation } from '../domain/workspaces/workspace-invitations.ts'
import * as workspaces from '../domain/workspaces/workspaces.ts'
import { actorOf, type Locate, requireAccess } from '../middleware/access.ts'
import { byUser, LIMITS, rateLimit } from '../middleware/rate-limit.ts'
import { type AppEnv, requireUser } from '../middleware/session.ts'
import { validate, validateQuery } from '../middleware/validate.ts'
import { describe } from './describe.ts'

type WorkspaceScope = Extract<Scope, { kind: 'workspace' }>
const ws = (scope: Scope) => scope as WorkspaceScope

export function workspaceRoutes(deps: Deps) {
  const app = new Hono<AppEnv>()
  app.use(requireUser)

  const byBodyId: Locate = (c, actor) => workspaceScope(deps.db, actor, (c.get('body') as { id: string }).id)
  const byBodyWorkspaceId: Locate = (c, actor) =>
    workspaceScope(deps.db, actor, (c.get('body') as { workspaceId: string }).workspaceId)
  const byQueryWorkspaceId: Locate = (c, actor) =>
    workspaceScope(deps.db, actor, (c.get('query') as { workspaceId: string }).workspaceId)

  // GET /api/workspaces: the workspaces the caller is in, each with their role.
  app.get('/', async (c) => c.json({ data: await workspaces.listWorkspaces(deps, actorOf(c)) }))

  // POST /api/workspaces/create: gold plan only; idempotent on the client's id.
  app.post('/create', validate(s.createWorkspaceBody), async (c) =>
    c.json({ data: await workspaces.createWorkspace(deps, actorOf(c), c.get('body')) }),
  )

  // POST /api/workspaces/update: name, description, review setting.
  app.post(
    '/update',
    validate(s.updateWorkspaceBody),
    requireAccess('workspace:update', byBodyId),
    async (c) => c.json({ data: await workspaces.updateWorkspace(deps, ws(c.get('scope')), c.get('body')) }),
  )

  // POST /api/workspaces/delete: the workspace with its projects, icons and access rows (kept 30
  // days for a restore by its owner and admins, ADR 0018).
  app.post(
    '/delete',
    validate(s.deleteWorkspaceBody),
    requireAccess('workspace:delete', byBodyId),
    async (c) => c.json({ data: await workspaces.deleteWorkspace(deps, actorOf(c), ws(c.get('scope'))) }),
  )

  // GET /api/workspaces/deleted: the workspaces deleted in the last 30 days the caller may restore.
  app.get('/deleted', async (c) => c.json({ data: await workspaces.listDeletedWorkspaces(deps, actorOf(c)) }))

  // GET /api/workspaces/heirs: for each workspace the caller owns, who it passes to if they delete
  // their account (or none: it goes with it), and whether that person's plan lets members save there.
  app.get('/heirs', async (c) => c.json({ data: await workspaceHeirs(deps, actorOf(c)) }))

  // POST /api/workspaces/restore: a deleted workspace comes back with its people, projects and icons.
  const deletedById: Locate = (c, actor) =>
    deletedWorkspaceScope(deps.db, actor, (c.get('body') as { id: string }).id)
  app.post(
    '/restore',
    validate(s.restoreWorkspaceBody),
    requireAccess('workspace:delete', deletedById),
    async (c) => c.json({ data: await workspaces.restoreWorkspace(deps, ws(c.get('scope'))) }),
  )

  // POST /api/workspaces/access: the caller's own access rows.
  app.post('/access', validate(s.accessWorkspaceBody), async (c) =>
    c.json({ data: await workspaces.myAccess(deps, actorOf(c)) }),
  )

  // POST /api/workspaces/update-credits-limit: monthly credits of the workspace.
  app.post(
    '/update-credits-limit',
    validate(s.updateCreditsLimitBody),
    requireAccess('workspace:credits', byBodyId),
    async (c) =>
      c.json({ data: await workspaces.updateCreditsLimit(deps, ws(c.get('scope')), c.get('body')) }),
  )

  // POST /api/workspaces/invite-user: invites an e-mail address with a role.
  app.post(
    '/invite-user',
    rateLimit(LIMITS.invitationsPerUser, byUser),
    validate(s.inviteUserBody),
    requireAccess('workspace:invite', byBodyWorkspaceId),
    async (c) => c.json({ data: await inviteUser(deps, actorOf(c), ws(c.get('scope')), c.get('body')) }),
  )

  // GET /api/workspaces/invitations: the caller's pending invitations, newest first.
  app.get('/invitations', async (c) => c.json({ data: await listMyInvitations(deps, actorOf(c)) }))

  // POST /api/workspaces/accept-invitation: joins the workspace with the invited role.
  app.post('/accept-invitation', validate(s.invitationBody), async (c) =>
    c.json({ data: await acceptInvitation(deps, actorOf(c), c.get('body').invitationId) }),
  )

  // POST /api/workspaces/decline-invitation: closes the invitation.
  app.post('/decline-invitation', validate(s.invitationBody), async (c) =>
    c.json({ data: await declineInvitation(deps, actorOf(c), c.get('body').invitationId) }),
  )

  // GET /api/workspaces/pending-invitations?workspaceId=: the workspace's pending invitations.
  app.get(
    '/pending-invitations',
    validateQuery(s.pendingInvitationsQuery),
    requireAccess('workspace:invite', byQueryWorkspaceId),
    async (c) => c.json({ data: await listWorkspaceInvitations(deps, ws(c.get('scope'))) }),
  )

  // POST /api/workspaces/revoke-invitation: withdraws a pending invitation of the workspace.
  app.post(
    '/revoke-invitation',
    validate(s.revokeInvitationBody),
    requireAccess('workspace:invite', byBodyWorkspaceId),
    async (c) =>
      c.json({ data: await revokeInvitation(deps, ws(c.get('scope')), c.get('body').invitationId) }),
  )

  // GET /api/workspaces/access-users?workspaceId=: the people of a workspace.
  app.get(
    '/access-users',
    validateQuery(s.accessUsersQuery),
    requireAccess('workspace:read', byQueryWorkspaceId),
    async (c) => c.json({ data: await listAccessUsers(deps, ws(c.get('scope'))) }),
  )

  // POST /api/workspaces/delete-access: removes a person (never the owner).
  app.post(
    '/delete-access',
    validate(s.deleteAccessBody),
    requireAccess('workspace:manage-users', byBodyWorkspaceId),
    async (c) =>
      c.json({ data: await deleteAccess(deps, actorOf(c), ws(c.get('scope')), c.get('body').personId) }),
  )

  // POST /api/workspaces/update-access-user: changes a person's role (never the owner's).
  app.post(
    '/update-access-user',
    validate(s.updateAccessUserBody),
    requireAccess('workspace:manage-users', byBodyWorkspaceId),
    async (c) => {
      const { personId, role } = c.get('body')
      return c.json({ data: await updateAccessRole(deps, ws(c.get('scope')), personId, role) })
    },
  )

  // GET /api/workspaces/review-rules?workspaceId=: the preset and every rule; every member reads them.
  app.get(
    '/review-rules',
    describe({
      tag: 'Review',
      summary: "A workspace's review rules, for every member: { data: { preset, rules } } (ADR 0110)",
    }),
    validateQuery(reviewRulesQuery),
    requireAccess('workspace:read', byQueryWorkspaceId),
    async (c) => c.json({ data: await readReviewRules(deps.db, ws(c.get('scope')).workspace.id) }),
  )

  // POST /api/workspaces/update-review-rules: a preset and/or rule changes; owners and admins (ADR 0110).
  app.post(
    '/update-review-rules',
    describe({
      tag: 'Review',
      summary:
        'Set a preset (lucide, filled, custom, null) and/or change rules, owners and admins only; a changed rule makes the preset custom: { data: { preset, rules } }',
    }),
    validate(updateReviewRulesBody),
    requireAccess('workspace:review-rules', byBodyWorkspaceId),
    async (c) => c.json({ data: await updateReviewRules(deps, actorOf(c), c.get('body')) }),
  )

  return app
}
