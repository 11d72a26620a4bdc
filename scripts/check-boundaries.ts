// The import boundaries of the codebase, checked on every `npm run lint` (ADR 0010):
//   - a feature (client/features/<area>) never imports another feature; what several share
//     lives in client/data, client/copy, client/lib, client/local or client/components;
//   - client/app (the shell that composes features, as routes do) is imported by no feature;
//   - server/domain never imports Hono (it is plain functions of (db, actor, input));
//   - common imports neither server nor client, and client and server never import each other;
//   - server/domain writes only through its one write path (server/domain/sync/write-in-scope.ts, ADR
//     0309): no other domain file bumps a scope's version, leaves tombstones, drops a scope or
//     publishes a change note itself (`bumpScope`, `addTombstones`, `dropScope`, `events.publish`,
//     `pg_notify`);
//   - common/svg is entered only through common/svg/index.ts (its test helpers in
//     common/svg/test-support/ are open to test files);
//   - client code imports common/ as `@common/…`, never by a relative path; server and common import
//     it relatively (Node runs them without the alias);
//   - file names are kebab-case (Biome's useFilenamingConvention); the prefixes it lets through
//     (`-`, `$`, `_`) are TanStack Router's and appear only under client/routes.
// Imports are read with TypeScript's own pre-processor (static, re-exports, dynamic import());
// the write path's rule reads each domain file's syntax tree.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

const root = fileURLToPath(new URL('..', import.meta.url))
const SOURCE = /\.(ts|tsx)$/

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (name === 'node_modules' || name.startsWith('.')) return []
    return statSync(path).isDirectory() ? files(path) : SOURCE.test(name) ? [path] : []
  })
}

const area = (file: string) => relative(root, file).split(sep)
const featureOf = (file: string) => {
  const parts = area(file)
  return parts[0] === 'client' && parts[1] === 'features' ? parts[2] : undefined
}

const SVG_DIR = join(root, 'common', 'svg')
const SVG_INDEX = join(SVG_DIR, 'index.ts')
const SVG_TEST_SUPPORT = join(SVG_DIR, 'test-support')
const isInside = (file: string, dir: string) => file.startsWith(dir + sep)
/** A file of common/svg other than its index (the folder itself counts as a way around it). */
const isSvgInternal = (target: string) =>
  (isInside(target, SVG_DIR) || target === SVG_DIR) && target !== SVG_INDEX
const isTestCode = (file: string) => /\.test\.tsx?$/.test(file) || area(file)[0] === 'tests'

/** The rule a single import breaks, or null. */
export function brokenRule(from: string, specifier: string): string | null {
  const top = area(from)[0]
  if (from.includes(`${sep}server${sep}domain${sep}`) && /^(hono|@hono\/)/.test(specifier))
    return 'server/domain does not import Hono'
  if (!specifier.startsWith('.') && !specifier.startsWith('@common/')) return null
  const target = specifier.startsWith('@common/')
    ? join(root, 'common', specifier.slice('@common/'.length))
    : resolve(dirname(from), specifier)
  const targetTop = area(target)[0]
  if (top === 'client' && targetTop === 'common' && !specifier.startsWith('@common/'))
    return `client imports common as @common/${area(target).slice(1).join('/')}`
  if (top !== 'client' && specifier.startsWith('@common/'))
    return 'only client code imports @common/ (server and common import it relatively)'
  if (
    isSvgInternal(target) &&
    !isInside(from, SVG_DIR) &&
    !(isTestCode(from) && isInside(target, SVG_TEST_SUPPORT))
  )
    return 'common/svg is imported only through common/svg/index.ts'
  if (top === 'common' && (targetTop === 'server' || targetTop === 'client'))
    return 'common imports neither server nor client'
  if ((top === 'client' && targetTop === 'server') || (top === 'server' && targetTop === 'client'))
    return 'client and server do not import each other'
  const [mine, theirs] = [featureOf(from), featureOf(target)]
  if (mine && theirs && mine !== theirs) return `features do not import each other (${mine} → ${theirs})`
  const [targetArea, targetSub] = area(target)
  if (mine && targetArea === 'client' && targetSub === 'app')
    return `features do not import client/app (${mine})`
  return null
}

/** The one module of server/domain that may bump scopes and publish notes. */
const WRITE_PATH = join('server', 'domain', 'sync', 'write-in-scope.ts')
/** What only the write path does: the calls, by name, and NOTIFY by hand. */
const WRITE_PATH_CALLS = new Set(['bumpScope', 'bumpScopes', 'addTombstones', 'dropScope'])
const WRITE_PATH_RULE = 'server/domain writes through writeInScope (write-in-scope.ts)'

/** Where a domain file (other than the write path) writes around it: `line: what`, in order. */
export function bypassesWritePath(path: string, source: string): string[] {
  const rel = relative(root, path)
  if (!rel.startsWith(join('server', 'domain') + sep) || rel === WRITE_PATH || /\.test\.tsx?$/.test(rel))
    return []
  const file = ts.createSourceFile(path, source, ts.ScriptTarget.Latest, true)
  const out: string[] = []
  const at = (node: ts.Node, what: string) =>
    out.push(`${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${what}`)
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression
      if (ts.isIdentifier(callee) && WRITE_PATH_CALLS.has(callee.text)) at(node, `calls ${callee.text}`)
      // events.publish, deps.events.publish, this.events.publish, a renamed bus (bus.publish) alike.
      if (ts.isPropertyAccessExpression(callee) && callee.name.text === 'publish')
        at(node, `calls ${callee.getText(file)}`)
    }
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node))
      if (/pg_notify/i.test(node.text)) at(node, 'sends pg_notify')
    ts.forEachChild(node, visit)
  }
  visit(file)
  return out.map((found) => `${rel}:${found}: ${WRITE_PATH_RULE}`)
}

/** A file outside client/routes named with a router prefix (`-x.ts`, `$id.tsx`, `_app.tsx`), or null. */
export function misplacedRouteName(path: string): string | null {
  const rel = relative(root, path)
  const name = rel.split(sep).at(-1) ?? ''
  if (!/^[-$_]/.test(name) || rel.startsWith(join('client', 'routes') + sep)) return null
  return `${rel}: names starting with -, $ or _ are TanStack Router's, only under client/routes`
}

export function findViolations(dirs = ['client', 'server', 'common']): string[] {
  const out: string[] = []
  for (const file of dirs.flatMap((d) => files(join(root, d)))) {
    const source = readFileSync(file, 'utf8')
    const info = ts.preProcessFile(source, true, true)
    for (const ref of info.importedFiles) {
      const rule = brokenRule(file, ref.fileName)
      if (rule) out.push(`${relative(root, file)}: imports ${ref.fileName}: ${rule}`)
    }
    out.push(...bypassesWritePath(file, source))
    const misnamed = misplacedRouteName(file)
    if (misnamed) out.push(misnamed)
  }
  return out
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const violations = findViolations()
  for (const v of violations) console.error(v)
  if (violations.length) {
    console.error(`\n${violations.length} boundary violation(s) (scripts/check-boundaries.ts).`)
    process.exit(1)
  }
  console.log('Import boundaries: ok')
}
