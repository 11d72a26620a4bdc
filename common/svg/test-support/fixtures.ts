// Test support: the SVG fixture corpora under tests/fixtures/svg.

import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const FIXTURES = fileURLToPath(new URL('../../../tests/fixtures/svg/', import.meta.url))

export interface Fixture {
  name: string
  svg: string
}

export interface Payload {
  group: string
  name: string
  svg: string
  /** 'refused': must throw SvgError; otherwise refusing or cleaning are both fine. */
  expect?: 'refused'
}

export function legitFixtures(): Fixture[] {
  const dir = join(FIXTURES, 'legit')
  return readdirSync(dir)
    .filter((f) => f.endsWith('.svg'))
    .sort()
    .map((f) => ({ name: f.replace(/\.svg$/, ''), svg: readFileSync(join(dir, f), 'utf8') }))
}

export function maliciousPayloads(): Payload[] {
  const dir = join(FIXTURES, 'malicious')
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .flatMap((f) => {
      const group = f.replace(/\.json$/, '')
      const list = JSON.parse(readFileSync(join(dir, f), 'utf8')) as Omit<Payload, 'group'>[]
      return list.map((p) => ({ ...p, group }))
    })
}
