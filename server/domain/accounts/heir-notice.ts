// Telling the person a workspace passed to (account-deletion.ts: its owner deleted their account)
// that it is theirs now: an e-mail naming the workspace and the former owner, and, when their plan is
// not Gold, that members cannot save there until it is (ADR 0012). Sent after the hand-over
// committed; a mail that fails is logged, the hand-over stands.
import { eq, inArray } from 'drizzle-orm'
import { user } from '../../db/schema/index.ts'
import { workspaceHeirMail } from '../../emails/workspace-heir.ts'
import type { Deps } from '../deps.ts'

/** A workspace's new owner. */
export type Heir = { userId: string; email: string; workspaceId: string; workspaceName: string }

export async function tellHeirs(deps: Deps, formerOwnerId: string, heirs: readonly Heir[]): Promise<void> {
  if (!heirs.length) return
  const [former] = await deps.db
    .select({ name: user.name, email: user.email })
    .from(user)
    .where(eq(user.id, formerOwnerId))
  const plans = new Map(
    (
      await deps.db
        .select({ id: user.id, plan: user.plan })
        .from(user)
        .where(
          inArray(
            user.id,
            heirs.map((h) => h.userId),
          ),
        )
    ).map((r) => [r.id, r.plan]),
  )
  for (const heir of heirs) {
    const mail = workspaceHeirMail({
      to: heir.email,
      workspaceName: heir.workspaceName,
      formerOwner: former?.name || former?.email || 'Its owner',
      heirPlan: plans.get(heir.userId) ?? 'free',
      link: `${deps.config.baseUrl}/icons`,
    })
    await deps.mailer.send(mail).catch((err) => deps.logger.error({ err }, 'workspace heir mail failed'))
  }
}
