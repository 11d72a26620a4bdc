// The docs check, run by `npm run lint` (ADR 0028): the records stay short and true.
//   - no source file or doc cites a tracker's issue number (the word and a number): the reason is
//     said in place or an ADR is cited (drizzle/ is left out: an applied migration is never edited);
//   - an ADR (docs/decisions/NNNN-*.md) has one status line, `Status: Accepted` (or Proposed,
//     Deprecated, Superseded by NNNN), and nothing of a changelog after it;
//   - every path a doc names under server/, common/, client/, cli/, scripts/, tests/, bench/, docs/ or
//     drizzle/ exists (a placeholder such as `client/features/<x>` needs its folder), and every
//     "ADR NNNN" a doc cites exists;
//   - every section of docs/product.md a source file or doc cites (product.md, then § and the heading)
//     is one of its headings.
// Plain file reads and regular expressions: the whole check takes a few tens of milliseconds.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const SKIP = new Set(['node_modules', '.git', '.cache', 'dist', 'data', 'drizzle', 'coverage'])
const TEXT = /\.(ts|tsx|js|mjs|css|html|md|ya?ml|sh)$|^(Dockerfile|Caddyfile|run|\.env\.example)$/

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (SKIP.has(name) || (name.startsWith('.') && name !== '.ci' && name !== '.env.example')) return []
    const stat = statSync(path)
    return stat.isDirectory() ? walk(path) : TEXT.test(name) ? [path] : []
  })
}

const ISSUE = /\bissues?\s*(?:#\s*)?\d+/gi
const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length

/** Where a text cites a tracker's issue number: `line: the citation`. */
export function issueCitations(text: string): string[] {
  return [...text.matchAll(ISSUE)].map((m) => `${lineOf(text, m.index)}: cites "${m[0]}"`)
}

const STATUS = /^Status: (Accepted|Proposed|Deprecated|Superseded by \d{4}(, \d{4})*)$/

/** What is wrong with an ADR's status: missing, not one of the words, or more than one line. */
export function statusProblems(text: string): string[] {
  const lines = text.split('\n')
  const at = lines.findIndex((line) => line.startsWith('Status:'))
  if (at < 0) return ['no "Status:" line']
  const out: string[] = []
  if (!STATUS.test((lines[at] ?? '').trim()))
    out.push(`${at + 1}: the status is one of Accepted, Proposed, Deprecated, Superseded by NNNN`)
  const next = lines[at + 1]
  if (next !== undefined && next.trim() !== '' && !next.startsWith('#'))
    out.push(`${at + 2}: the status is one line; history is git's`)
  return out
}

const PATH =
  /(?<![\w./@:-])((?:server|common|client|cli|scripts|tests|bench|docs|drizzle)\/[\w./$[\]-]*)(.?)/g
const PLACEHOLDER = /[<*{…]/

/** The paths a doc names (relative to the repository) that do not exist. */
export function missingPaths(text: string, exists: (path: string) => boolean): string[] {
  const out: string[] = []
  for (const m of text.matchAll(PATH)) {
    let path = (m[1] ?? '').replace(/[.,;]+$/, '')
    // `client/features/<area>/`: the part before the placeholder must exist.
    if (PLACEHOLDER.test(m[2] ?? '')) path = path.slice(0, path.lastIndexOf('/') + 1)
    const found = [path, `${path}.ts`, `${path}.tsx`].some(exists)
    if (!found) out.push(`${lineOf(text, m.index)}: names ${path}, which does not exist`)
  }
  return out
}

/** The ADR numbers a doc cites ("ADR 0303", "ADRs 0015 and 0016") that have no file. */
export function missingAdrs(text: string, numbers: Set<string>): string[] {
  const out: string[] = []
  for (const m of text.matchAll(/\bADRs?((?:[\s,]+(?:and\s+)?\d{4})+)/g))
    for (const n of m[1]?.match(/\d{4}/g) ?? [])
      if (!numbers.has(n)) out.push(`${lineOf(text, m.index)}: cites ADR ${n}, which does not exist`)
  return out
}

/** The citations of a docs/product.md section whose heading that file does not have. */
export function missingProductSections(text: string, headings: string[]): string[] {
  const out: string[] = []
  for (const m of text.matchAll(/product\.md ?§/g)) {
    const after = text.slice(m.index + m[0].length, m.index + m[0].length + 80)
    if (!headings.some((h) => after.startsWith(h)))
      out.push(
        `${lineOf(text, m.index)}: cites "${after.split(/[,;:)`\n]/)[0]}", no such heading in docs/product.md`,
      )
  }
  return out
}

export function findProblems(): string[] {
  const out: string[] = []
  const decisions = join(root, 'docs', 'decisions')
  const adrs = readdirSync(decisions).filter((name) => /^\d{4}-.*\.md$/.test(name))
  const numbers = new Set(adrs.map((name) => name.slice(0, 4)))
  const exists = (path: string) => existsSync(join(root, path))
  const headings = [...readFileSync(join(root, 'docs', 'product.md'), 'utf8').matchAll(/^#+ (.+)$/gm)].map(
    (m) => (m[1] ?? '').trim(),
  )
  for (const file of walk(root)) {
    const rel = relative(root, file).split(sep).join('/')
    const text = readFileSync(file, 'utf8')
    const problems = [...issueCitations(text), ...missingProductSections(text, headings)]
    if (rel.endsWith('.md')) problems.push(...missingPaths(text, exists), ...missingAdrs(text, numbers))
    if (/^docs\/decisions\/\d{4}-/.test(rel)) problems.push(...statusProblems(text))
    out.push(...problems.map((p) => `${rel}:${p}`))
  }
  return out
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const problems = findProblems()
  for (const p of problems) console.error(p)
  if (problems.length) {
    console.error(`\n${problems.length} docs problem(s) (scripts/check-docs.ts).`)
    process.exit(1)
  }
  console.log('Docs: ok')
}
