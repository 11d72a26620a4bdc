// The one error class of the API. Domain code throws it; app.ts turns it into
// `{ "error": message }` with its status. Anything else becomes an opaque, logged 500.
import { appMessages, messages } from '../../common/messages.ts'

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 429 | 500 | 502 | 503 | 504

export class ApiError extends Error {
  readonly status: ErrorStatus
  /** Response headers the answer carries (e.g. Retry-After on a 429 or 503). */
  readonly headers: Record<string, string> | undefined
  constructor(status: ErrorStatus, message: string, headers?: Record<string, string>) {
    super(message)
    this.status = status
    this.headers = headers
  }
}

export const badRequest = (message: string) => new ApiError(400, message)
export const signedOut = () => new ApiError(401, appMessages.signedOut)
export const forbidden = (message: string = messages.notAuthorized) => new ApiError(403, message)
export const notFound = (message: string = appMessages.apiNotFound) => new ApiError(404, message)
export const conflict = (message: string) => new ApiError(409, message)
/** 410: what the request builds on is no longer kept (an old sync cursor, ADR 0303). */
export const gone = (message: string) => new ApiError(410, message)
