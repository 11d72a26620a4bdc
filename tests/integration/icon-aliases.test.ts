// Stable names through the API (ADR 0016): a rename keeps the old name as a deprecated
// alias; a name held as another icon's alias cannot be taken (create, create-many item, rename,
// restore, move, undelete) until the alias is removed; renaming back removes the alias; aliases
// are listed, deprecated with a reason and a removal release, added and removed by admins, and an
// alias change records no version.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appMessages } from '../../common/messages.ts'
import { postgresOnly } from '../setup/postgres-only.ts'
import { seedTeam } from '../setup/seed-team.ts'
import { createTestApp, type Json, type TestApp } from '../setup/test-app.ts'
import type { DbKind } from '../setup/test-db.ts'

const STAR = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M2 2h20v20H2z"/></svg>'

function aliasFlow(kind: DbKind) {
  let t: TestApp
  let owner: string
  let member: string
  const wsId = randomUUID()
  const projectId = randomUUID()
  const otherProject = randomUUID()

  const body = (name: string, project = projectId) => ({
    id: randomUUID(),
    name,
    svg: STAR,
    project_id: project,
    workspace_id: wsId,
  })
  const create = async (name: string, project = projectId) => {
    const res = await t.post('/api/icons/create', member, body(name, project))
    expect(res.status).toBe(200)
    return res.body.data as Json
  }
  const aliases = async (project = projectId) =>
    (await t.get(`/api/projects/aliases?project_id=${project}`, member)).body.data as Json[]

  beforeAll(async () => {
    t = await createTestApp(kind)
    const team = await seedTeam(t, {
      owner: 'alias-owner@example.com',
      members: { 'alias-member@example.com': 'member' },
      wsId,
    })
    owner = team.owner
    member = team.members['alias-member@example.com']!
    for (const [id, name] of [
      [projectId, 'Aliases'],
      [otherProject, 'Elsewhere'],
    ])
      expect((await t.post('/api/projects/create', owner, { id, name, workspace_id: wsId })).status).toBe(200)
  })
  afterAll(() => t?.close())

  it('a rename keeps the old name as a deprecated alias, which nobody else may take until it is removed', async () => {
    const icon = await create('home')
    const renamed = await t.post('/api/icons/update', member, { id: icon.id, name: 'house' })
    expect(renamed.body.data).toMatchObject({
      name: 'house',
      revision: 2,
      aliases: [
        {
          name: 'home',
          deprecated: true,
          reason: 'renamed',
          remove_in: null,
          created_at: expect.any(String),
        },
      ],
    })
    expect(await aliases()).toEqual([
      { name: 'home', icon_id: icon.id, deprecated: true, reason: 'renamed', remove_in: null },
    ])
    const taken = { error: appMessages.aliasIsAnotherIcon('home', 'house'), code: 'name_taken' }
    // Create, trimmed and in another case too.
    expect(await t.post('/api/icons/create', member, body('home'))).toEqual({ status: 409, body: taken })
    expect((await t.post('/api/icons/create', member, body('  HOME '))).status).toBe(409)
    // A create-many item alone.
    const many = await t.post('/api/icons/create-many', member, { icons: [body('home'), body('garden')] })
    expect(many.status).toBe(200)
    expect(many.body.data.results[0]).toMatchObject({ status: 409, error: taken.error, code: 'name_taken' })
    expect(many.body.data.results[1].data).toMatchObject({ name: 'garden' })
    // A rename of another icon.
    const garden = many.body.data.results[1].data
    expect(await t.post('/api/icons/update', member, { id: garden.id, name: 'Home' })).toEqual({
      status: 409,
      body: taken,
    })
    // A move into the project, of an icon of that name.
    const stranger = await create('home', otherProject)
    expect(await t.post('/api/icons/move', member, { ids: [stranger.id], project_id: projectId })).toEqual({
      status: 409,
      body: taken,
    })
    // An undelete of an icon of that name.
    const ghost = await create('ghost')
    await t.post('/api/icons/update', member, { id: ghost.id, name: 'spirit' })
    await t.post('/api/icons/delete', member, { id: ghost.id })
    const shade = await create('shade')
    await t.post('/api/projects/aliases/create', owner, {
      project_id: projectId,
      icon_id: shade.id,
      name: 'spirit',
    })
    expect(await t.post('/api/icons/undelete', member, { id: ghost.id })).toEqual({
      status: 409,
      body: { error: appMessages.aliasIsAnotherIcon('spirit', 'shade'), code: 'name_taken' },
    })
    // A restore of an old name that became another icon's alias meanwhile.
    const bolt = await create('bolt')
    await t.post('/api/icons/update', member, { id: bolt.id, name: 'zap' })
    await t.post('/api/projects/aliases/delete', owner, { project_id: projectId, name: 'bolt' })
    const added = await t.post('/api/projects/aliases/create', owner, {
      project_id: projectId,
      icon_id: garden.id,
      name: 'bolt',
    })
    expect(added.status).toBe(200)
    expect(await t.post('/api/icons/restore', member, { id: bolt.id, version: 1 })).toEqual({
      status: 409,
      body: { error: appMessages.aliasIsAnotherIcon('bolt', 'garden'), code: 'name_taken' },
    })

    // Removed by an admin, the name is free again.
    const removed = await t.post('/api/projects/aliases/delete', owner, {
      project_id: projectId,
      name: 'HOME',
    })
    expect(removed.status).toBe(200)
    expect(removed.body.data).toMatchObject({ id: icon.id, aliases: [], revision: 2 })
    expect((await t.post('/api/icons/create', member, body('home'))).status).toBe(200)
  })

  it('renaming back to an alias removes it; a case-only rename keeps none', async () => {
    const icon = await create('arrow')
    await t.post('/api/icons/update', member, { id: icon.id, name: 'arrow-right' })
    const back = await t.post('/api/icons/update', member, { id: icon.id, name: 'Arrow' })
    expect(back.body.data.aliases.map((a: Json) => a.name)).toEqual(['arrow-right'])
    const cased = await t.post('/api/icons/update', member, { id: icon.id, name: 'arrow' })
    expect(cased.body.data.aliases.map((a: Json) => a.name)).toEqual(['arrow-right'])
  })

  it('admins deprecate an alias with a reason and a removal release, or add one; no version is recorded', async () => {
    const icon = await create('trash-can')
    const added = await t.post('/api/projects/aliases/create', owner, {
      project_id: projectId,
      icon_id: icon.id,
      name: 'bin',
    })
    expect(added.body.data).toMatchObject({
      revision: 1,
      aliases: [{ name: 'bin', deprecated: false, reason: null, remove_in: null }],
    })
    const marked = await t.post('/api/projects/aliases/update', owner, {
      project_id: projectId,
      name: 'bin',
      deprecated: true,
      reason: 'typo',
      remove_in: '3.0.0',
    })
    expect(marked.status).toBe(200)
    expect((await aliases()).find((a) => a.name === 'bin')).toEqual({
      name: 'bin',
      icon_id: icon.id,
      deprecated: true,
      reason: 'typo',
      remove_in: '3.0.0',
    })
    expect((await t.get(`/api/icons/history?id=${icon.id}`, member)).body.data).toHaveLength(1)
    // Refusals: bad input 400, unknown alias 404, an alias that is another icon's name or alias 409,
    // the icon's own name 409, a member 403.
    const bad = { project_id: projectId, name: 'bin', deprecated: true }
    expect((await t.post('/api/projects/aliases/update', owner, { ...bad, remove_in: '3.0' })).body).toEqual({
      error: appMessages.aliasVersionInvalid,
      code: 'invalid',
    })
    expect((await t.post('/api/projects/aliases/update', owner, { ...bad, reason: 'because' })).body).toEqual(
      {
        error: appMessages.aliasReasonInvalid,
        code: 'invalid',
      },
    )
    expect(await t.post('/api/projects/aliases/update', owner, { ...bad, name: 'nope' })).toEqual({
      status: 404,
      body: { error: appMessages.aliasNotFound, code: 'not_found' },
    })
    const other = await create('basket')
    expect(
      await t.post('/api/projects/aliases/create', owner, {
        project_id: projectId,
        icon_id: other.id,
        name: 'Bin',
      }),
    ).toEqual({
      status: 409,
      body: { error: appMessages.aliasIsAnotherIcon('bin', 'trash-can'), code: 'name_taken' },
    })
    expect(
      (
        await t.post('/api/projects/aliases/create', owner, {
          project_id: projectId,
          icon_id: other.id,
          name: 'trash-can',
        })
      ).body,
    ).toEqual({ error: appMessages.aliasIsAName('trash-can'), code: 'name_taken' })
    expect(
      (
        await t.post('/api/projects/aliases/create', owner, {
          project_id: projectId,
          icon_id: other.id,
          name: 'basket',
        })
      ).status,
    ).toBe(409)
    expect(
      (
        await t.post('/api/projects/aliases/create', member, {
          project_id: projectId,
          icon_id: other.id,
          name: 'hamper',
        })
      ).status,
    ).toBe(403)
    // An icon of another project is not found through this one.
    const elsewhere = await create('far', otherProject)
    expect(
      (
        await t.post('/api/projects/aliases/create', owner, {
          project_id: projectId,
          icon_id: elsewhere.id,
          name: 'near',
        })
      ).status,
    ).toBe(404)
  })

  it('a move carries the aliases along, records a version, and is refused when an alias clashes there', async () => {
    const icon = await create('compass')
    await t.post('/api/icons/update', member, { id: icon.id, name: 'compass-rose' })
    const moved = await t.post('/api/icons/move', member, { ids: [icon.id], project_id: otherProject })
    expect(moved.status).toBe(200)
    expect(moved.body.data[0]).toMatchObject({ project_id: otherProject, revision: 3 })
    expect((await aliases(otherProject)).filter((a) => a.icon_id === icon.id).map((a) => a.name)).toEqual([
      'compass',
    ])
    const versions = (await t.get(`/api/icons/history?id=${icon.id}`, member)).body.data as Json[]
    expect(versions[0]).toMatchObject({ version: 3, change: { kind: 'moved', fields: ['project'] } })
    // Back into a project where another icon took the alias's name meanwhile: 409.
    await create('compass')
    expect(await t.post('/api/icons/move', member, { ids: [icon.id], project_id: projectId })).toEqual({
      status: 409,
      body: { error: appMessages.aliasIsAName('compass'), code: 'name_taken' },
    })
  })

  it('an alias change reaches teammates through sync like any icon change', async () => {
    const icon = await create('sync-me')
    const since = (await t.get(`/api/sync?scope=${wsId}&since=0`, member)).body.data.version
    await t.post('/api/projects/aliases/create', owner, {
      project_id: projectId,
      icon_id: icon.id,
      name: 'synced',
    })
    const page = (await t.get(`/api/sync?scope=${wsId}&since=${since}`, member)).body.data
    expect(page.upserts.icons.find((r: Json) => r.id === icon.id)?.aliases).toEqual([
      expect.objectContaining({ name: 'synced' }),
    ])
  })
}

describe('icon aliases on pglite', () => aliasFlow('pglite'))
postgresOnly('icon aliases on postgres', () => aliasFlow('postgres'))
