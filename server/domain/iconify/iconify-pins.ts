// Account → Tokens' Iconify prefixes (ADR 0021): each prefix the caller's live tokens reach, the
// project it answers for a token of every project and for each limited token, and the caller's choice
// for a prefix several of their projects carry (a pin they chose: a project that takes the prefix later
// never displaces it). Listing records nothing; only an answer of the Iconify endpoint records a pin.
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm'
import { iconifyMessages } from '../../../common/messages.ts'
import type { IconifyPrefixRow, PinPrefixBody } from '../../../common/schemas/tokens.ts'
import type { Db } from '../../db/client.ts'
import { apiTokens, iconifyPins, projects } from '../../db/schema/index.ts'
import { visibleProjects } from '../access.ts'
import type { Actor } from '../deps.ts'
import { conflict, notFound } from '../errors.ts'
import { choosePrefix } from './iconify-prefix-choice.ts'
import { resolvePrefixes } from './iconify-prefixes.ts'

/** The caller's tokens that can still be used (not revoked, not expired). */
const liveTokens = (db: Db, userId: string) =>
  db
    .select({ id: apiTokens.id, name: apiTokens.name, projectIds: apiTokens.project_ids })
    .from(apiTokens)
    .where(
      and(
        eq(apiTokens.user_id, userId),
        isNull(apiTokens.revoked_at),
        or(isNull(apiTokens.expires_at), gt(apiTokens.expires_at, new Date())),
      ),
    )
    .orderBy(apiTokens.created_at, apiTokens.id)

/** Every prefix a live token of the caller's reaches, by prefix, with what answers it. */
export async function listTokenPrefixes(db: Db, actor: Actor): Promise<IconifyPrefixRow[]> {
  const tokens = await liveTokens(db, actor.id)
  if (!tokens.length) return []
  const choices = await resolvePrefixes(db, actor.id, null, { record: false })
  const rows: IconifyPrefixRow[] = []
  for (const [prefix, choice] of [...choices].sort(([a], [b]) => (a < b ? -1 : 1))) {
    // The caller's project as the pin: a limited token answers it when it reaches it, else its first.
    const pin = { projectId: choice.user.id, chosen: choice.chosen }
    const reaching = tokens.flatMap((t) => {
      const narrowed = t.projectIds ? new Set(t.projectIds) : null
      const { answer } = choosePrefix(choice.reached, pin, narrowed)
      return answer ? [{ id: t.id, name: t.name, project_id: answer.id }] : []
    })
    if (!reaching.length) continue
    rows.push({
      prefix,
      project_id: choice.user.id,
      chosen: choice.chosen,
      ambiguous: choice.ambiguous,
      projects: choice.reached.map((p) => ({ id: p.id, name: p.name, workspace_name: p.workspaceName })),
      tokens: reaching,
    })
  }
  return rows
}

/**
 * The caller chooses the project `prefix` answers: one they see that carries it now (404 for a project
 * they do not see, 409 when it no longer carries the prefix), decided on its row, locked.
 */
export async function pinPrefix(
  db: Db,
  actor: Actor,
  body: PinPrefixBody,
): Promise<{ prefix: string; project_id: string }> {
  return db.transaction(async (tx) => {
    const [project] = await tx
      .select({ prefix: projects.iconify_prefix })
      .from(projects)
      .where(and(eq(projects.id, body.project_id), visibleProjects(db, actor.id)))
      .for('share', { of: projects })
    if (!project) throw notFound('Project not found')
    if (project.prefix !== body.prefix) throw conflict(iconifyMessages.pinPrefixMoved)
    await tx
      .insert(iconifyPins)
      .values({ user_id: actor.id, prefix: body.prefix, project_id: body.project_id, chosen: true })
      .onConflictDoUpdate({
        target: [iconifyPins.user_id, iconifyPins.prefix],
        set: { project_id: body.project_id, chosen: true, updated_at: sql`now()` },
      })
    return { prefix: body.prefix, project_id: body.project_id }
  })
}
