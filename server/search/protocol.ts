// Messages between the server and its search worker (search-pool.ts, search-worker.ts). A project's
// index is named by `key` (the database and the project) and labelled with the project's stamp
// (`created`, `version`: its created_at and list_version, ADR 0108): a search that needs a newer stamp
// than the worker holds is answered `stale`, and the server sends the project's icons in pages
// (`docs`), then asks the worker to bring the index to them (`index`).
import type { SearchDoc, SearchHit } from '../../common/search/icon-search.ts'

export type Stamp = { key: string; created: number; version: number }

export type ToWorker =
  | ({ kind: 'search'; id: number; query: string; limit: number } & Stamp)
  | ({ kind: 'docs'; first: boolean; docs: SearchDoc[] } & Stamp)
  | ({ kind: 'index'; id: number } & Stamp)

export type FromWorker =
  | { id: number; hits: SearchHit[] }
  | { id: number; stale: true }
  | { id: number; indexed: number }
  | { id: number; error: string }
