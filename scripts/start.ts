// `npm start`: builds the client when dist/client is missing or older than its sources (while the
// empty-database template is made, when PGlite is used and it is missing), then runs the server in
// this process.
import { ensurePgliteTemplate } from '../server/db/pglite-template.ts'
import { buildClientIfStale } from './build-client.ts'

const [built] = await Promise.all([
  buildClientIfStale(),
  process.env.DATABASE_URL ? null : ensurePgliteTemplate(),
])
if (!built) process.exit(1)
await import('../server/index.ts')
