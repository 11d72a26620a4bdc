// A request that writes has its database calls served before reads that wait (ADR 0417): under a
// flood of reads a teammate's change still commits, and reaches every stream, within a moment of
// being sent. Set once here, for everything the request does (db/query-priority.ts).
import { createMiddleware } from 'hono/factory'
import { withQueryPriority } from '../db/query-priority.ts'

const READS = new Set(['GET', 'HEAD', 'OPTIONS'])

export const writeFirst = () =>
  createMiddleware((c, next) => withQueryPriority(READS.has(c.req.method) ? 'read' : 'write', next))
