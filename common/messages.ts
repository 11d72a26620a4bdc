// Every user-facing text of the specification, word for word, in one place (docs/product.md §Texts).
// Server and client import from here; never retype one of these strings elsewhere.

import { countOf, formatCount } from './format-count.ts'
import { MAX_DESCRIPTION_LENGTH, MAX_LABEL_LENGTH, MAX_TAG_LENGTH, MAX_TAGS } from './icon-meaning.ts'
import { MAX_QUERY_LENGTH, MAX_SEARCH_LIMIT } from './search/limits.ts'

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

/** Names in a sentence: “a”, “a” and “b”, “a”, “b” and 3 more. */
const listNames = (names: readonly string[]) => {
  const quoted = names.slice(0, 3).map((n) => `“${n}”`)
  if (names.length > 3) return `${quoted.join(', ')} and ${names.length - 3} more`
  return quoted.length > 1 ? `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}` : (quoted[0] ?? '')
}

/** Texts of our own (not in the original specification) that more than one place shows. */
export const appMessages = {
  // The error view's ways out
  errorRetry: 'Retry',
  errorHome: 'Home',
  errorSignOut: 'Sign out',
  // The vault when the plan does not keep icons
  vaultNeedsPlan: 'Your plan does not keep icons in the vault',
  vaultAskOwner: 'Ask the workspace owner to upgrade.',
  vaultUpgrade: 'Upgrade',
  dismiss: 'Dismiss',
  vaultWaitsForNetwork: 'Offline: this project’s icons load when you are back online…',
  invalidJson: 'The request body is not valid JSON',
  bodyTooLarge: 'The request body is too large',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  svgCpuBudget:
    'Your recent drawings took too much processing time. Please wait a few seconds and try again.',
  signedOut: 'You need to sign in first',
  // API tokens (ADR 0019)
  tokenInvalid: 'This API token is not valid. Check it, or create a new one in Account → Tokens.',
  tokenExpired: 'This API token has expired. Create a new one in Account → Tokens.',
  tokenRevoked: 'This API token was revoked. Create a new one in Account → Tokens.',
  tokenNotAllowed:
    'API tokens cannot reach account, billing, session, token or sign-in routes. Use the app for these.',
  tokenReadOnly: 'This API token can only read (GET). Create a write token to make changes.',
  tokenWithCookie: 'Send either an API token or a session cookie, not both.',
  tokenNameRequired: 'Give the token a name',
  tokenScopeInvalid: 'The scope must be "read" or "write"',
  tokenExpiryInvalid: 'The expiry must be a date and time in the future',
  tokenProjectsInvalid: 'Choose at least one project, or leave the list out for all projects',
  tokenNotFound: 'Token not found',
  tooManyTokens: (max: number) =>
    `You have ${max} active tokens, the most one person may have. Revoke one you no longer use to create another.`,
  // Account → Tokens (client/features/tokens)
  tokensTitle: 'API tokens',
  tokensHint: 'Personal tokens let scripts, the CLI and CI read or change your icons as you.',
  tokensManage: 'Manage tokens',
  tokensDialogHint:
    'A token acts as you, limited by its scope and projects. It never reaches your account, billing or other tokens.',
  tokensNeedConnection: 'Tokens are managed on the server: connect to the internet to see them.',
  tokensListFailed: 'Your tokens could not be loaded.',
  tokensEmpty: 'No tokens yet.',
  tokenName: 'Token name',
  tokenNamePlaceholder: 'e.g. CI pull',
  tokenScope: 'Scope',
  tokenScopeRead: 'Read: only look and download',
  tokenScopeWrite: 'Write: also add and change icons',
  tokenAllProjects: 'All my projects',
  tokenChooseProjects: 'Projects this token may reach',
  tokenExpiry: 'Expires',
  tokenNever: 'Never',
  tokenInDays: (days: number) => `In ${days} days`,
  tokenCreate: 'Create token',
  tokenCreated: 'Token created',
  tokenShownOnce: 'Copy this token now: it is shown only once and cannot be recovered.',
  tokenCopy: 'Copy',
  tokenCopied: 'Token copied',
  tokenDone: 'Done',
  tokenRevoke: 'Revoke',
  tokenRevokeNamed: (name: string) => `Revoke token ${name}`,
  tokenRevokeTitle: 'Revoke this token?',
  tokenRevokeBody: (name: string) =>
    `“${name}” stops working at once: the next request with it is refused. This cannot be undone.`,
  tokenRevokedNamed: (name: string) => `Token “${name}” revoked`,
  tokenAllProjectsShort: 'all projects',
  tokenProjectCount: (n: number) => (n === 1 ? '1 project' : `${n} projects`),
  tokenCreatedOn: (when: string) => `created ${when}`,
  tokenLastUsed: (when: string | null) => (when ? `last used ${when}` : 'never used'),
  tokenExpires: (when: string, past: boolean) => (past ? `expired ${when}` : `expires ${when}`),
  tokenApiReference: 'API reference',
  apiReferenceHint:
    'The routes a token can call. Send Authorization: Bearer <token>; a read token may only GET. Errors are { error, code }.',
  apiReferenceFailed: 'The API reference could not be loaded.',
  apiReferenceJson: 'OpenAPI 3.1 document (JSON)',
  apiReferenceBody: 'JSON body',
  apiReferenceQuery: 'Query parameters',
  apiReferenceErrors: 'Errors',
  apiNotFound: 'Not found',
  internalError: 'Internal server error',
  databaseUnavailable: 'The database cannot be reached right now. Please try again in a moment.',
  // Incremental sync (ADR 0303)
  syncScopeInvalid: 'The sync scope must be "personal" or a workspace id',
  syncSinceInvalid: 'The sync cursor must be a whole number of 0 or more',
  syncLimitInvalid: 'The sync page size must be a whole number from 1 to 1000',
  syncIconsInvalid: 'The sync icons flag must be 0 or 1',
  firstScreenLimitInvalid: 'The first screen size must be a whole number from 1 to 500',
  firstScreenShown: 'Loading…',
  /** What a panel says while its figures or code come (storage, credits, releases, a copy's code). */
  loading: 'Loading…',
  storageUnavailable: 'Storage use is not available right now',
  syncCursorTooOld: 'This sync cursor is older than the kept history: list everything again',
  invalidEmail: 'Enter a valid e-mail address',
  // HTTP boundary
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
  alreadyExists: 'This clashes with something that already exists: reload and try again',
  alreadyMember: 'This person is already a member of the workspace',
  ownerIsFixed: 'The owner of a workspace cannot be removed or given another role',
  personNotFound: 'This person is not in the workspace',
  invitationNotFound: 'This invitation does not exist or is no longer pending',
  // Access that really ends (ADR 0012)
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
  // A write decided on the row it locks (ADR 0309): an icon moved again and again meanwhile.
  iconKeptMoving: 'The icon was moved while you changed it. Try again.',
  // Moving into a project that holds the same names (ADR 0404).
  moveNamesTaken: (project: string, names: readonly string[]) =>
    `${project} already has ${names.length === 1 ? 'an icon' : 'icons'} named ${listNames(names)}. Move again to choose: rename, skip or keep both.`,
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
  // Icon vault, copy formats and exports (vault UI)
  iconCopied: (name: string, format: string) => `Copied ${name} as ${format}`,
  iconRenamed: (name: string) => `Renamed to ${name}`,
  iconsAdded: (count: number) => `Added ${countOf(count, 'icon')}`,
  iconsApproved: (count: number) => `Approved ${countOf(count, 'icon')}`,
  iconsDeleted: (count: number) => `Deleted ${countOf(count, 'icon')}`,
  iconsMoved: (count: number, project: string) => `Moved ${countOf(count, 'icon')} to ${project}`,
  iconsCopied: (count: number, project: string) => `Copied ${countOf(count, 'icon')} to ${project}`,
  exportReady: (fileName: string) => `Downloaded ${fileName}`,
  exportSkipped: (count: number) => `${countOf(count, 'icon')} could not be exported`,
  // Icon history, replacing a drawing and aliases in the detail panel (ADR 0407)
  historyNeedsConnection: 'History needs a connection. Everything else here works offline.',
  historyFailed: 'Could not load the history of this icon',
  iconVersionRestored: (version: number) => `Restored version ${version}`,
  restoreIconFailed: 'Failed to restore the icon version',
  drawingReplaced: 'Drawing replaced',
  // A replace with the drawing the icon has changes nothing (ADR 0109: the same drawing hash).
  drawingUnchanged: 'That is the drawing the icon already has: nothing was replaced',
  replaceIconFailed: 'Failed to replace the drawing',
  replaceOneFile: 'Drop one SVG file on an icon to replace its drawing',
  replaceNotSvg: (name: string) => `${name} is not an SVG file`,
  replaceRefused: (name: string, reason: string) => `${name}: ${reason}`,
  aliasesNeedConnection: 'Changing aliases needs a connection',
  aliasAdded: (name: string) => `Added alias ${name}`,
  aliasRemoved: (name: string) => `Removed alias ${name}`,
  aliasDeprecated: (name: string) => `Marked ${name} deprecated`,
  aliasUndeprecated: (name: string) => `${name} is no longer deprecated`,
  // Undo delete, recently deleted icons, conflicts told (ADR 0408)
  undo: 'Undo',
  undeleteIconFailed: 'Failed to bring the icon back',
  deleteIconsTitle: (count: number) => `Delete ${countOf(count, 'icon')}?`,
  deleteIconTitle: (name: string) => `Delete “${name}”?`,
  deleteIconsDescription: (count: number, days: number) =>
    count === 1
      ? `It is removed from this project for everyone. You can undo it, or restore it from Recently deleted within ${days} days.`
      : `They are removed from this project for everyone. You can undo it, or restore them from Recently deleted within ${days} days.`,
  iconsRestored: (count: number) => `Restored ${countOf(count, 'icon')}`,
  recentlyDeletedIconsEmpty: (days: number) =>
    `No icon of this project was deleted in the last ${days} days.`,
  recentlyDeletedIconsHint: (days: number) =>
    `Deleted icons are kept ${days} days with their names and history, then removed for good.`,
  recentlyDeletedNeedsConnection: 'Recently deleted needs a connection. Try again when you are online.',
  recentlyDeletedFailed: 'Could not load the recently deleted icons',
  restoreSelected: (count: number) =>
    count === 0 ? 'Restore selected' : `Restore ${countOf(count, 'icon')}`,
  renameConflict: (yours: string, by: string, theirs: string) =>
    `Your rename of “${yours}” replaced ${by}’s rename to “${theirs}”.`,
  changeConflict: (yours: string, by: string) =>
    `Your change of “${yours}” replaced a change by ${by} made meanwhile.`,
  someoneElse: 'someone else',
  // Told live to the author of the version a late change replaced (ADR 0408).
  renameOverwritten: (by: string, theirs: string, yours: string) =>
    `${by}’s rename to “${theirs}” replaced yours (“${yours}”).`,
  changeOverwritten: (by: string, name: string) =>
    `${by}’s change of “${name}”, made without seeing yours, replaced it.`,
  makerSaveVersion: (name: string) => `Save as new version of “${name}”`,
  makerSaveAsNew: 'Save as new icon',
  makerSavedVersion: (name: string) => `Saved a new version of “${name}”`,
  makerNothingChanged: (name: string) => `Nothing changed: “${name}” is as saved`,
  // Maker
  makerPromptRequired: 'Describe the icon to generate',
  makerActionUnknown: 'Unknown maker action',
  makerVariantsInvalid: 'Variants must be a whole number from 1 to 4',
  aiNotConfigured:
    'AI generation is not set up on this server. Drawing, tracing and the icon library work without it.',
  aiNotConfiguredHelp:
    'Whoever runs this Iconvault can turn it on (the README says how). Until then, start from the library, a trace or your own SVG.',
  aiTimeout: 'The AI service did not answer in time. Please try again.',
  aiUnreachable: 'The AI service could not be reached. Please try again later.',
  aiUpstreamError: 'The AI service answered with an error. Please try again.',
  aiNoSvg: 'The AI answer contained no usable SVG. Try rephrasing the prompt.',
  // History, trash and stable names (ADR 0015, 0016)
  versionNotFound: 'This version of the icon does not exist',
  deletedIconNotFound: 'This icon is not in the recently deleted list (it may have been restored or purged)',
  aliasNotFound: 'This project has no such alias',
  aliasIsAnotherIcon: (name: string, owner: string) =>
    `“${name}” is an alias of “${owner}”. Remove the alias first.`,
  aliasIsAName: (name: string) =>
    `“${name}” is the name of another icon in this project. Rename that icon first.`,
  aliasIsOwnName: (name: string) => `“${name}” is this icon's name already`,
  aliasVersionInvalid: 'The removal release must be a semantic version such as 3.0.0',
  aliasReasonInvalid: 'The reason must be renamed, typo or duplicate',
  aliasNameRequired: 'Alias name is required',
  versionRequired: 'Version must be a whole number from 1',
  baseRevisionInvalid: 'The base revision must be a whole number from 1',
  // Deleted projects and workspaces, kept 30 days (ADR 0018)
  deletedProjectNotFound:
    'This project is not in the recently deleted list (it may have been restored or purged)',
  deletedWorkspaceNotFound:
    'This workspace is not in the recently deleted list (it may have been restored or purged)',
  projectDeletedBy: (name: string, by: string | undefined, days: number) =>
    `“${name}” was deleted${by ? ` by ${by}` : ''}. An admin can restore it within ${days} days.`,
  workspaceDeletedBy: (name: string, by: string | undefined, days: number) =>
    `The workspace “${name}” was deleted${by ? ` by ${by}` : ''}. Its owner or an admin can restore it within ${days} days.`,
  workspaceDeletedForGood: (name: string) =>
    `The workspace “${name}” was deleted for good with its owner's account: it cannot be restored.`,
  removedFromWorkspace: (name: string, by: string | undefined) =>
    `You were removed from “${name}”${by ? ` by ${by}` : ''}.`,
  projectRestored: (name: string) => `“${name}” was restored`,
  workspaceRestored: (name: string) => `The workspace “${name}” was restored`,
  restoreFailed: 'Could not restore. Please try again.',
  recentlyDeleted: 'Recently deleted',
  recentlyDeletedProjectsEmpty: 'No project was deleted in the last 30 days.',
  recentlyDeletedWorkspacesEmpty: 'No workspace you may restore was deleted in the last 30 days.',
  deletedWhen: (date: string, by: string | undefined) => `Deleted ${date}${by ? ` by ${by}` : ''}`,
  restore: 'Restore',
  restoreNamed: (name: string) => `Restore ${name}`,
  deleteProjectDescription: (name: string, days: number) =>
    `“${name}” and all its icons will be deleted for everyone. An admin can restore it from Recently deleted within ${days} days.`,
  deleteWorkspaceDescription: (name: string, days: number) =>
    `“${name}” with all its projects and icons will be deleted for every member. Its owner and admins can restore it from Recently deleted within ${days} days.`,
  recentlyDeletedProjects: 'Recently deleted projects',
  recentlyDeletedWorkspaces: 'Recently deleted workspaces',
  recentlyDeletedProjectsHint: (days: number) =>
    `Deleted projects are kept ${days} days with their icons, then removed for good.`,
  recentlyDeletedWorkspacesHint: (days: number) =>
    `Deleted workspaces are kept ${days} days with their people, projects and icons, then removed for good.`,
  recentlyDeletedListFailed: 'Could not load the recently deleted list',
  iconCount: (n: number) => countOf(n, 'icon'),
  projectCount: (n: number) => countOf(n, 'project'),
  // The account dialog: credits, change plan, delete account (ADR 0410, ADR 0012)
  creditsLeft: (left: number, limit: number) =>
    limit === 0 ? 'None on your plan' : `${formatCount(left)} of ${countOf(limit, 'credit')} left this month`,
  changePlan: 'Change plan',
  deleteAccount: 'Delete account',
  deleteAccountTitle: 'Delete your account?',
  deleteAccountPersonal: (projects: string, icons: string) =>
    `Your personal projects go for good: ${projects} with ${icons}.`,
  deleteAccountTeams:
    'In workspaces, the projects and icons you added stay with the team, shown as added by a former member. A workspace you own passes to another member (an admin first); one with nobody else in it is deleted.',
  deleteAccountEnd: 'You are signed out everywhere. This cannot be undone.',
  // Who each workspace the user owns passes to (GET /api/workspaces/heirs; ADR 0410, 0012).
  deleteAccountHeirsTitle: 'Workspaces you own',
  deleteAccountHeir: (workspace: string, heir: string) => `“${workspace}” passes to ${heir}.`,
  deleteAccountHeirPlan: (heir: string, plan: string) =>
    `${heir} is on the ${plan} plan: members cannot save icons there until its owner is on Gold.`,
  deleteAccountWorkspaceGoes: (workspace: string) =>
    `“${workspace}” is deleted with your account: nobody else is in it.`,
  deleteAccountHeirsLoading: 'Checking who your workspaces pass to…',
  deleteAccountHeirsFailed:
    'Could not check who your workspaces pass to. Check your connection, then open this again.',
  accountDeleted: 'Your account was deleted. Thank you for using Iconvault.',
  deleteAccountNeedsFreshSignIn:
    'For your safety, deleting your account needs a recent sign-in. Sign out, sign in again with a new link, then delete it from Account.',
  deleteAccountEmailSent: (email: string) =>
    `We sent a link to ${email}. Open it to finish deleting your account.`,
  deleteAccountFailed: 'Your account could not be deleted. Please try again.',
  // Signed out behind this device's back (ADR 0012): the sign-in page says why, and what went.
  signedOutTitle: 'You were signed out',
  signedOutWhy: {
    'account-deleted': 'Your account was deleted on another device, so this one was signed out.',
    revoked: 'This device’s session was ended from another device.',
    'signed-out': 'You signed out in another tab of this browser.',
    ended: 'Your session here has ended.',
  },
  signedOutCleared: 'Your projects and icons kept on this device have been cleared from it.',
  signedOutLost: (changes: number) =>
    `${countOf(changes, 'change')} made here had not reached the server and could not be saved.`,
} as const

/** Releases and exports with aliases (ADR 0017, 0104). */
export const exportMessages = {
  fontFull:
    'This project has given out every code point an icon font holds (65,534): export it in another format.',
  aliasLeftOut: (alias: string, key: string, holder: string) =>
    `The alias “${alias}” is left out: ${key} is already “${holder}”`,
  exportFormatInvalid:
    'The format must be svg, css, react-ts, react-js, react-native-ts, sprite, font or iconify',
  classPrefixInvalid:
    'The class prefix must start with a letter or _ and hold at most 32 letters, digits, - or _',
  fontSkipped: (name: string, why: string) => `“${name}” is not in the font: ${why}`,
  classPrefixExample: (prefix: string, project: string) =>
    `Classes like .${prefix}house in CSS and the icon font of ${project}`,
  releaseNotFound: 'This project has no such release',
  releaseVersionInvalid: 'The version must be a semantic version such as 1.2.0',
  releaseVersionTooLow: (suggested: string) =>
    `The version must be ${suggested} or higher: the changes since the last release need it`,
  releaseVersionTaken: (version: string) => `Version ${version} is already released`,
  nothingChanged: (version: string) => `Nothing changed since ${version}`,
  releaseNotesTooLong: (max: number) => `Release notes can be at most ${max} characters`,
  released: (version: string) => `Released ${version}`,
  releaseFailed: 'The release failed. Please try again.',
  releasesFailed: 'Could not load the releases of this project',
  releasesNeedConnection: 'Releases need a connection',
} as const

/** What icons mean (ADR 0106): accessibility label, description, decorative, tags. */
export const meaningMessages = {
  labelTooLong: `The label can be at most ${MAX_LABEL_LENGTH} characters`,
  descriptionTooLong: `The description can be at most ${MAX_DESCRIPTION_LENGTH} characters`,
  decorativeInvalid: 'Decorative must be true or false',
  tagsInvalid: 'Tags must be a list of words',
  tagInvalid: 'A tag must be text on one line',
  tagTooLong: `A tag can be at most ${MAX_TAG_LENGTH} characters`,
  tooManyTags: `An icon can have at most ${MAX_TAGS} tags`,
  // The detail panel's "Accessibility" and "Tags" sections, and the bulk dialog
  accessibility: 'Accessibility',
  label: 'Label',
  labelHint: 'What the icon means, read by screen readers (its name’s words when blank)',
  description: 'Description',
  decorative: 'Decorative (hidden from screen readers)',
  saveAccessibility: 'Save',
  accessibilitySaved: 'Accessibility saved',
  noLabel: 'No label: named by its name’s words',
  tags: 'Tags',
  addTag: 'Add a tag',
  tagHint: 'Enter or comma adds a tag; Backspace in the empty field removes the last',
  removeTag: (tag: string) => `Remove tag ${tag}`,
  tagAdded: (tag: string) => `Tag ${tag} added`,
  tagRemoved: (tag: string) => `Tag ${tag} removed`,
  noTags: 'No tags',
  bulkMeaning: 'Tags & accessibility…',
  bulkMeaningTitle: (count: string) => `Tags and accessibility of ${count}`,
  bulkTags: 'Tags (separated by commas)',
  addTags: 'Add tags',
  removeTags: 'Remove tags',
  markDecorative: 'Mark decorative',
  markLabelled: 'Mark not decorative',
  tagsAddedTo: (count: string) => `Tags added to ${count}`,
  tagsRemovedFrom: (count: string) => `Tags removed from ${count}`,
  markedDecorative: (count: string) => `${count} marked decorative`,
  markedLabelled: (count: string) => `${count} marked not decorative`,
} as const

/** The Iconify endpoint and prefix (ADR 0021). */
export const iconifyMessages = {
  prefixLabel: 'Iconify prefix',
  prefixHint: (prefix: string) => `Used as @provider:${prefix}:icon-name with the Iconify endpoint`,
  useInCodeLink: 'Snippets for Iconify, unplugin-icons, Tailwind and the CLI, with this project’s values',
  prefixInvalid: 'The Iconify prefix must be lowercase letters and digits, in words joined by single hyphens',
  prefixTaken: (prefix: string) => `The Iconify prefix “${prefix}” is already used by another project here`,
  prefixNotFound: 'No project with this Iconify prefix',
  iconNotFound: 'No icon of this name in this project',
  // Which project a prefix answers (Account → Tokens, ADR 0021)
  pinPrefixMoved: 'That project no longer uses this Iconify prefix',
  prefixesTitle: 'Iconify prefixes',
  prefixesHint:
    'Which project each prefix answers for tokens of all your projects. A project that takes a prefix later never takes it over.',
  prefixesNone: 'No token reaches a project yet.',
  prefixesFailed: 'The prefixes could not be loaded.',
  prefixAnswers: (project: string) => `Answers ${project}`,
  prefixAmbiguous: (count: number) => `${count} of your projects use this prefix: choose the one it answers.`,
  prefixChosen: 'Chosen by you',
  prefixChoose: (prefix: string) => `Project that answers ${prefix}`,
  prefixPinned: (prefix: string, project: string) => `${prefix} now answers ${project}`,
  prefixTokenAnswers: (token: string, project: string) => `${token} answers ${project}`,
  prefixProject: (name: string, workspace: string | null) => `${name} · ${workspace ?? 'Personal'}`,
  tokenForPages:
    'For a web page, limit the token to the projects the page shows: anyone who reads the page can use it.',
} as const

/** A project's changes since a cursor (GET /api/icons/changes, ADR 0020). */
export const changesMessages = {
  cursorInvalid: 'The changes cursor must be one a changes answer gave (<tag>.<version>)',
  cursorForeign:
    'This changes cursor belongs to another project, or the project has moved since: list the project again',
  cursorTooOld: 'This changes cursor is older than the kept history: list the project again',
} as const

/** Search by meaning (ADR 0107/0108): GET /api/icons/search and the vault's tiles. */
export const searchMessages = {
  queryRequired: 'Say what to search for (q)',
  queryTooLong: `Search for at most ${MAX_QUERY_LENGTH} characters`,
  limitInvalid: `The limit must be a whole number from 1 to ${MAX_SEARCH_LIMIT}`,
  /** 503: the search queue is full, or a search waited too long for its turn. */
  busy: 'The server is busy searching. Please try again in a few seconds.',
  /** A tile found by a former name. */
  wasAlias: (name: string) => `was ${name}`,
} as const

/** Duplicates (ADR 0109): the import's held drawings, the maker's and the replace's warnings. */
export const duplicateMessages = {
  heldTitle: (count: number) => `${countOf(count, 'file')} already in this project`,
  duplicateOf: (name: string) => `Same drawing as ${name}`,
  nearOf: (name: string) => `Nearly the same as ${name}`,
  skip: 'Skip',
  keep: 'Keep anyway',
  replace: 'Replace',
  skipAll: 'Skip all',
  keepAll: 'Keep all',
  skipLabel: (file: string) => `Skip ${file}`,
  keepLabel: (file: string) => `Keep anyway: ${file}`,
  replaceLabel: (file: string, name: string) => `Replace the drawing of ${name} with ${file}`,
  listLabel: 'Files already in this project',
  notChecked:
    'Not checked for duplicates: the server could not be reached. Use the Duplicates filter once you are back online.',
  notCheckedRefused: (reason: string) =>
    `Some files were not checked for duplicates: the server refused the check (${reason}). Use the Duplicates filter to find them.`,
  saveWarning: (name: string) => `This drawing is already in the project as ${name}.`,
  nearSaveWarning: (name: string) => `This drawing is nearly the same as ${name}, already in the project.`,
} as const

/** The review gate (ADR 0112, 0413): POST /api/icons/review, its log and the review queue; in the browser the checklist, approve and reject, the diff and the queue at /review. */
export const reviewMessages = {
  decisionInvalid: 'decision must be approve or reject',
  commentRequired: 'Say why the icon is rejected (comment)',
  commentTooLong: 'A review comment holds at most 2000 characters',
  overrideInvalid: 'override must be a list of review rule ids',
  /** 409 `rules_failed`: the failing rules not overridden, each with what it found. */
  rulesFailed: (failed: { rule: string; message: string }[]) =>
    `The drawing fails the review rules: ${failed.map((f) => `${f.rule} (${f.message})`).join('; ')}. Fix it, or approve naming these rules in override.`,
  /** 409: the drawing changed while it was checked, again and again. */
  drawingKeptChanging: 'The drawing changed while it was reviewed. Look at it again.',
  // The browser (ADR 0413)
  ruleLabels: {
    view_box: 'View box',
    stroke_width: 'Stroke width',
    caps_joins: 'Line caps and joins',
    fill: 'Fill',
    no_raster_or_text: 'No images or text',
    precision: 'Precision',
    max_elements: 'Element count',
    live_area: 'Live area',
  },
  checklistTitle: 'Review rules',
  checksPassed: (total: number) => `Passes ${total === 1 ? 'the rule' : `all ${total} rules`}`,
  checksFailed: (failed: number, total: number) => `Fails ${failed} of ${countOf(total, 'rule')}`,
  checkRefused: (message: string) => `Not checked: ${message}`,
  checksLoading: 'Checking the review rules…',
  saveAnyway: 'It can still be saved: a reviewer sees what fails.',
  /** The import report: stored files that fail the workspace's rules. */
  importFailingCount: (files: number) =>
    `${formatCount(files)} ${files === 1 ? 'fails' : 'fail'} review rules`,
  importFailing: (files: number, waiting: boolean) =>
    `${countOf(files, 'file')} ${files === 1 ? 'fails' : 'fail'} the workspace's review rules: saved${waiting ? ', waiting for review' : ''}. Choose one to see what fails and where.`,
  importFailingList: 'Files failing the review rules',
  importChecklistTitle: (file: string) => `${file}: review rules`,
  showAllFailing: 'Show every failing rule',
  highlightOf: (rule: string) => `Highlighted: ${rule}`,
  previewHighlighted: 'Preview with the failing elements highlighted',
  approve: 'Approve',
  reject: 'Reject',
  approveOverTitle: (name: string) => `Approve “${name}” over failing rules?`,
  approveOverBody: 'It fails these review rules. Approving records that you overrode them:',
  approveOverConfirm: 'Approve anyway',
  rejectTitle: (name: string) => `Reject “${name}”`,
  rejectBody: 'The author sees your comment on the icon until its drawing changes.',
  rejectComment: 'What should change',
  rejectCommentRequired: 'Say what should change',
  rejectConfirm: 'Reject',
  approved: (name: string) => `Approved ${name}`,
  rejected: (name: string) => `Rejected ${name}`,
  reviewFailed: 'The review could not be saved. Please try again.',
  rejectedNotice: (name: string, comment: string) => `“${name}” was rejected: ${comment}`,
  rejectedBy: (who: string) => `Rejected by ${who}`,
  rejectedOnIcon: 'Rejected',
  queueTitle: 'Review',
  queueEmpty: 'Nothing waits for review here.',
  queuePersonal: 'Personal projects never need review: choose a workspace to review its icons.',
  queueNotAllowed: "Only the workspace's people see its review queue.",
  queueReadOnly: 'Only owners and admins approve or reject icons: you see the queue read-only.',
  openQueue: 'Review queue',
  queueFailed: 'The review queue could not be loaded.',
  queueLabel: 'Icons waiting for review, oldest first',
  waiting: (count: number) => `${countOf(count, 'icon')} waiting for review`,
  allProjects: 'All projects',
  allAuthors: 'All authors',
  byProject: 'Project',
  byAuthor: 'Author',
  keys: 'J and K move, A approves, R rejects, D shows the changes',
  keysReadOnly: 'J and K move, D shows the changes',
  showDiff: 'Changes',
  showChecks: 'Checks',
  diffSide: 'Side by side',
  diffOverlay: 'Overlay',
  diffPixels: 'Pixels',
  diffApproved: (revision: number) => `Approved (v${revision})`,
  diffNow: 'Now',
  diffFade: 'Fade from the approved drawing to now',
  pixelsDiffer: (changed: number, total: number) =>
    changed ? `${formatCount(changed)} of ${formatCount(total)} pixels differ` : 'No pixel differs',
  diffLoading: 'Loading the approved drawing…',
  diffUnavailable: 'The approved drawing could not be loaded.',
  drawingUnchanged: 'The drawing is the approved one; only its name or details changed.',
  newIcon: 'New icon: never approved. Shown at 16, 24 and 32 px beside other icons of its project.',
  inContext: (size: number, theme: string) => `${size} px on ${theme}`,
} as const
