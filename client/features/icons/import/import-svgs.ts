// Adds SVG files (or pasted SVG text) to a project's vault: each goes through the SVG pipeline in
// the browser, and what it accepts is saved locally and queued for the server in batches; what it
// refuses is reported with the file's name and the pipeline's message. Progress is reported as it
// happens: files processed (file by file), stored locally, and queued for the server (their outbox
// keys, which use-import.ts follows until the server confirmed them). Files that fail the
// workspace's review rules (checked where the pipeline runs) are stored and listed (ADR 0413).
import { type IconMeaning, noMeaning, suggestedMeaning } from '@common/icon-meaning.ts'
import { iconIdPrefix, newIconReview } from '@common/icon-rules.ts'
import type { IconStatus } from '@common/schemas/icons.ts'
import type { ReviewRuleId, ReviewRules } from '@common/schemas/review-rules.ts'
import { tagsFromName } from '@common/search/suggest-tags.ts'
import { type CheckFailure, checkDuplicates, projectIconsById } from '../../../data/duplicates.ts'
import { createIcons } from '../../../local/bulk-queue.ts'
import type { LocalIcon, LocalProject } from '../../../local/db.ts'
import type { WorkResult } from './process-file.ts'
import { processAll } from './svg-processor.ts'

export interface ImportSource {
  name: string
  read(): Promise<string>
}

export interface ImportError {
  name: string
  message: string
}

export interface ImportTarget {
  project: LocalProject
  userId: string
  status: IconStatus
  /** The workspace's review rules to check the files against (null: none switched on, or none to read). */
  rules?: Promise<ReviewRules | null>
}

/** A stored file that fails review rules: its name, its icon's id and drawing, the rules it fails. */
export interface RuleFailure {
  name: string
  id: string
  svg: string
  rules: ReviewRuleId[]
}

/** A drawing the project already has: held back until the user says what to do. */
export interface HeldIcon {
  row: LocalIcon
  /** The file's name. */
  file: string
  kind: 'duplicate' | 'near'
  /** The icon it repeats: its id and name. */
  of: { id: string; name: string }
  /** The project's icon with the same name, which "Replace" gives this drawing. */
  sameName: LocalIcon | null
}

export interface ImportProgress {
  /** Files stored locally (or refused) so far, icons added, refusals, outbox keys of the added ones. */
  stored(done: number, added: number, errors: ImportError[], seqs: readonly number[]): void
  /** Files through the pipeline so far. */
  processed(count: number): void
  /** Drawings held back as duplicates so far (not stored). */
  held?(held: readonly HeldIcon[]): void
  /** Files stored without a duplicate check: the server could not be reached, or refused the check. */
  unchecked?(why: CheckFailure): void
  /** Stored files failing the review rules so far. */
  failing?(failing: readonly RuleFailure[]): void
}

/** The icon name of a file: its name without the .svg extension (at most 200 characters, as the API allows). */
export const iconNameOf = (fileName: string) =>
  fileName
    .replace(/\.svg$/i, '')
    .trim()
    .slice(0, 200)
    .trim() || 'icon'

export async function importSvgs(
  sources: readonly ImportSource[],
  target: ImportTarget,
  onProgress: ImportProgress,
  signal: AbortSignal,
): Promise<{ added: number; errors: ImportError[]; held: HeldIcon[]; failing: RuleFailure[] }> {
  const ids = sources.map(() => crypto.randomUUID())
  // Each new icon's file, by the icon's id (made once for the drop; every part asks it).
  const fileOf = new Map(ids.map((id, key) => [id, sources[key]!.name]))
  const errors: ImportError[] = []
  let done = 0
  let added = 0
  const seqs: number[] = []
  const held: HeldIcon[] = []
  const failing: RuleFailure[] = []
  const failingRules = new Map<string, { name: string; rules: ReviewRuleId[] }>() // by icon id
  // The drawings this drop stored so far, by hash: a later file of the same drop repeating one is
  // held back too (it is in the project by then, only not on the server yet).
  const stored = new Map<string, { id: string; name: string }>()
  // What each file says it means (its <title> and <desc>, else its name's words): read with its text.
  const meanings: IconMeaning[] = []
  const read = (from: number, to: number) =>
    Promise.all(
      sources.slice(from, to).map(async (source, i) => {
        const key = from + i
        // A file that cannot be read becomes text the pipeline refuses as not UTF-8.
        const text = await source.read().catch(() => '\u0000')
        const name = iconNameOf(source.name)
        meanings[key] = { ...suggestedMeaning(name, text), tags: tagsFromName(name) }
        return { key, text, idPrefix: iconIdPrefix(ids[key]!) }
      }),
    )
  const start = Date.now()
  const store = async (results: WorkResult[]) => {
    const rows: LocalIcon[] = []
    for (const result of results) {
      const source = sources[result.key]!
      if ('error' in result) {
        errors.push({ name: source.name, message: result.error })
        continue
      }
      if (result.failing.length)
        failingRules.set(ids[result.key]!, { name: source.name, rules: result.failing })
      // Spaced by a millisecond so that "oldest first" keeps the order the files came in.
      const at = new Date(start + result.key).toISOString()
      rows.push({
        id: ids[result.key]!,
        name: iconNameOf(source.name),
        svg: result.svg,
        user_id: target.userId,
        origin_icon_id: null,
        project_id: target.project.id,
        workspace_id: target.project.workspace_id,
        icon_status: target.status,
        revision: 1,
        aliases: [],
        ...(meanings[result.key] ?? noMeaning()),
        ...newIconReview(target.status),
        created_at: at,
        updated_at: at,
      })
    }
    const { keep: storing, failure } = await holdDuplicates(rows, fileOf, target.project.id, held, stored)
    if (failure) onProgress.unchecked?.(failure)
    if (held.length) onProgress.held?.(held)
    seqs.push(...(await createIcons(storing)))
    const failed = storing.flatMap((row) => {
      const fails = failingRules.get(row.id)
      return fails ? [{ ...fails, id: row.id, svg: row.svg }] : []
    })
    if (failed.length) {
      failing.push(...failed)
      onProgress.failing?.(failing)
    }
    added += storing.length
    done += results.length
    onProgress.stored(done, added, errors, seqs)
  }
  await processAll(sources.length, read, store, signal, onProgress.processed, target.rules)
  return { added, errors, held, failing }
}

/**
 * The rows to store now; those the project already had (checked by the server, ADR 0109; a near
 * match with a file of this same drop does not count), or that draw exactly what an earlier file of
 * this drop drew (`stored`, by the hash the check answers), are
 * added to `held` instead. Rows the server could not check (offline, or a refused part: `failure`)
 * are stored.
 */
async function holdDuplicates(
  rows: LocalIcon[],
  fileOf: ReadonlyMap<string, string>,
  projectId: string,
  held: HeldIcon[],
  stored: Map<string, { id: string; name: string }>,
): Promise<{ keep: LocalIcon[]; failure: CheckFailure | null }> {
  if (!rows.length) return { keep: rows, failure: null }
  const { results: checks, failure } = await checkDuplicates(
    projectId,
    rows.map((r) => r.svg),
  )
  const { byId, byName } = await projectIconsById(projectId)
  const keep = rows.filter((row, at) => {
    const check = checks[at]
    if (!check || !('duplicate_of' in check)) return true
    const earlier = check.drawing_hash ? stored.get(check.drawing_hash) : undefined
    const name = (id: string) => byId.get(id)?.name ?? id
    // The same drawing in the project, else in this drop, else nearly the same in the project.
    const repeats: Pick<HeldIcon, 'kind' | 'of'> | null = check.duplicate_of
      ? { kind: 'duplicate', of: { id: check.duplicate_of, name: name(check.duplicate_of) } }
      : earlier
        ? { kind: 'duplicate', of: earlier }
        : // Nearly the same as a file of this drop is no reason to hold (ADR 0109: exact repeats
          // only); the server names one once an earlier part reached it, so without this the same
          // drop was held or not depending on how fast it synced.
          check.near_duplicate_of && !fileOf.has(check.near_duplicate_of)
          ? { kind: 'near', of: { id: check.near_duplicate_of, name: name(check.near_duplicate_of) } }
          : null
    if (!repeats) {
      if (check.drawing_hash) stored.set(check.drawing_hash, { id: row.id, name: row.name })
      return true
    }
    held.push({
      row,
      file: fileOf.get(row.id) ?? row.name,
      ...repeats,
      sameName: byName.get(row.name) ?? null,
    })
    return false
  })
  return { keep, failure }
}
