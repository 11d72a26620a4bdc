// The signed-in user as the server holds it for a request: its own small module so the session
// middleware (middleware/session.ts) and the session cache (cache/session-cache.ts) both import it and
// not each other (no import cycle, ADR 0010).
import type { MeUser } from '../../common/schemas/me.ts'
import type { TokenScope } from '../../common/schemas/tokens.ts'

/**
 * The API token a request came with (ADR 0019): its scope, the projects it may reach (null: all) and
 * when it expires (ms; null: never).
 */
type TokenGrant = {
  id: string
  scope: TokenScope
  project_ids: readonly string[] | null
  expires_at: number | null
}

/** The user GET /api/me answers (common/schemas/me.ts), and the session it came with. */
export type SessionUser = MeUser & {
  /** The session's id: a change is not echoed on the live stream of the session that made it (ADR 0401). */
  sessionId?: string
  /** Set when the request was authenticated by an API token, not a session cookie. */
  token?: TokenGrant
}
