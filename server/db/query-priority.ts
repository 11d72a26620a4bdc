// Whose database calls go first when they queue, in the embedded database's thread (pglite-queue.ts)
// or for a Postgres connection (PriorityPool, pg-pool.ts), ADR 0417: live delivery's reads, then the
// calls of requests that write, then reads, then bulk reads (a large list's pages after its first,
// ADR 0419: a list of 50,000 icons does not hold a teammate's small reads back). A request says which
// it is once (middleware/write-first.ts) and every query it makes, however deep, carries it
// (AsyncLocalStorage follows the request's promises); work outside any request reads.
import { AsyncLocalStorage } from 'node:async_hooks'

export type QueryPriority = 'urgent' | 'write' | 'read' | 'bulk'

const current = new AsyncLocalStorage<QueryPriority>()

/** Runs `fn` with its database calls at `priority`. */
export const withQueryPriority = <T>(priority: QueryPriority, fn: () => T): T => current.run(priority, fn)

/** The priority of the calls made here: the request's, or `read` outside any request. */
export const queryPriority = (): QueryPriority => current.getStore() ?? 'read'
