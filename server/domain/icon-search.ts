// GET /api/icons/search (issue 25): a project's icons found by meaning with the vault's own ranking
// (common/search/icon-search.ts, the same module the browser's worker runs). A project's index is built
// from its icons' names, former names, tags and labels and kept per list stamp (created_at and
// list_version, which a database trigger bumps on any change of its icons: icons.ts listStamp), so a
// search of an unchanged project reads no row; a few projects are kept per database, least recently
// searched out first. The route has checked access first.
import { eq } from 'drizzle-orm'
import { createIconSearch, type IconSearch, type SearchHit } from '../../common/search/icon-search.ts'
import synonyms from '../../common/search/synonyms.json' with { type: 'json' }
import type { Db } from '../db/client.ts'
import { icons } from '../db/schema/index.ts'
import type { ListedProject } from './icon-list-cache.ts'
import { listStamp } from './icons.ts'

/** Indexes kept per database. */
const KEPT = 16
const stores = new WeakMap<object, Map<string, { stamp: string; search: Promise<IconSearch> }>>()

async function buildSearch(db: Db, projectId: string): Promise<IconSearch> {
  const rows = await db
    .select({ id: icons.id, name: icons.name, aliases: icons.aliases, tags: icons.tags, label: icons.label })
    .from(icons)
    .where(eq(icons.project_id, projectId))
  return createIconSearch(
    rows.map((row) => ({ ...row, aliases: row.aliases.map((alias) => alias.name) })),
    synonyms,
  )
}

/** The project's icons that match `query`, best first, at most `limit`. */
export async function searchIcons(
  db: Db,
  project: ListedProject,
  query: string,
  limit: number,
): Promise<SearchHit[]> {
  const kept = stores.get(db) ?? new Map()
  stores.set(db, kept)
  const stamp = listStamp(project.createdAt, project.listVersion)
  let entry = kept.get(project.id)
  if (entry?.stamp !== stamp) {
    entry = { stamp, search: buildSearch(db, project.id) }
    entry.search.catch(() => kept.delete(project.id))
  }
  kept.delete(project.id) // most recently searched last
  kept.set(project.id, entry)
  for (const id of kept.keys()) {
    if (kept.size <= KEPT) break
    kept.delete(id)
  }
  return (await entry.search).search(query).slice(0, limit)
}
