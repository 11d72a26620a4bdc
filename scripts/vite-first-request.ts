// The page's first script (client/first-request.ts, ADR 0425) as an entry of its own, put in the
// page's head with `async` before the app's: Vite folds every module script of index.html into one
// entry, which would make the first screen's request wait for the app's code again. In the dev
// server the source itself is linked.
import type { Plugin } from 'vite'

const NAME = 'first-request'

/** `page`: index.html (the build's other input); `source`: client/first-request.ts. */
export function firstRequestPlugin(page: string, source: string): Plugin {
  return {
    name: 'iconvault-first-request',
    config: () => ({ build: { rollupOptions: { input: { index: page, [NAME]: source } } } }),
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunk = Object.values(ctx.bundle ?? {}).find(
          (output) => output.type === 'chunk' && output.isEntry && output.name === NAME,
        )
        const src = chunk ? `/${chunk.fileName}` : ctx.bundle ? null : `/${NAME}.ts`
        if (!src) throw new Error(`${NAME}: the entry is missing from the bundle`)
        // Its imports are named too: found only once the script has come, they would queue behind
        // the app's twenty preloaded files on HTTP/1.1's six connections (asked 0.6–1.0 s in).
        const imports = chunk?.type === 'chunk' ? chunk.imports : []
        return [
          {
            tag: 'script',
            attrs: { type: 'module', async: true, crossorigin: true, src },
            injectTo: 'head-prepend',
          },
          ...imports.map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head-prepend' as const,
          })),
        ]
      },
    },
  }
}
