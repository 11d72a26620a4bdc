// The closed list of error codes (ADR 0004): every error answer of the API is
// `{ "error": "<message>", "code": "<code>" }`. The message is for people and may change with the
// texts; the code is for programs: the client decides by it, never by comparing message text.
// docs/api.md lists them; a new code is added here, to docs/api.md and to the ADR.

/** Each code and what it means (docs/api.md lists this table). */
export const ERROR_CODES = {
  invalid: 'The request is malformed or a field is not valid (400).',
  signed_out: 'There is no session: sign in first (401).',
  not_authorized: "The caller's role does not allow this action on something it may see (403).",
  plan_required: 'The plan that counts here does not include this (403): upgrade, or ask the owner.',
  quota_reached:
    "A limit is reached: the plan's stored icons or bytes, this month's credits, or the most live API tokens (403).",
  cross_site: "An unsafe request did not come from this app's own pages (403, ADR 0006).",
  not_configured: 'The server is not set up for this (billing, AI): ask its administrator (403 or 503).',
  not_found: 'No such route, or nothing the caller may see under this id (404).',
  method_not_allowed: 'The route does not take this method (405).',
  conflict:
    'The request clashes with what exists and no more precise code says how: a plan already held, a member already in (409).',
  name_taken:
    'The name (of an icon, an alias or an Iconify prefix) is taken by another where it must be unique: choose another (409, ADR 0030).',
  id_taken: 'The id is used by something else (elsewhere, or deleted): send a new id (409, ADR 0030).',
  unchanged:
    'Nothing changed since the last time, so nothing is made (a release with no change) (409, ADR 0030).',
  version_taken: 'The project already has a release of this version: choose another (409, ADR 0030).',
  rules_failed:
    "An approval the workspace's review rules refuse: the message names the failing rules; approve naming them in override to go ahead (409, ADR 0112).",
  gone: 'What the request builds on has ended, such as an expired invitation (410).',
  cursor_expired: 'The sync cursor is older than the kept history: list the scope again from 0 (410).',
  too_large: "The request body, or a move's markup, is over its limit (413).",
  json_required: 'A body must be sent as JSON (415).',
  rate_limited: 'Too many requests or too much processing time: wait Retry-After seconds (429).',
  busy: 'The server is busy with other work: retry after Retry-After seconds (503).',
  unavailable: 'The database or a provider cannot be reached, or the server is shutting down (503).',
  upstream_error: 'A service the server calls answered with an error (502).',
  upstream_timeout: 'A service the server calls did not answer in time (504).',
  internal: 'An unexpected error on the server, logged there (500).',
  token_invalid: 'The API token sent as Authorization: Bearer is not one this server issued (401, ADR 0019).',
  token_expired: 'The API token has passed its expiry date: create a new one (401, ADR 0019).',
  token_revoked: 'The API token was revoked: create a new one (401, ADR 0019).',
  token_not_allowed:
    'API tokens cannot reach this route (account, billing, session, tokens, sign-in) (403, ADR 0019).',
  token_read_only: 'A read token may only GET and HEAD: use a write token (403, ADR 0019).',
  fresh_sign_in_required:
    'The action needs a session signed in lately (deleting the account): sign in again, then retry (400, ADR 0030).',
} as const

export type ErrorCode = keyof typeof ERROR_CODES

export const ERROR_CODE_LIST = Object.keys(ERROR_CODES) as ErrorCode[]

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && Object.hasOwn(ERROR_CODES, value)

/** The code an error status has unless its answer names a more precise one. */
const BY_STATUS: Record<number, ErrorCode> = {
  400: 'invalid',
  401: 'signed_out',
  403: 'not_authorized',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  410: 'gone',
  413: 'too_large',
  415: 'json_required',
  429: 'rate_limited',
  500: 'internal',
  502: 'upstream_error',
  503: 'unavailable',
  504: 'upstream_timeout',
}

/** The default code of an error status: any other 4xx is `invalid`, any other 5xx `internal`. */
export const codeForStatus = (status: number): ErrorCode =>
  BY_STATUS[status] ?? (status >= 500 ? 'internal' : 'invalid')

/** The body of every error answer. */
export type ErrorBody = { error: string; code: ErrorCode }

export const errorBody = (message: string, code: ErrorCode): ErrorBody => ({ error: message, code })
