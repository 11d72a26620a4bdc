// The docs check (scripts/check-docs.ts, ADR 0028) refuses what it should and lets through what it
// should; and the repository as it is passes it, quickly.
import { describe, expect, it } from 'vitest'
import {
  findProblems,
  issueCitations,
  missingAdrs,
  missingPaths,
  missingProductSections,
  statusProblems,
} from './check-docs.ts'

// Built, not written, so that this file does not cite what it tests for.
const issue = (n: number) => `issue ${n}`

describe('issueCitations', () => {
  it('finds a tracker number in any spelling, with its line', () => {
    const text = `one\nfixed in ${issue(22)}\n(${issue(3)}, item 4)\nIssues ${22}\n${'issue'} #7`
    expect(issueCitations(text)).toEqual([
      `2: cites "${issue(22)}"`,
      `3: cites "${issue(3)}"`,
      `4: cites "Issues ${22}"`,
      `5: cites "${'issue'} #7"`,
    ])
  })

  it('lets the word alone and other projects pass', () => {
    expect(issueCitations('An issue of size; the N in "issue N"; SVGR #360; lucide #1553')).toEqual([])
  })
})

describe('statusProblems', () => {
  const adr = (status: string) => `# 0001 Title\n\n${status}\n\n## Context\nWhy.\n`

  it('accepts one line of the known words', () => {
    expect(statusProblems(adr('Status: Accepted'))).toEqual([])
    expect(statusProblems(adr('Status: Superseded by 0309'))).toEqual([])
    expect(statusProblems(adr('Status: Proposed'))).toEqual([])
  })

  it('refuses a changelog, in the line or after it, and a missing status', () => {
    expect(statusProblems(adr('Status: accepted, 2026-11-21; amended 2026-11-24'))).toHaveLength(1)
    expect(statusProblems(adr('Status: Accepted\namended 2026-11-24 (the lane)'))).toEqual([
      "4: the status is one line; history is git's",
    ])
    expect(statusProblems('# 0001 Title\n\n## Context\n')).toEqual(['no "Status:" line'])
  })
})

describe('missingPaths', () => {
  const exists = (path: string) =>
    ['server/domain/icons/icons.ts', 'client/features/', 'common/svg', 'docs/api.md'].includes(path)

  it('names the paths that do not exist, and only those', () => {
    const text = [
      'See `server/domain/icons/icons.ts`, common/svg and docs/api.md.',
      'Moved: server/domain/icons.ts; a feature lives in `client/features/<area>/`.',
      'Not paths: https://example.com/server/x, @common/permissions.ts, a client/server split?',
    ].join('\n')
    expect(missingPaths(text, exists)).toEqual([
      '2: names server/domain/icons.ts, which does not exist',
      '3: names client/server, which does not exist',
    ])
  })

  it('accepts a module named without its extension', () => {
    expect(missingPaths('`server/domain/icons/icons`', exists)).toEqual([])
  })
})

describe('missingAdrs', () => {
  it('names the ADR numbers that have no record', () => {
    const known = new Set(['0004', '0303'])
    expect(missingAdrs('ADR 0004; ADRs 0303 and 0999, ADR 0004', known)).toEqual([
      '1: cites ADR 0999, which does not exist',
    ])
  })
})

describe('missingProductSections', () => {
  it('names a cited heading docs/product.md does not have', () => {
    const headings = ['Sync', 'Sync retry', 'Roles']
    const cite = (heading: string) => `docs/product.md ${'§'}${heading}`
    const text = `${cite('Sync retry')}, ${cite('Roles')}; ${cite('D7 and §Gone')}`
    expect(missingProductSections(text, headings)).toEqual([
      '1: cites "D7 and §Gone", no such heading in docs/product.md',
    ])
  })
})

describe('the repository', () => {
  it('has no docs problem, and the check takes well under a second of CPU', () => {
    const start = process.cpuUsage()
    expect(findProblems()).toEqual([])
    const used = process.cpuUsage(start)
    expect((used.user + used.system) / 1000).toBeLessThan(1000)
  })
})
