// `iconvault push <dir> --project <id>`: every .svg file of a folder into the project by name,
// through the server's one SVG pipeline: a new name is created (POST /api/icons/create-many, in
// batches), an existing one replaced (POST /api/icons/replace). Refused files are listed with the
// server's reason (ADR 0020).
import { randomUUID } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { MAX_ICONS_PER_BATCH } from '../../common/icon-limits.ts'
import type { IconRow } from '../../common/schemas/rows.ts'
import { getJson, postJson } from './api.ts'
import type { Config } from './config.ts'
import { CliError, EXIT } from './errors.ts'

type Result = { id: string | null; data?: IconRow; status?: number; error?: string }

export async function push(
  config: Config,
  opts: { dir: string; project: string },
  log: (line: string) => void,
): Promise<number> {
  let files: string[]
  try {
    files = readdirSync(opts.dir)
      .filter((file) => file.toLowerCase().endsWith('.svg'))
      .sort()
  } catch {
    throw new CliError(EXIT.usage, `Cannot read the folder ${opts.dir}.`)
  }
  if (!files.length) throw new CliError(EXIT.usage, `${opts.dir} has no .svg files.`)
  const rows = await getJson<IconRow[]>(config, `/api/icons?project_id=${encodeURIComponent(opts.project)}`)
  const byName = new Map(rows.map((row) => [row.name.toLowerCase(), row]))
  const refused: string[] = []
  const created: string[] = []
  const replaced: string[] = []
  const unchanged: string[] = []
  const fresh: { id: string; name: string; svg: string; project_id: string; file: string }[] = []
  for (const file of files) {
    const name = file.slice(0, -'.svg'.length)
    const svg = readFileSync(join(opts.dir, file), 'utf8')
    const existing = byName.get(name.toLowerCase())
    if (!existing) {
      fresh.push({ id: randomUUID(), name, svg, project_id: opts.project, file })
      continue
    }
    try {
      const before = existing.svg
      const row = await postJson<IconRow>(config, '/api/icons/replace', { id: existing.id, svg })
      ;(row.svg === before ? unchanged : replaced).push(name)
    } catch (error) {
      // Authentication, permission and network end the push; a refused SVG is one file's problem.
      if (!(error instanceof CliError) || error.exitCode !== EXIT.usage) throw error
      refused.push(`${file}: ${error.message}`)
    }
  }
  for (let i = 0; i < fresh.length; i += MAX_ICONS_PER_BATCH) {
    const batch = fresh.slice(i, i + MAX_ICONS_PER_BATCH)
    const { results } = await postJson<{ results: Result[] }>(config, '/api/icons/create-many', {
      icons: batch.map(({ file: _file, ...icon }) => icon),
    })
    results.forEach((result, j) => {
      const item = batch[j]
      if (!item) return
      if (result.data) created.push(item.name)
      else refused.push(`${item.file}: ${result.error ?? `HTTP ${result.status}`}`)
    })
  }
  for (const name of created) log(`+ ${name}`)
  for (const name of replaced) log(`~ ${name}`)
  for (const line of refused) log(`refused ${line}`)
  log(
    `Pushed ${opts.dir}: ${created.length} created, ${replaced.length} replaced, ${unchanged.length} unchanged, ${refused.length} refused.`,
  )
  return EXIT.done
}
