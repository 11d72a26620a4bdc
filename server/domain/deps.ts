// What domain functions need: the database, the event bus, mail, configuration, the SVG
// pipeline's worker pool (untrusted SVG is never processed on the event loop), the heavy-work gate
// and builder (exports, fonts, releases, duplicate grouping: bounded per process and per user) and
// the logger (its lines carry the request id of the request they are part of: server/log/log.ts).
import type { MeUser } from '../../common/schemas/me.ts'
import type { Config } from '../config/config.ts'
import type { Db } from '../db/client.ts'
import type { Mailer } from '../emails/mail.ts'
import type { EventBus } from '../events/events.ts'
import type { HeavyWork } from '../heavy-work/heavy-work.ts'
import type { Logger } from '../log/log.ts'
import type { SvgPool } from '../svg-pool/pool-api.ts'

export type Deps = {
  db: Db
  events: EventBus
  mailer: Mailer
  config: Config
  svg: SvgPool
  heavy: HeavyWork
  logger: Logger
}

/**
 * The signed-in caller, as domain functions see them. `token`: the API token the request came with
 * (ADR 0019); its `project_ids` (null: all) narrow every project the caller may locate.
 */
export type Actor = Pick<MeUser, 'id' | 'email' | 'plan'> & {
  token?: { readonly project_ids: readonly string[] | null }
}
