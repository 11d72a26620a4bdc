// A project's releases (ADR 0017): the changelog between two released sets and the
// semantic version it calls for. One rule for the server (POST /api/projects/release) and the dialog.
//   - major: an icon removed, an alias removed, or an icon renamed without its old name kept as an
//     alias (code that imports the old name breaks);
//   - minor: an icon added, renamed (its old name kept), an alias added or newly deprecated;
//   - patch: a drawing changed (same id and name, other markup);
//   - nothing: no release (the server answers 409 "Nothing changed since x.y.z").
// The first release is 1.0.0 with every icon added. A chosen version may only be higher.
import type { IconAlias, ReleaseChanges, ReleasedIcon } from './schemas/rows.ts'

export type Bump = 'major' | 'minor' | 'patch'

/** x.y.z, whole numbers without leading zeros (no pre-release or build part). */
export const VERSION_PATTERN = /^(0|[1-9]\d{0,8})\.(0|[1-9]\d{0,8})\.(0|[1-9]\d{0,8})$/

const FIRST_VERSION = '1.0.0'

export function parseVersion(version: string): [number, number, number] | null {
  const match = VERSION_PATTERN.exec(version)
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null
}

/** Negative when a < b, 0 when equal, positive when a > b (both valid versions). */
export function compareVersions(a: string, b: string): number {
  const [x, y] = [parseVersion(a), parseVersion(b)]
  if (!x || !y) throw new Error(`Not a semantic version: ${x ? b : a}`)
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2]
}

/** The version after `previous` for a bump (the first release: 1.0.0). */
export function nextVersion(previous: string | null, bump: Bump): string {
  const at = previous ? parseVersion(previous) : null
  if (!at) return FIRST_VERSION
  const [major, minor, patch] = at
  if (bump === 'major') return `${major + 1}.0.0`
  if (bump === 'minor') return `${major}.${minor + 1}.0`
  return `${major}.${minor}.${patch + 1}`
}

const byName = <T extends { name: string }>(list: T[]) =>
  list.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
const sameDeprecation = (a: IconAlias, b: IconAlias) =>
  a.deprecated === b.deprecated && a.reason === b.reason && a.remove_in === b.remove_in

/** What a set of icons can be imported by: every name and alias, lower-cased. */
const namesOf = (icons: readonly ReleasedIcon[]) =>
  new Set(
    icons.flatMap((icon) => [icon.name, ...icon.aliases.map((a) => a.name)].map((n) => n.toLowerCase())),
  )

/** The changelog from one released set to the next (`before` null: the first release, all added). */
export function releaseChanges(
  before: readonly ReleasedIcon[] | null,
  after: readonly ReleasedIcon[],
): ReleaseChanges {
  const changes: ReleaseChanges = {
    added: [],
    changed: [],
    renamed: [],
    deprecated: [],
    removed: [],
    aliases_removed: [],
    aliases_added: [],
  }
  const old = new Map((before ?? []).map((icon) => [icon.id, icon]))
  const now = new Map(after.map((icon) => [icon.id, icon]))
  const reachable = namesOf(after)
  for (const icon of after) {
    const was = old.get(icon.id)
    if (!was) {
      changes.added.push({ id: icon.id, name: icon.name })
      continue
    }
    if (was.hash !== icon.hash)
      changes.changed.push({ id: icon.id, name: icon.name, before: was.svg, after: icon.svg })
    if (was.name !== icon.name) changes.renamed.push({ id: icon.id, from: was.name, to: icon.name })
    const oldAliases = new Map(was.aliases.map((a) => [a.name, a]))
    for (const alias of icon.aliases) {
      const prior = oldAliases.get(alias.name)
      if (alias.deprecated && (!prior || !sameDeprecation(prior, alias)))
        changes.deprecated.push({
          icon_id: icon.id,
          name: alias.name,
          reason: alias.reason,
          remove_in: alias.remove_in,
        })
      else if (!prior && !alias.deprecated && alias.name !== was.name)
        changes.aliases_added?.push({ icon_id: icon.id, name: alias.name })
    }
    for (const alias of was.aliases)
      if (!reachable.has(alias.name.toLowerCase()))
        changes.aliases_removed.push({ icon_id: icon.id, name: alias.name })
  }
  for (const icon of before ?? [])
    if (!now.has(icon.id)) changes.removed.push({ id: icon.id, name: icon.name })
  byName(changes.added)
  byName(changes.changed)
  byName(changes.deprecated)
  byName(changes.removed)
  byName(changes.aliases_removed)
  if (changes.aliases_added) byName(changes.aliases_added)
  changes.renamed.sort((a, b) => (a.to < b.to ? -1 : a.to > b.to ? 1 : 0))
  return changes
}

/** Renames whose old name no icon answers to any more (not kept as an alias): breaking. */
function breakingRenames(changes: ReleaseChanges, after: readonly ReleasedIcon[]) {
  const reachable = namesOf(after)
  return changes.renamed.filter((r) => !reachable.has(r.from.toLowerCase()))
}

/** The bump a changelog calls for, or null when nothing changed. */
export function releaseBump(changes: ReleaseChanges, after: readonly ReleasedIcon[]): Bump | null {
  if (changes.removed.length || changes.aliases_removed.length || breakingRenames(changes, after).length)
    return 'major'
  if (
    changes.added.length ||
    changes.renamed.length ||
    changes.deprecated.length ||
    changes.aliases_added?.length
  )
    return 'minor'
  if (changes.changed.length) return 'patch'
  return null
}

/** The suggested version after `previous` for these changes (null: nothing to release). */
export function suggestVersion(
  previous: string | null,
  changes: ReleaseChanges,
  after: readonly ReleasedIcon[],
): string | null {
  if (!previous) return FIRST_VERSION
  const bump = releaseBump(changes, after)
  return bump ? nextVersion(previous, bump) : null
}
