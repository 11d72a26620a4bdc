// A worker thread that builds one icon font (icon-font.ts) off the server's event loop: svg2ttf and
// the WOFF2 compressor are single blocking calls (0.3–0.7 s for 1,000–5,000 icons, bench/README.md).
import { parentPort, workerData } from 'node:worker_threads'
import { buildIconFont, type FontRequest } from './icon-font.ts'

const port = parentPort
if (!port) throw new Error('server/domain/icon-font-worker.ts runs as a worker thread')
buildIconFont(workerData as FontRequest).then(
  (result) => port.postMessage({ result }, [result.bytes.buffer]),
  (error: unknown) => port.postMessage({ error: error instanceof Error ? error.message : String(error) }),
)
