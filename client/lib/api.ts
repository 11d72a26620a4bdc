// The one fetch wrapper for our JSON API: same origin, cookies, JSON in and out.
// A non-OK response throws an ApiError with the decoded `error` body or the response text.
// The server takes unsafe methods only with a JSON body (Content-Type: application/json) or
// none at all, from this origin (ADR 0006): a body is always sent as JSON here.

export class ApiError extends Error {
  readonly status: number
  readonly headers: Headers

  constructor(status: number, message: string, headers: Headers = new Headers()) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.headers = headers
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
  if (!response.ok) throw new ApiError(response.status, errorFromBody(text, response), response.headers)
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

/** A readable message for anything thrown: the server's `error`, or the error's own message. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message
  if (typeof error === 'string') return error
  return String(error)
}
