// The messages between the heavy-work builder (builder.ts) and its worker thread (worker.ts).
import type { ExportRequest, ExportResult } from '../../common/exports/export-kinds.ts'
import type { FontRequest } from '../domain/icon-font.ts'

/** What a worker builds: the icon font, or another export of the one builder (ADR 0104). */
export type HeavyJob = { kind: 'font'; request: FontRequest } | { kind: 'export'; request: ExportRequest }

export type ToBuilder = { id: number; job: HeavyJob }

export type FromBuilder = { id: number; result: ExportResult } | { id: number; error: string }
