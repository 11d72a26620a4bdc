// The one error class of the API. Domain code throws it; app.ts turns it into
// `{ "error": message, "code": code }` with its status. Anything else becomes an opaque, logged 500.
// The code defaults to the status's (common/error-codes.ts); a refusal that means more names its own.
import { codeForStatus, type ErrorCode } from '../../common/error-codes.ts'
import { appMessages, messages } from '../../common/messages.ts'

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 429 | 500 | 502 | 503 | 504

export class ApiError extends Error {
  readonly status: ErrorStatus
  /** Response headers the answer carries (e.g. Retry-After on a 429 or 503). */
  readonly headers: Record<string, string> | undefined
  /** What the answer's `code` says (common/error-codes.ts). */
  readonly code: ErrorCode
  /** More fields of the answer beside `error` and `code` (a move's name `clashes`). */
  readonly details: Record<string, unknown> | undefined
  constructor(
    status: ErrorStatus,
    message: string,
    headers?: Record<string, string>,
    code?: ErrorCode,
    details?: Record<string, unknown>,
  ) {
    super(message)
    this.status = status
    this.headers = headers
    this.code = code ?? codeForStatus(status)
    this.details = details
  }
}

export const badRequest = (message: string) => new ApiError(400, message)
export const signedOut = () => new ApiError(401, appMessages.signedOut)
/** 403: `not_authorized` (a role), or what else refuses: `plan_required`, `quota_reached`, `not_configured`. */
export const forbidden = (message: string = messages.notAuthorized, code?: ErrorCode) =>
  new ApiError(403, message, undefined, code)
export const notFound = (message: string = appMessages.apiNotFound) => new ApiError(404, message)
/**
 * 409, with the code that says what clashes (ADR 0030): `name_taken`, `id_taken`, `unchanged`,
 * `version_taken`, or `conflict` when none of them does.
 */
export const conflict = (
  message: string,
  code: 'conflict' | 'name_taken' | 'id_taken' | 'unchanged' | 'version_taken' = 'conflict',
  details?: Record<string, unknown>,
) => new ApiError(409, message, undefined, code, details)
/** 410: what the request builds on is no longer kept (an old sync cursor, ADR 0303). */
export const gone = (message: string, code?: ErrorCode) => new ApiError(410, message, undefined, code)
