// The import boundaries of the codebase, checked on every `npm run lint` (ADR 0010):
//   - a feature (client/features/<area>) never imports another feature; what several share
//     lives in client/data, client/copy, client/lib, client/local or client/components;
//   - client/app (the shell that composes features, as routes do) is imported by no feature;
//   - server/domain never imports Hono (it is plain functions of (db, actor, input));
//   - common imports neither server nor client, and client and server never import each other.
// Imports are read with TypeScript's own pre-processor (static, re-exports, dynamic import()).
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

export function findViolations(dirs = ['client', 'server', 'common']): string[] {
  const out: string[] = []
  for (const file of dirs.flatMap((d) => files(join(root, d)))) {
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true)
    for (const ref of info.importedFiles) {
      const rule = brokenRule(file, ref.fileName)
      if (rule) out.push(`${relative(root, file)}: imports ${ref.fileName}: ${rule}`)
    }
  }
  return out
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const violations = findViolations()
  for (const v of violations) console.error(v)
  if (violations.length) {
    console.error(`\n${violations.length} import(s) cross a boundary (scripts/check-boundaries.ts).`)
    process.exit(1)
  }
  console.log('Import boundaries: ok')
}
