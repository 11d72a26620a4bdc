// Messages between the server and its search worker (search-pool.ts, search-worker.ts). A project's
// index is named by `key` (the database and the project) and labelled with the project's stamp
// (`created`, `version`: its created_at and list_version, ADR 0108) and the version of its sync scope
// the rows were read at (`scope`, `scopeVersion`, ADR 0303). A search that needs a newer stamp than the
// worker holds is answered `stale` with the label the worker holds; the server then sends only the
// icons changed and gone since that scope version (`change`), or, with nothing held, the project's
// icons in pages (`docs`) and asks the worker to bring the index to them (`index`).
import type { SearchDoc, SearchHit } from '../../common/search/icon-search.ts'

export type Stamp = { key: string; created: number; version: number }
/** What a kept index was brought to: the stamp, and the scope's version its rows were read at. */
export type Label = Stamp & { scope: string; scopeVersion: number }

export type ToWorker =
  | ({ kind: 'search'; id: number; query: string; limit: number } & Stamp)
  | ({ kind: 'docs'; first: boolean; docs: SearchDoc[] } & Label)
  | ({ kind: 'index'; id: number } & Label)
  /** The icons of the project changed after scope version `since` (docs) and those gone (ids). */
  | ({ kind: 'change'; id: number; since: number; docs: SearchDoc[]; gone: string[] } & Label)

export type FromWorker =
  | { id: number; hits: SearchHit[] }
  | { id: number; stale: true; held: Label | null }
  | { id: number; indexed: number }
  | { id: number; error: string }
