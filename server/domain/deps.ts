// What domain functions need: the database, the event bus, mail and configuration.
import type { Config } from '../config.ts'
import type { Db } from '../db/client.ts'
import type { EventBus } from '../events.ts'
import type { Mailer } from '../mail.ts'

export type Deps = { db: Db; events: EventBus; mailer: Mailer; config: Config }

/** The signed-in caller, as domain functions see them. */
export type Actor = { id: string; email: string; plan: 'free' | 'pro' | 'gold' }
