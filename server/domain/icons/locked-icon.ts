// A write of one icon decides on the row it locks (ADR 0309). The route located the icon and its
// scope before any transaction (iconScope: 404, then the role's 403), so writeInScope can open that
// scope first; inside, `lockIcon` locks the row `for update` and checks, on the row as locked, that
// it is still in the project located and that the actor may still do the action there (the
// project's scope read again in the transaction: a role changed or access ended meanwhile counts).
// A teammate's move that committed in between makes the write roll back (IconMoved); `onLockedIcon`
// then locates the icon again and runs the whole write in its new scope, or answers 404 when the
// actor can no longer see it: nothing is ever written, tombstoned or announced in a scope the row
// has left.
import { eq } from 'drizzle-orm'
import { appMessages } from '../../../common/messages.ts'
import type { Action } from '../../../common/permissions.ts'
import type { Tx } from '../../db/client.ts'
import { icons } from '../../db/schema/index.ts'
import { assertCan, projectScope, type Scope } from '../access.ts'
import type { Actor, Deps } from '../deps.ts'
import { ApiError, conflict, notFound } from '../errors.ts'
import { scopeOf } from '../sync/sync-scopes.ts'

export type IconRecord = typeof icons.$inferSelect
export const ICON_NOT_FOUND = 'Icon not found'
export type IconInScope = { icon: IconRecord; scope: Scope }

/** An icon the caller may see, with its scope; 404 otherwise (read outside any write: lockIcon decides). */
export async function iconScope(
  { db }: Pick<Deps, 'db'>,
  actor: Actor,
  iconId: string,
): Promise<IconInScope> {
  const [icon] = await db.select().from(icons).where(eq(icons.id, iconId))
  if (!icon) throw notFound(ICON_NOT_FOUND)
  return { icon, scope: await visibleScope(db, actor, icon) }
}

/** Thrown inside a write whose icon left the project its scope was resolved for: the write runs again. */
export class IconMoved extends Error {}

/** How often a write follows an icon that keeps moving before it gives up (409). */
const MAX_ATTEMPTS = 5

/**
 * The icon's row locked in `tx` (until commit), with the actor's scope on it read in the same
 * transaction; 404 when it is gone or no longer visible, 403 when the role may not do `actions`.
 * Throws IconMoved when the row is no longer in `located`'s project (or that project's scope changed).
 */
export async function lockIcon(
  tx: Tx,
  actor: Actor,
  located: IconInScope,
  actions: readonly Action[],
): Promise<IconInScope> {
  const [icon] = await tx.select().from(icons).where(eq(icons.id, located.icon.id)).for('update')
  if (!icon) throw notFound(ICON_NOT_FOUND)
  if (icon.project_id !== located.icon.project_id) throw new IconMoved()
  const scope = await visibleScope(tx, actor, icon)
  if (scopeOf(scope) !== scopeOf(located.scope)) throw new IconMoved()
  for (const action of actions) assertCan(scope, action)
  return { icon, scope }
}

/** The actor's scope on the icon's project, read in `tx`; the icon's 404 when they may not see it. */
async function visibleScope(tx: Tx, actor: Actor, icon: IconRecord) {
  try {
    return (await projectScope(tx, actor, icon.project_id)).scope
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw notFound(ICON_NOT_FOUND)
    throw error
  }
}

/**
 * Runs `attempt` (a write whose transaction calls lockIcon) with the icon as the route located it;
 * when the icon moved meanwhile (IconMoved), locates it again (404 when the actor can no longer see
 * it, 403 when their role there may not do `actions`) and runs the whole write again in its new scope.
 */
export function onLockedIcon<T>(
  deps: Deps,
  actor: Actor,
  first: IconInScope,
  actions: readonly Action[],
  attempt: (located: IconInScope) => Promise<T>,
): Promise<T> {
  let located = first
  return whileMoving(async (tries) => {
    if (tries > 1) {
      located = await iconScope(deps, actor, located.icon.id)
      for (const action of actions) assertCan(located.scope, action)
    }
    return attempt(located)
  })
}

/**
 * Runs `attempt` (tries counted from 1) again while it throws IconMoved, at most MAX_ATTEMPTS times;
 * then 409: an icon that keeps moving is a conflict the caller settles by trying again.
 */
export async function whileMoving<T>(attempt: (tries: number) => Promise<T>): Promise<T> {
  for (let tries = 1; ; tries++) {
    try {
      return await attempt(tries)
    } catch (error) {
      if (!(error instanceof IconMoved)) throw error
      if (tries >= MAX_ATTEMPTS) throw conflict(appMessages.iconKeptMoving)
    }
  }
}
