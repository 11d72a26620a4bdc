import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { firstRequestPlugin } from './scripts/vite-first-request.ts'
import { precompressPlugin } from './scripts/vite-precompress.ts'
import { serviceWorker } from './scripts/vite-service-worker.ts'

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3001'}`

// The SPA lives in client/ and is built into dist/client, which the server serves.
export default defineConfig({
  root: here('./client'),
  publicDir: here('./client/public'),
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: here('./client/routes'),
      generatedRouteTree: here('./client/routeTree.gen.ts'),
      routeFileIgnorePrefix: '-',
    }),
    react(),
    tailwindcss(),
    firstRequestPlugin(here('./client/index.html'), here('./client/first-request.ts')),
    serviceWorker(here('./client/service-worker/sw.ts')),
    precompressPlugin(),
  ],
  resolve: { alias: { '@common': here('./common') } },
  // Module workers (all are created with type: 'module'): a worker's dynamic import() stays a
  // separate chunk it fetches only when it runs it, instead of being inlined into the worker
  // (the export worker carried svgo, which it never runs; ADR 0406).
  worker: { format: 'es' },
  build: { outDir: here('./dist/client'), emptyOutDir: true, sourcemap: true, target: 'es2023' },
  server: { proxy: { '/api': { target: apiTarget, changeOrigin: false } } },
})
