// The one fetch wrapper for our JSON API: same origin, cookies, JSON in and out.
// A non-OK response throws an ApiError with the decoded `error` body or the response text, and the
// answer's `code` (common/error-codes.ts): callers decide by the code, never by the message's words.
// The server takes unsafe methods only with a JSON body (Content-Type: application/json) or
// none at all, from this origin (ADR 0006): a body is always sent as JSON here. A 401 is reported
// to session-end.ts: the session is gone, and the browser signs out (ADR 0012).
import { codeForStatus, type ErrorCode, isErrorCode } from '@common/error-codes.ts'
import { sessionEnded } from './session-end.ts'

export class ApiError extends Error {
  readonly status: number
  readonly headers: Headers
  /** The answer's code; the status's own (codeForStatus) when the body has none (a proxy's page). */
  readonly code: ErrorCode

  constructor(status: number, message: string, headers: Headers = new Headers(), code?: ErrorCode) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.headers = headers
    this.code = code ?? codeForStatus(status)
  }
}

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  body?: unknown
  signal?: AbortSignal
}

export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const { body, signal } = options
  const method = options.method ?? (body === undefined ? 'GET' : 'POST')
  const response = await fetch(path, {
    method,
    credentials: 'include',
    headers: body === undefined ? { accept: 'application/json' } : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  })
  const text = await response.text()
  // Signed out behind our back (account deleted, session revoked or expired): the app signs out here.
  if (response.status === 401) sessionEnded('ended')
  if (!response.ok) {
    throw new ApiError(response.status, errorFromBody(text, response), response.headers, codeFromBody(text))
  }
  return (text ? JSON.parse(text) : null) as T
}

function errorFromBody(text: string, response: Response): string {
  try {
    const parsed: unknown = JSON.parse(text)
    if (parsed && typeof parsed === 'object' && 'error' in parsed) {
      const { error } = parsed
      if (typeof error === 'string' && error) return error
      if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string') {
        return error.message
      }
    }
  } catch {
    // not JSON: fall back to the raw text
  }
  return text.trim() || response.statusText || `Request failed with status ${response.status}`
}

/** The `code` of an error answer's JSON body, when it is one of the closed list. */
function codeFromBody(text: string | undefined): ErrorCode | undefined {
  try {
    const parsed: unknown = JSON.parse(text ?? '')
    if (parsed && typeof parsed === 'object' && 'code' in parsed && isErrorCode(parsed.code))
      return parsed.code
  } catch {
    // not JSON: no code
  }
  return undefined
}

/** A readable message for anything thrown: the server's `error`, or the error's own message. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message
  if (typeof error === 'string') return error
  return String(error)
}
