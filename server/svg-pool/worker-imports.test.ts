// What an SVG worker loads before it can work: the pipeline and the sanitiser, not the database's
// schema and its ORM (with them a worker took 1.3 s more to start, which a list read just after a
// restart waited for). Read from the module resolutions of a fresh process importing worker.ts.
import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'

const worker = fileURLToPath(new URL('./worker.ts', import.meta.url))

it("an SVG worker's imports hold no database schema, ORM or driver", () => {
  const script = `
    import { registerHooks } from 'node:module'
    const seen = []
    registerHooks({ resolve(specifier, context, next) { const r = next(specifier, context); seen.push(r.url); return r } })
    // worker.ts refuses to run outside a worker thread, after its imports have loaded.
    await import(${JSON.stringify(worker)}).catch(() => {})
    console.log(JSON.stringify(seen))
  `
  const seen: string[] = JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }),
  )
  expect(seen.some((url) => url.includes('/common/svg/'))).toBe(true)
  expect(seen.filter((url) => /\/db\/schema\/|drizzle-orm|\/pg\/|@electric-sql/.test(url))).toEqual([])
})
