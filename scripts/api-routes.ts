// `node scripts/api-routes.ts`: writes the table of docs/api.md's "Routes a token can call" (between
// its two markers) from GET /api/openapi.json, which is generated from the routes (ADR 0029): one
// row per route, its group, method, path and summary. tests/integration/openapi.test.ts fails while
// the table is not the document's.
import { readFileSync, writeFileSync } from 'node:fs'

const START = '<!-- routes: written by scripts/api-routes.ts from GET /api/openapi.json -->'
const END = '<!-- routes: end -->'
const API_MD = new URL('../docs/api.md', import.meta.url)

type Doc = {
  tags: { name: string }[]
  paths: Record<string, Record<string, { tags: string[]; summary: string }>>
}

/** The table's Markdown: by group in the document's order, then as the document lists them. */
export function routeTable(doc: Doc): string {
  const rows = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ tag: op.tags[0]!, method: method.toUpperCase(), path, op })),
  )
  const order = doc.tags.map((t) => t.name)
  rows.sort((a, b) => order.indexOf(a.tag) - order.indexOf(b.tag))
  const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ')
  return [
    '| group | route | what it does |',
    '| --- | --- | --- |',
    ...rows.map((r) => `| ${r.tag} | \`${r.method} ${r.path}\` | ${cell(r.op.summary)} |`),
  ].join('\n')
}

/** The table docs/api.md holds now, or null without its markers. */
export function currentTable(text = readFileSync(API_MD, 'utf8')): string | null {
  const start = text.indexOf(START)
  const end = text.indexOf(END)
  return start < 0 || end < start ? null : text.slice(start + START.length, end).trim()
}

if (import.meta.main) {
  const { createTestApp } = await import('../tests/setup/test-app.ts')
  const t = await createTestApp('pglite')
  try {
    const doc = (await (await t.request('/api/openapi.json', { origin: null })).json()) as Doc
    const text = readFileSync(API_MD, 'utf8')
    if (currentTable(text) === null) throw new Error(`docs/api.md has no ${START} … ${END}`)
    const before = text.slice(0, text.indexOf(START) + START.length)
    writeFileSync(API_MD, `${before}\n\n${routeTable(doc)}\n\n${text.slice(text.indexOf(END))}`)
    console.log(`docs/api.md: ${Object.values(doc.paths).flatMap(Object.keys).length} routes`)
  } finally {
    await t.close()
  }
}
