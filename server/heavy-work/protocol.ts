// The messages between the heavy-work builder (builder.ts) and its worker thread (worker.ts). A job
// starts with `job`; the icons it is built from follow in pages (`page`, then `pagesEnd`), read from
// the database a page at a time so that no read of a whole project or release holds the event loop
// (ADR 0111); a release job gets the latest release's set the same way (`latest` pages). A
// streamed export answers `head` (its name, type and skipped icons), then `chunk`s, as many ahead of
// the reader as it has credit (`more` gives one more), then `end`; the other jobs answer `result`.
import type { ExportRequest, ExportResult } from '../../common/exports/export-kinds.ts'
import type { ReleasedIcon } from '../../common/schemas/rows.ts'
import type { FontRequest } from '../domain/exports/icon-font.ts'
import type { ReleaseOutcome, StoredIconRow } from '../domain/projects/release-set.ts'

export type HeavyJob =
  | { kind: 'font'; request: FontRequest }
  /** An export of the one builder (ADR 0104), streamed: its icons in pages. */
  | { kind: 'export'; request: Omit<ExportRequest, 'icons'> }
  /**
   * A release now (ADR 0017): the project's icons in pages, compared with the latest release's set
   * (its version here, its icons in `latest` pages). One to `store` answers its set first, a page of
   * JSON a message (`setPage`), then its `result`.
   */
  | { kind: 'release'; latestVersion: string | null; store: boolean }

export type ExportHead = Pick<ExportResult, 'fileName' | 'mime' | 'skipped'>

export type ToWorker =
  | { id: number; job: HeavyJob }
  | { id: number; page: StoredIconRow[] | ReleasedIcon[]; latest?: true }
  | { id: number; pagesEnd: true }
  | { id: number; more: number }
  | { id: number; cancel: true }

export type FromWorker =
  | { id: number; result: ExportResult | ReleaseOutcome }
  | { id: number; head: ExportHead }
  | { id: number; setPage: string }
  /** A block of the body, and how many of its `entries` were packed when it was sent. */
  | { id: number; chunk: Uint8Array; packed: number }
  | { id: number; end: true }
  | { id: number; error: string }
