import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
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
    serviceWorker(here('./client/service-worker/sw.ts')),
  ],
  resolve: { alias: { '@common': here('./common') } },
  build: { outDir: here('./dist/client'), emptyOutDir: true, sourcemap: true, target: 'es2023' },
  server: { proxy: { '/api': { target: apiTarget, changeOrigin: false } } },
})
