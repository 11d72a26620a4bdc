// `iconvault push <dir> --project <id>`: every .svg file of a folder into the project by name,
// through the server's one SVG pipeline: a new name is created (POST /api/icons/create-many, in
// batches), an existing one replaced (POST /api/icons/replace) unless the file is the same drawing
// as the icon's: the server says what each file would store (POST /api/icons/check-duplicates
// answers its drawing_hash) and the CLI compares it with drawingHash of the icon's markup, so an
// unchanged folder sends nothing that changes the project. Refused files are listed with the
// server's reason (ADR 0020).
import { randomUUID } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { drawingHash } from '../../common/drawing-hash.ts'
import { MAX_ICONS_PER_BATCH } from '../../common/icon-limits.ts'
import {
  createIconsAnswer,
  duplicateChecksAnswer,
  iconRowAnswer,
  iconRowsAnswer,
} from '../../common/schemas/answers.ts'
import type { IconRow } from '../../common/schemas/rows.ts'
import { getJson, postJson } from './api.ts'
import type { Config } from './config.ts'
import { CliError, EXIT } from './errors.ts'

type File = { file: string; name: string; svg: string }

/** The stored icon's drawing hash; null when its markup cannot be read (then it is replaced). */
const hashOf = async (svg: string) => {
  try {
    return await drawingHash(svg)
  } catch {
    return null
  }
}

/** The files that would store the same drawing as their icon (by the server's own pipeline). */
async function sameDrawings(
  config: Config,
  project: string,
  pairs: { file: File; icon: IconRow }[],
): Promise<Set<File>> {
  const same = new Set<File>()
  for (let i = 0; i < pairs.length; i += MAX_ICONS_PER_BATCH) {
    const batch = pairs.slice(i, i + MAX_ICONS_PER_BATCH)
    const { results } = await postJson(
      config,
      '/api/icons/check-duplicates',
      { project_id: project, svgs: batch.map(({ file }) => file.svg) },
      duplicateChecksAnswer,
    )
    for (const [j, { file, icon }] of batch.entries()) {
      const result = results[j]
      const wouldStore = result && 'drawing_hash' in result ? result.drawing_hash : null
      if (wouldStore && wouldStore === (await hashOf(icon.svg))) same.add(file)
    }
  }
  return same
}

export async function push(
  config: Config,
  opts: { dir: string; project: string },
  log: (line: string) => void,
): Promise<number> {
  let names: string[]
  try {
    names = readdirSync(opts.dir)
      .filter((file) => file.toLowerCase().endsWith('.svg'))
      .sort()
  } catch {
    throw new CliError(EXIT.usage, `Cannot read the folder ${opts.dir}.`)
  }
  if (!names.length) throw new CliError(EXIT.usage, `${opts.dir} has no .svg files.`)
  const files: File[] = names.map((file) => ({
    file,
    name: file.slice(0, -'.svg'.length),
    svg: readFileSync(join(opts.dir, file), 'utf8'),
  }))
  const rows = await getJson(
    config,
    `/api/icons?project_id=${encodeURIComponent(opts.project)}`,
    iconRowsAnswer,
  )
  const byName = new Map(rows.map((row) => [row.name.toLowerCase(), row]))
  const existing = files.flatMap((file) => {
    const icon = byName.get(file.name.toLowerCase())
    return icon ? [{ file, icon }] : []
  })
  const unchanged = await sameDrawings(config, opts.project, existing)
  const refused: string[] = []
  const created: string[] = []
  const replaced: string[] = []
  for (const { file, icon } of existing) {
    if (unchanged.has(file)) continue
    try {
      await postJson(config, '/api/icons/replace', { id: icon.id, svg: file.svg }, iconRowAnswer)
      replaced.push(file.name)
    } catch (error) {
      // Authentication, permission and network end the push; a refused SVG is one file's problem.
      if (!(error instanceof CliError) || error.exitCode !== EXIT.usage) throw error
      refused.push(`${file.file}: ${error.message}`)
    }
  }
  const fresh = files.filter((file) => !byName.has(file.name.toLowerCase()))
  for (let i = 0; i < fresh.length; i += MAX_ICONS_PER_BATCH) {
    const batch = fresh.slice(i, i + MAX_ICONS_PER_BATCH)
    const { results } = await postJson(
      config,
      '/api/icons/create-many',
      { icons: batch.map(({ name, svg }) => ({ id: randomUUID(), name, svg, project_id: opts.project })) },
      createIconsAnswer,
    )
    results.forEach((result, j) => {
      const item = batch[j]
      if (!item) return
      if ('data' in result) created.push(item.name)
      else refused.push(`${item.file}: ${result.error} (${result.code})`)
    })
  }
  for (const name of created) log(`+ ${name}`)
  for (const name of replaced) log(`~ ${name}`)
  for (const line of refused) log(`refused ${line}`)
  log(
    `Pushed ${opts.dir}: ${created.length} created, ${replaced.length} replaced, ${unchanged.size} unchanged, ${refused.length} refused.`,
  )
  return EXIT.done
}
