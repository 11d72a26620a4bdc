// What a project's live list holds of each icon: the row without its markup (ADR 0423). A 50,000-icon
// project's markup is ~23 MB of strings; the tab holds only what the grid shows and the panel opens
// (icon-svgs.ts), so the list is a few hundred bytes an icon. Values every row repeats (its project,
// workspace, author, status, a batch's timestamps) are kept once (a row read from IndexedDB or parsed
// from JSON brings its own copy of each). Pure, tested beside this file.
import { utf8Bytes } from '@common/icon-limits.ts'
import type { LocalIcon } from '../local/db.ts'

export type IconHead = Omit<LocalIcon, 'svg'> & {
  /** The markup's UTF-8 bytes (the size sort, what a move sends). */
  svg_bytes: number
  /** A 32-bit hash of the markup: a changed drawing is a changed head even at the same revision. */
  svg_hash: number
}

/** FNV-1a over the markup's UTF-16 code units. */
export function svgHash(svg: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < svg.length; i++) hash = Math.imul(hash ^ svg.charCodeAt(i), 0x01000193)
  return hash >>> 0
}

const shared = new Map<string, string>()
const MAX_SHARED = 20_000

/** One string object for equal values; the table is forgotten when full (its strings stay valid). */
function share(value: string): string
function share(value: string | null): string | null
function share(value: string | null): string | null {
  if (value === null || value.length > 64) return value
  const kept = shared.get(value)
  if (kept !== undefined) return kept
  if (shared.size >= MAX_SHARED) shared.clear()
  shared.set(value, value)
  return value
}

const NO_TAGS: string[] = []
const NO_ALIASES: LocalIcon['aliases'] = []

/** The row without its markup, repeated values shared. */
export function headOf(row: LocalIcon): IconHead {
  const { svg, ...rest } = row
  return {
    ...rest,
    user_id: share(rest.user_id),
    origin_icon_id: share(rest.origin_icon_id),
    project_id: share(rest.project_id),
    workspace_id: share(rest.workspace_id),
    icon_status: share(rest.icon_status) as LocalIcon['icon_status'],
    created_at: share(rest.created_at),
    updated_at: share(rest.updated_at),
    tags: rest.tags.length ? rest.tags : NO_TAGS,
    aliases: rest.aliases.length ? rest.aliases : NO_ALIASES,
    svg_bytes: utf8Bytes(svg),
    svg_hash: svgHash(svg),
  }
}
