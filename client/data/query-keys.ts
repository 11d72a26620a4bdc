// Every query key of the server's resources the browser caches (TanStack Query), one factory per
// resource (ADR 0010). A key is built only here: whoever reads a resource and whoever changes it
// (a maker charge, a subscription change, an invitation accepted) name the same cache entry, so
// no screen keeps a copy the change did not reach. Scopes are a workspace id or 'personal'.
const scope = (workspaceId: string | null) => workspaceId ?? 'personal'

export const queryKeys = {
  /** GET /api/me: the signed-in user. */
  me: ['me'] as const,
  /** GET /api/credits: credits used this month in a workspace, or the user's own ('personal'). */
  credits: (workspaceId: string | null) => ['credits', scope(workspaceId)] as const,
  /** GET /api/usage: storage against the quotas, every scope of the user. */
  storage: ['storage-usage'] as const,
  /** GET /api/workspaces/heirs: who each workspace the user owns passes to (account deletion). */
  workspaceHeirs: ['workspaces', 'heirs'] as const,
  /** GET /api/maker/capabilities: what the maker may do in a scope. */
  makerCapabilities: (workspaceId: string | null) => ['maker', 'capabilities', scope(workspaceId)] as const,
  /** An icon set of the maker's library (static files, not the API). */
  iconSet: (setId: string) => ['maker', 'icon-set', setId] as const,
  /** The caller's pending invitations. */
  invitations: ['workspaces', 'invitations'] as const,
  /** A workspace's pending invitations (what its admins see). */
  workspaceInvitations: (workspaceId: string) => ['workspaces', workspaceId, 'pending-invitations'] as const,
  /** GET /api/workspaces/review-rules?workspaceId=: a workspace's review rules (ADR 0110). */
  reviewRules: (workspaceId: string) => ['workspaces', workspaceId, 'review-rules'] as const,
  /** GET /api/workspaces/review-queue: a workspace's icons waiting for review, every filter (ADR 0413). */
  reviewQueueAll: (workspaceId: string) => ['workspaces', workspaceId, 'review-queue'] as const,
  /** The queue of one filter (project, author; '' for any). */
  reviewQueue: (workspaceId: string, projectId: string, authorId: string) =>
    ['workspaces', workspaceId, 'review-queue', projectId, authorId] as const,
  /** GET /api/icons/reviews?id=: an icon's approvals and rejections. */
  iconReviews: (iconId: string) => ['icons', iconId, 'reviews'] as const,
  /** An icon's reviews as of one of its revisions (refetched when the drawing changes). */
  iconReviewsAt: (iconId: string, revision: number) => ['icons', iconId, 'reviews', revision] as const,
  /** A workspace's people with their access. */
  accessUsers: (workspaceId: string) => ['workspaces', workspaceId, 'access-users'] as const,
  /** A project's icon list synced into the local database. */
  projectIconsSync: (projectId: string) => ['icons', projectId, 'sync'] as const,
  /** GET /api/icons/history?id=: an icon's versions, fetched again for each new revision of it. */
  iconHistory: (iconId: string, revision: number) => ['icons', iconId, 'history', revision] as const,
  /** GET /api/icons/deleted?project_id=: a project's recently deleted icons (ADR 0408). */
  deletedIcons: (projectId: string) => ['icons', projectId, 'deleted'] as const,
  /** GET /api/projects/deleted?workspace_id=: a scope's recently deleted projects (ADR 0018). */
  deletedProjects: (workspaceId: string | null) => ['projects', scope(workspaceId), 'deleted'] as const,
  /** GET /api/workspaces/deleted: the deleted workspaces the user may restore (ADR 0018). */
  deletedWorkspaces: ['workspaces', 'deleted'] as const,
  /** GET /api/projects/releases?project_id=: a project's releases, newest first (ADR 0017). */
  releases: (projectId: string) => ['projects', projectId, 'releases'] as const,
  /** GET /api/projects/release-preview?project_id=: what a release now would be. */
  releasePreview: (projectId: string) => ['projects', projectId, 'release-preview'] as const,
  /** GET /api/tokens: the user's API tokens (ADR 0019). */
  apiTokens: ['tokens'] as const,
  /** GET /api/tokens/prefixes: the Iconify prefixes the tokens reach (under apiTokens: a new token refreshes it). */
  tokenPrefixes: ['tokens', 'prefixes'] as const,
  /** GET /api/openapi.json: the API reference shown from Account → Tokens. */
  openApi: ['openapi'] as const,
  /** GET /api/icons/duplicates?project_id=: a project's duplicate groups, asked again when its icons change. */
  iconDuplicates: (projectId: string, stamp: string) => ['icons', projectId, 'duplicates', stamp] as const,
  /** GET /api/billing/plans, /subscription and /checkout?session=. */
  billingPlans: ['billing', 'plans'] as const,
  subscription: ['billing', 'subscription'] as const,
  checkout: (session: string) => ['billing', 'checkout', session] as const,
  /** Redeeming a magic link's token. */
  verifyIdentity: (token: string) => ['verify-identity', token] as const,
}
