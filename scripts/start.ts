// `npm start`: builds the client when dist/client is missing or older than its sources,
// then runs the server in this process.
import { buildClientIfStale } from './build-client.ts'

if (!buildClientIfStale()) process.exit(1)
await import('../server/index.ts')
