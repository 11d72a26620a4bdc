// A project's icons as a release stores them (ADR 0017), and a release now against the latest one:
// pure, run in a heavy-work worker (server/heavy-work, ADR 0111) on the icons read a page at a time
// (icon-pages.ts), so that hashing, sorting and comparing 50,000 icons, and the JSON of the sets,
// never hold the event loop; the set to store comes back a page of JSON at a time (releases.ts).
import { createHash } from 'node:crypto'
import { sortedForExport } from '../../../common/exports/export-kinds.ts'
import { releaseChanges, suggestVersion } from '../../../common/release-version.ts'
import type { IconAlias, IconStatus, ReleasedIcon } from '../../../common/schemas/rows.ts'

/** An icon row as the paged read gives it (icon-pages.ts). */
export type StoredIconRow = {
  id: string
  name: string
  svg: string
  icon_status: string
  aliases: IconAlias[] | null
  label: string
  description: string
  decorative: boolean
}

/** What a release job answers: JSON text, so the event loop never parses or prints it. */
export type ReleaseOutcome = {
  /** The version the changes call for; null when nothing changed. */
  suggested: string | null
  /** The changelog as answered (stored with the project's name added, in SQL). */
  changes: string
}

/** Icons a page of the set to store is sent back with: about 0.5 MB of JSON a message. */
const SET_PAGE_ICONS = 1_000

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

/** Every icon of the project now, as a release stores it, in export order. */
function releasedSet(rows: readonly StoredIconRow[]): ReleasedIcon[] {
  return sortedForExport(
    rows.map((row) => ({
      id: row.id,
      name: row.name,
      svg: row.svg,
      hash: sha256(row.svg),
      icon_status: row.icon_status as IconStatus,
      aliases: row.aliases ?? [],
      label: row.label,
      description: row.description,
      decorative: row.decorative,
    })),
  )
}

/**
 * A release of `rows` now, after `latest` (its version and stored set): the outcome, and the set to
 * store (ReleasedIcon[] in export order) as JSON arrays of a page of icons each, to be joined in SQL.
 */
export function releaseOutcome(
  rows: readonly StoredIconRow[],
  latest: { version: string; set: readonly ReleasedIcon[] } | null,
): { outcome: ReleaseOutcome; setPages: () => Generator<string> } {
  const now = releasedSet(rows)
  const changes = releaseChanges(latest?.set ?? null, now)
  return {
    outcome: {
      suggested: suggestVersion(latest?.version ?? null, changes, now),
      changes: JSON.stringify(changes),
    },
    *setPages() {
      for (let at = 0; at < now.length; at += SET_PAGE_ICONS)
        yield JSON.stringify(now.slice(at, at + SET_PAGE_ICONS))
    },
  }
}
