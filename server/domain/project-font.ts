// GET /api/projects/export?format=font (ADR 0105): the icon font of a project's set (now, or a
// release's), each icon at the code point the project keeps for it (code-points.ts: given once, at
// the first export that holds it; its creation date decides who keeps a point two icons' ids share,
// an icon deleted since counting as the newest). Built in a worker thread: the event loop never
// waits for it.
import { Worker } from 'node:worker_threads'
import { inArray } from 'drizzle-orm'
import type { ExportResult } from '../../common/exports/export-kinds.ts'
import type { ReleasedIcon } from '../../common/schemas/rows.ts'
import type { Db } from '../db/client.ts'
import { icons } from '../db/schema/index.ts'
import { codePointsOf } from './code-points.ts'
import type { FontRequest } from './icon-font.ts'

const WORKER_URL = new URL('./icon-font-worker.ts', import.meta.url)

/** Builds the font in a worker thread of its own (icon-font-worker.ts), ended when it answers. */
function buildInWorker(request: FontRequest): Promise<ExportResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_URL, { workerData: request })
    worker.once('message', (message: { result?: ExportResult; error?: string }) => {
      void worker.terminate()
      if (message.result) resolve({ ...message.result, bytes: new Uint8Array(message.result.bytes) })
      else reject(new Error(message.error ?? 'The icon font could not be built'))
    })
    worker.once('error', reject)
    worker.once('exit', (code) => reject(new Error(`The icon font worker stopped (${code})`)))
  })
}

export async function exportFont(
  db: Db,
  projectId: string,
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
  const points = await codePointsOf(
    db,
    projectId,
    set.map((icon) => ({ id: icon.id, created_at: created.get(icon.id) ?? null })),
  )
  return buildInWorker({
    projectName,
    classPrefix,
    icons: set.map((icon) => ({
      id: icon.id,
      name: icon.name,
      svg: icon.svg,
      aliases: icon.aliases.map(({ name, deprecated, remove_in }) => ({ name, deprecated, remove_in })),
      code_point: points.get(icon.id)!,
    })),
  })
}
