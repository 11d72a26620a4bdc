// GET /api/projects/export?format=font (ADR 0105): the icon font of a project's set (now, or a
// release's), each icon with its creation date, which decides who keeps a code point two icons' ids
// share (common/exports/code-points.ts). An icon deleted since a release counts as the newest.
import { inArray } from 'drizzle-orm'
import type { ExportResult } from '../../common/exports/export-kinds.ts'
import type { ReleasedIcon } from '../../common/schemas/rows.ts'
import type { Db } from '../db/client.ts'
import { icons } from '../db/schema/index.ts'
import { buildIconFont } from './icon-font.ts'

export async function exportFont(
  db: Db,
  projectName: string,
  set: readonly ReleasedIcon[],
  classPrefix: string | undefined,
): Promise<ExportResult> {
  const ids = set.map((icon) => icon.id)
  const created = new Map<string, Date>()
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = await db
      .select({ id: icons.id, created_at: icons.created_at })
      .from(icons)
      .where(inArray(icons.id, ids.slice(i, i + 1000)))
    for (const row of rows) created.set(row.id, row.created_at)
  }
  return buildIconFont({
    projectName,
    classPrefix,
    icons: set.map((icon) => ({
      id: icon.id,
      name: icon.name,
      svg: icon.svg,
      aliases: icon.aliases.map(({ name, deprecated, remove_in }) => ({ name, deprecated, remove_in })),
      created_at: created.get(icon.id) ?? null,
    })),
  })
}
