// Whether a database error is a unique violation (SQLSTATE 23505): a write clashed with a row that
// exists. Routes that expect one answer it in their own words (a taken prefix, a taken id); the app's
// error handler answers any other as 409 `conflict`, never 500 (ADR 0004). Drizzle wraps a driver's
// error as its `cause`: causes are followed.
export function isUniqueViolation(error: unknown): boolean {
  let e: unknown = error
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    if ((e as { code?: unknown }).code === '23505') return true
    e = (e as { cause?: unknown }).cause
  }
  return false
}
