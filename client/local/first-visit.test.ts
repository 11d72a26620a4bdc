// A new device's first screen (first-visit.ts, ADR 0419, 0425) against the real server (app.request()
// on PGlite) and a real IndexedDB (fake-indexeddb under Dexie): the project's row comes with its first
// icons; the project's list then stores that row before any sync has, so the project is held once its
// icons are; but not when the scope's cursor is past the row's version (the pulls have seen the
// project deleted since: storing it would bring it back).
import 'fake-indexeddb/auto'
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../tests/setup/test-app.ts'
import { markContentPainted } from '../lib/first-paint.ts'
import { db, openLocalDb } from './db.ts'
import { firstScreenOf, firstScreenProject, startFirstVisit } from './first-visit.ts'
import { listProjectIcons } from './icon-list.ts'

let t: TestApp
let cookie: string
const realFetch = globalThis.fetch
const page = globalThis as unknown as Record<string, unknown>

const svgOf = (n: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M${n} 2h4v9z"/></svg>`

beforeAll(async () => {
  t = await createTestApp('pglite')
  cookie = await t.signIn('first-visit-unit@example.com')
  await t.setPlan('first-visit-unit@example.com', 'pro')
  // The browser's same-origin fetch, answered by the app with the user's session.
  globalThis.fetch = (async (path: string, init?: RequestInit) =>
    t.request(path, { ...init, cookie })) as typeof fetch
  // The page: a window of 1280 × 800, its content painted (the list is not held back for it).
  page.innerWidth = 1280
  page.innerHeight = 800
  markContentPainted()
  await openLocalDb()
})

afterAll(async () => {
  globalThis.fetch = realFetch
  delete page.location
  await t?.close()
})

/** A project of `count` icons on the server, and the page opened on its vault. */
async function openProject(name: string, count: number) {
  const id = randomUUID()
  const created = await t.post('/api/projects/create', cookie, { id, name, workspace_id: null })
  expect(created.status).toBe(200)
  const icons = Array.from({ length: count }, (_, n) => ({
    id: randomUUID(),
    name: `icon ${n}`,
    svg: svgOf(n),
    project_id: id,
  }))
  if (count) expect((await t.post('/api/icons/create-many', cookie, { icons })).status).toBe(200)
  page.location = new URL(`http://localhost/icons?projectId=${id}`)
  await startFirstVisit()
  return id
}

it("brings the project's row; the list stores it and the project is held, before any sync", async () => {
  const id = await openProject('Opened first', 3)
  expect(firstScreenProject(id)).toMatchObject({ id, name: 'Opened first', workspace_id: null })
  expect(firstScreenOf(id)?.map((row) => row.name)).toEqual(['icon 0', 'icon 1', 'icon 2'])
  expect(await db.projects.get(id)).toBeUndefined()
  await listProjectIcons(id)
  expect(await db.projects.get(id)).toMatchObject({ id, name: 'Opened first' })
  expect(await db.held.get(id)).toMatchObject({ id, scope: 'personal' })
  expect(await db.icons.where('project_id').equals(id).count()).toBe(3)
})

it('does not bring back a project the pulls have seen deleted since its first screen', async () => {
  const id = await openProject('Deleted since', 2)
  const row = firstScreenProject(id)
  expect(row?.version).toBeGreaterThan(0)
  // The personal scope was pulled past the row's version, and the row is not here: deleted since.
  await db.cursors.put({ scope: 'personal', version: row!.version! + 1 })
  await listProjectIcons(id)
  expect(await db.projects.get(id)).toBeUndefined()
  expect(await db.held.get(id)).toBeUndefined()
  // At the row's own version, the pulls have not seen a later change: the row is stored.
  const other = await openProject('Newer than the cursor', 1)
  await db.cursors.put({ scope: 'personal', version: firstScreenProject(other)!.version! - 1 })
  await listProjectIcons(other)
  expect(await db.projects.get(other)).toMatchObject({ id: other })
  expect(await db.held.get(other)).toBeDefined()
})
