// Which errors mean "the database could not be reached" (the connection was refused, dropped or
// terminated; the embedded database's thread stopped), as opposed to an answer it gave (a
// constraint, a syntax error). The app answers them 503 and health counts them as proof the
// database is down (ADR 0306). Drizzle wraps a driver's error as its `cause`: causes are followed.

/** Socket errors of Node (a refused, reset or unreachable connection). */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
])

/** SQLSTATEs: 57P01 admin shutdown (pg_terminate_backend, a restart), 57P02 crash, 57P03 starting up. */
const SHUTDOWN_CODES = new Set(['57P01', '57P02', '57P03'])

/** node-postgres's own messages for a lost connection or a connect that timed out. */
const DRIVER_MESSAGES = [
  /^Connection terminated/,
  /is not queryable/,
  /timeout exceeded when trying to connect/i,
]

export function isConnectionError(err: unknown): boolean {
  let e: unknown = err
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown }
    if (typeof code === 'string') {
      // Class 08: connection exception (also what the embedded database's stopped thread says).
      if (code.startsWith('08') || SHUTDOWN_CODES.has(code) || SOCKET_CODES.has(code)) return true
    }
    if (typeof message === 'string' && DRIVER_MESSAGES.some((m) => m.test(message))) return true
    e = (e as { cause?: unknown }).cause
  }
  return false
}
