// Every user-facing text of the specification, word for word, in one place (docs/product.md §Texts).
// Server and client import from here; never retype one of these strings elsewhere.

export const PRODUCT_NAME = 'Iconvault'

export const messages = {
  // Shell
  somethingWentWrong: 'Something went wrong!',
  showError: 'Show Error',
  hideError: 'Hide Error',
  notFound: 'Not Found',
  selectProject: 'Select Project',
  personal: 'Personal',
  personalWorkspace: 'Personal Workspace',
  newItem: '+ New',

  // Dialog titles and fields
  createNewWorkspace: 'Create New Workspace',
  workspaceName: 'Workspace Name',
  createNewProject: 'Create New Project',
  projectName: 'Project Name',
  workspaceSettings: 'Workspace Settings',
  deleteWorkspace: 'Delete Workspace',
  projectSettings: 'Project Settings',
  deleteProject: 'Delete Project',
  saveChanges: 'Save Changes',
  manageWorkspace: 'Manage Workspace',
  inviteToWorkspace: 'Invite to Workspace',
  workspaceInvitation: 'Workspace Invitation',
  accept: 'Accept',
  decline: 'Decline',

  // Validation (docs/product.md §Validation)
  nameRequired: 'Name is required',
  noUserFound: 'No user found',
  idRequired: 'ID is required',
  projectNameRequired: 'Project name is required',
  projectIdRequired: 'Project ID is required',
  iconIdRequired: 'Icon ID is required',
  iconNameRequired: 'Icon name is required',

  // Permissions and plans (docs/product.md §Roles, §Plans)
  notAuthorized: 'You are not authorized for this action',
  needProToSave: 'You need to be a pro user to save icons to the vault',

  // Toasts (docs/product.md §Toasts)
  workspaceError: (message: string) => `Workspace error: ${message}`,
  iconError: (message: string) => `Icon error: ${message}`,
  creditsLimitFailed: 'Failed to update credits limit',
  creditsLimitUpdated: 'Credits limit updated successfully',
  inviteFailed: 'Failed to invite user',
  inviteError: 'Error inviting user. Please try again.',
  unexpectedError: 'An unexpected error occurred. Please try again.',
  inviteSent: 'Invitation sent successfully!',
  userDeletedFromWorkspace: 'User deleted from workspace',
  userDeleteFromWorkspaceFailed: 'Failed to delete user from workspace',
  userRoleUpdated: 'User role updated',
  userRoleUpdateFailed: 'Failed to update user role',
  acceptInvitationError: (error?: string) => `Error accepting invitation: ${error || 'Unknown error'}`,
  networkError: 'Network error',
  invitationAccepted: 'Invitation accepted successfully!',
  invitationDeclined: 'Invitation declined successfully!',
  noInvitationId: 'No invitation id found.',
  fetchAccessUsersFailed: 'Failed to fetch workspace access users',
  getProjectsFailed: 'Failed to get projects',
  createProjectFailed: 'Failed to create project',
  updateProjectFailed: 'Failed to update project',
  deleteProjectFailed: 'Failed to delete project',
  getIconsFailed: 'Failed to get icons',
  createIconFailed: 'Failed to create icon',
  updateIconFailed: 'Failed to update icon',
  deleteIconFailed: 'Failed to delete icon',
  noCurrentProject: 'No current project selected',
  noUserId: 'No user id found',
  subscriptionCreateFailed: 'Something went wrong creating subscription',
  subscriptionCancelFailed: 'Something went wrong canceling subscription',
  subscriptionRestoreFailed: 'Something went wrong restoring subscription',
  invalidAuthBaseUrl: 'Invalid base URL ... Please provide a valid base URL.',
} as const

/** Texts of our own (not in the original specification) that more than one place shows. */
export const appMessages = {
  invalidJson: 'The request body is not valid JSON',
  bodyTooLarge: 'The request body is too large',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  svgCpuBudget:
    'Your recent drawings took too much processing time. Please wait a few seconds and try again.',
  signedOut: 'You need to sign in first',
  apiNotFound: 'Not found',
  internalError: 'Internal server error',
  databaseUnavailable: 'The database cannot be reached right now. Please try again in a moment.',
  // Incremental sync (ADR 0303)
  syncScopeInvalid: 'The sync scope must be "personal" or a workspace id',
  syncSinceInvalid: 'The sync cursor must be a whole number of 0 or more',
  syncLimitInvalid: 'The sync page size must be a whole number from 1 to 1000',
  syncIconsInvalid: 'The sync icons flag must be 0 or 1',
  syncCursorTooOld: 'This sync cursor is older than the kept history: list everything again',
  invalidEmail: 'Enter a valid e-mail address',
  // HTTP boundary (issue 10)
  crossSiteRefused:
    'This request must come from the Iconvault app itself (its Origin is missing or another site)',
  jsonBodyRequired: 'Send the request body as JSON (Content-Type: application/json)',
  controlCharacters: 'Text cannot contain control characters or invalid characters',
  nameMustBeText: 'Name must be text',
  imageMustBeText: 'Image must be a link as text, or empty',
  emailTooLong: 'E-mail addresses can be at most 254 characters',
  methodNotAllowed: 'This method is not allowed here',
  requestFailed: 'The request could not be completed',
  // better-auth answers a used, an expired and an unknown token alike (INVALID_TOKEN): one honest message.
  magicLinkInvalid: 'This sign-in link was already used, has expired or is not valid. Request a new one.',
  // A sign-in link opened in a browser signed in to an account (login CSRF, ADR 0013).
  magicLinkWhileSignedIn: 'You are already signed in. Sign out first to use this sign-in link.',
  pendingLinkTitle: 'Use this sign-in link?',
  pendingLinkBody: (email: string) =>
    `You are signed in as ${email}. Sign out of ${email} and continue with this link?`,
  pendingLinkConfirm: 'Sign out and continue',
  pendingLinkStay: 'Stay signed in',
  goldRequired: 'You need the gold plan to create workspaces',
  idTaken: 'This id is already in use',
  alreadyMember: 'This person is already a member of the workspace',
  ownerIsFixed: 'The owner of a workspace cannot be removed or given another role',
  personNotFound: 'This person is not in the workspace',
  invitationNotFound: 'This invitation does not exist or is no longer pending',
  // Access that really ends (issue 20, ADR 0012)
  invitationExpired: 'This invitation has expired. Ask an admin of the workspace to invite you again.',
  inviterMayNoLongerInvite:
    'The person who invited you can no longer invite people to this workspace. Ask an admin to invite you again.',
  invitationRevoked: (email: string) => `Invitation to ${email} revoked`,
  revokeInvitationFailed: 'Failed to revoke the invitation',
  fetchPendingInvitationsFailed: 'Failed to fetch pending invitations',
  iconWorkspaceMismatch: 'The project does not belong to this workspace',
  moveLeavesTeam: 'Icons can move only within their workspace or into your own projects',
  // Billing and credits
  planRequired: 'Choose the pro or gold plan',
  redirectPathInvalid: 'Return addresses must be paths on this site, such as /maker',
  alreadyOnPlan: 'You already have this plan',
  restoreInsteadOfUpgrade: 'Your subscription to this plan is canceled: restore it from your account',
  noActiveSubscription: 'You have no active subscription to cancel',
  noCanceledSubscription: 'You have no canceled subscription to restore',
  // Storage quotas (ADR 0308)
  iconQuotaReached: (where: 'personal' | 'workspace', limit: string) =>
    where === 'personal'
      ? `Your plan's limit of ${limit} icons in personal projects is reached. Delete icons or upgrade to add more.`
      : `This workspace's limit of ${limit} icons is reached. Delete icons to add more.`,
  storageQuotaReached: (where: 'personal' | 'workspace', limit: string) =>
    where === 'personal'
      ? `Your plan's storage limit of ${limit} of SVG in personal projects is reached. Delete icons or upgrade to add more.`
      : `This workspace's storage limit of ${limit} of SVG is reached. Delete icons to add more.`,
  // Request budgets (ADR 0308): the answer of a move carries every icon's markup.
  moveTooLarge: (limit: string) =>
    `One move can take at most ${limit} of SVG together. Move fewer icons at a time.`,
  checkoutNotFound: 'This checkout does not exist or has expired',
  billingNotConfiguredTitle: 'Billing is not configured',
  billingNotConfigured:
    'Billing is not configured on this server yet: paid plans cannot be bought here. Please ask its administrator.',
  billingUnavailable: 'The payment provider is not available right now. Please try again.',
  webhookSignatureInvalid: 'Invalid webhook signature',
  workspaceOwnerNeedsGold: "Saving icons in this workspace needs its owner's gold plan",
  noCreditsOnPlan: 'Your plan includes no maker credits. Upgrade to get credits.',
  notEnoughCredits: 'Not enough credits left this month',
  creditAmountInvalid: 'Credits to use must be a positive whole number',
  // Icon vault, copy formats and exports (issue 4, vault UI)
  iconCopied: (name: string, format: string) => `Copied ${name} as ${format}`,
  iconRenamed: (name: string) => `Renamed to ${name}`,
  iconsAdded: (count: number) => (count === 1 ? 'Added 1 icon' : `Added ${count} icons`),
  iconsApproved: (count: number) => (count === 1 ? 'Approved 1 icon' : `Approved ${count} icons`),
  iconsDeleted: (count: number) => (count === 1 ? 'Deleted 1 icon' : `Deleted ${count} icons`),
  iconsMoved: (count: number, project: string) =>
    count === 1 ? `Moved 1 icon to ${project}` : `Moved ${count} icons to ${project}`,
  exportReady: (fileName: string) => `Downloaded ${fileName}`,
  exportSkipped: (count: number) =>
    count === 1 ? '1 icon could not be exported' : `${count} icons could not be exported`,
  // Icon history, replacing a drawing and aliases in the detail panel (issue 22, ADR 0407)
  historyNeedsConnection: 'History needs a connection. Everything else here works offline.',
  historyFailed: 'Could not load the history of this icon',
  iconVersionRestored: (version: number) => `Restored version ${version}`,
  restoreIconFailed: 'Failed to restore the icon version',
  drawingReplaced: 'Drawing replaced',
  replaceIconFailed: 'Failed to replace the drawing',
  replaceOneFile: 'Drop one SVG file on an icon to replace its drawing',
  replaceNotSvg: (name: string) => `${name} is not an SVG file`,
  replaceRefused: (name: string, reason: string) => `${name}: ${reason}`,
  aliasesNeedConnection: 'Changing aliases needs a connection',
  aliasAdded: (name: string) => `Added alias ${name}`,
  aliasRemoved: (name: string) => `Removed alias ${name}`,
  aliasDeprecated: (name: string) => `Marked ${name} deprecated`,
  aliasUndeprecated: (name: string) => `${name} is no longer deprecated`,
  aliasRemoveInInvalid: 'Use a version like 3.0.0',
  // Maker
  makerPromptRequired: 'Describe the icon to generate',
  makerActionUnknown: 'Unknown maker action',
  makerVariantsInvalid: 'Variants must be a whole number from 1 to 4',
  aiNotConfigured:
    'AI generation is not configured on this server: set AI_BASE_URL, AI_API_KEY and AI_MODEL and restart it',
  aiTimeout: 'The AI service did not answer in time. Please try again.',
  aiUnreachable: 'The AI service could not be reached. Please try again later.',
  aiUpstreamError: 'The AI service answered with an error. Please try again.',
  aiNoSvg: 'The AI answer contained no usable SVG. Try rephrasing the prompt.',
} as const
