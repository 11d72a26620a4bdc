// The request of a project's icon font (ADR 0105) for a set of its icons (now, or a release's): each
// icon at the code point the project keeps for it (code-points.ts: given once, at the first export
// that holds it; its creation date decides who keeps a point two icons' ids share, an icon deleted
// since counting as the newest). The font itself is built in a heavy-work worker
// (server/heavy-work, ADR 0310): the event loop never waits for it.
import { inArray } from 'drizzle-orm'
import type { ExportAlias } from '../../../common/exports/export-kinds.ts'
import type { Db } from '../../db/client.ts'
import { icons } from '../../db/schema/index.ts'
import { codePointsOf } from './code-points.ts'
import type { FontRequest } from './icon-font.ts'

/** What the font worker builds: the set's icons with their kept code points. */
export async function fontRequest(
  db: Db,
  projectId: string,
  projectName: string,
  set: readonly { id: string; name: string; svg: string; aliases: readonly ExportAlias[] }[],
  classPrefix: string | undefined,
  version?: string,
): Promise<FontRequest> {
  const ids = set.map((icon) => icon.id)
  const created = new Map<string, Date>()
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = await db
      .select({ id: icons.id, created_at: icons.created_at })
      .from(icons)
      .where(inArray(icons.id, ids.slice(i, i + 1000)))
    for (const row of rows) created.set(row.id, row.created_at)
  }
  const points = await codePointsOf(
    db,
    projectId,
    set.map((icon) => ({ id: icon.id, created_at: created.get(icon.id) ?? null })),
  )
  return {
    projectName,
    classPrefix,
    version,
    icons: set.map((icon) => ({
      id: icon.id,
      name: icon.name,
      svg: icon.svg,
      aliases: icon.aliases.map(({ name, deprecated, remove_in }) => ({ name, deprecated, remove_in })),
      code_point: points.get(icon.id)!,
    })),
  }
}
