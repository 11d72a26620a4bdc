// `npm run dev`: the API server on API_PORT (default 3001) with file watching, and Vite's
// dev server on PORT (default 3000) proxying /api to it.
import { spawn } from 'node:child_process'

const port = process.env.PORT ?? '3000'
const apiPort = process.env.API_PORT ?? '3001'
const env = { LOG_FORMAT: 'pretty', ...process.env, API_PORT: apiPort }
const children = [
  spawn(process.execPath, ['--watch-path=server', '--watch-path=common', 'server/index.ts'], {
    stdio: 'inherit',
    env: { ...env, PORT: apiPort, BASE_URL: process.env.BASE_URL ?? `http://localhost:${port}` },
  }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js', '--port', port, '--strictPort'], {
    stdio: 'inherit',
    env,
  }),
]
const stop = () => {
  for (const child of children) child.kill('SIGTERM')
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
for (const child of children) child.on('exit', (code) => code && process.exit(code))
