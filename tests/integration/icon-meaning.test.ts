// What icons mean (ADR 0106): label, description, decorative and tags through
// POST /api/icons/create, /create-many and /update; every read (list, sync) carries them; bad input
// is a clear 400, a viewer's edit a 403 and an outsider's a 404 (common/permissions.ts).
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_TAGS } from '../../common/icon-meaning.ts'
import { appMessages, meaningMessages, messages } from '../../common/messages.ts'
import { seedTeam } from '../setup/seed-team.ts'
import { createTestApp, type TestApp } from '../setup/test-app.ts'
import { dbKinds } from '../setup/test-db.ts'

const STAR =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M12 2l3 7h7l-6 5 2 8-6-4-6 4 2-8-6-5h7z"/></svg>'

describe.each(dbKinds)('icon meaning on %s', (kind) => {
  let t: TestApp
  let owner: string
  let viewer: string
  let outsider: string
  const wsId = randomUUID()
  const project = randomUUID()

  const icon = (extra: Record<string, unknown> = {}) => ({
    id: randomUUID(),
    name: 'star',
    svg: STAR,
    project_id: project,
    workspace_id: wsId,
    ...extra,
  })
  const invalid = (error: string) => ({ status: 400, body: { error, code: 'invalid' } })

  beforeAll(async () => {
    t = await createTestApp(kind)
    const team = await seedTeam(t, {
      owner: 'mo@example.com',
      members: { 'mv@example.com': 'viewer' },
      name: 'Meaning team',
      wsId,
    })
    owner = team.owner
    viewer = team.members['mv@example.com']!
    outsider = await t.signIn('mx@example.com')
    await t.post('/api/projects/create', owner, { id: project, name: 'Meant', workspace_id: wsId })
  })
  afterAll(() => t?.close())

  it('creates icons with what they mean (tags trimmed, lower case, once each), or with none', async () => {
    const given = await t.post(
      '/api/icons/create',
      owner,
      icon({
        label: '  Favourite ',
        description: 'A five-pointed star',
        tags: [' Star', 'rating', 'STAR ', ''],
      }),
    )
    expect(given.status).toBe(200)
    expect(given.body.data).toMatchObject({
      label: 'Favourite',
      description: 'A five-pointed star',
      decorative: false,
      tags: ['star', 'rating'],
    })
    const none = await t.post('/api/icons/create', owner, icon({ name: 'plain' }))
    expect(none.body.data).toMatchObject({ label: '', description: '', decorative: false, tags: [] })
    const many = await t.post('/api/icons/create-many', owner, {
      icons: [icon({ name: 'deco', decorative: true, tags: ['ornament'] })],
    })
    expect(many.body.data.results[0].data).toMatchObject({ decorative: true, tags: ['ornament'] })
  })

  it('updates each field alone, keeps the others, and does not count a version', async () => {
    const created = (await t.post('/api/icons/create', owner, icon({ name: 'cog', tags: ['gear'] }))).body
      .data
    const labelled = await t.post('/api/icons/update', owner, {
      id: created.id,
      name: 'cog',
      label: 'Settings',
      description: 'Opens the settings',
    })
    expect(labelled.status).toBe(200)
    expect(labelled.body.data).toMatchObject({
      label: 'Settings',
      description: 'Opens the settings',
      decorative: false,
      tags: ['gear'],
      revision: 1,
    })
    const tagged = await t.post('/api/icons/update', owner, {
      id: created.id,
      name: 'cog',
      decorative: true,
      tags: ['Gear', 'preferences'],
    })
    expect(tagged.body.data).toMatchObject({
      label: 'Settings',
      decorative: true,
      tags: ['gear', 'preferences'],
      revision: 1,
    })
    // Every read carries them: the list and a pull.
    const listed = (await t.get(`/api/icons?project_id=${project}`, viewer)).body.data
    expect(listed.find((i: { id: string }) => i.id === created.id)).toMatchObject({
      label: 'Settings',
      description: 'Opens the settings',
      decorative: true,
      tags: ['gear', 'preferences'],
    })
    const pulled = (await t.get(`/api/sync?scope=${wsId}&since=0`, viewer)).body.data
    expect(pulled.upserts.icons.find((i: { id: string }) => i.id === created.id)).toMatchObject({
      label: 'Settings',
      tags: ['gear', 'preferences'],
    })
    // Cleared again.
    const cleared = await t.post('/api/icons/update', owner, {
      id: created.id,
      name: 'cog',
      label: '',
      tags: [],
    })
    expect(cleared.body.data).toMatchObject({ label: '', tags: [], decorative: true })
  })

  it('refuses bad meaning with a clear 400', async () => {
    const { id } = (await t.post('/api/icons/create', owner, icon({ name: 'bad' }))).body.data
    const update = (extra: Record<string, unknown>) =>
      t.post('/api/icons/update', owner, { id, name: 'bad', ...extra })
    expect(await update({ label: 'x'.repeat(201) })).toEqual(invalid(meaningMessages.labelTooLong))
    expect(await update({ description: 'x'.repeat(1001) })).toEqual(
      invalid(meaningMessages.descriptionTooLong),
    )
    expect(await update({ decorative: 'yes' })).toEqual(invalid(meaningMessages.decorativeInvalid))
    expect(await update({ tags: 'star' })).toEqual(invalid(meaningMessages.tagsInvalid))
    expect(await update({ tags: [3] })).toEqual(invalid(meaningMessages.tagInvalid))
    expect(await update({ tags: ['x'.repeat(41)] })).toEqual(invalid(meaningMessages.tagTooLong))
    expect(await update({ tags: ['a\nb'] })).toEqual(invalid(meaningMessages.tagInvalid))
    const tooMany = Array.from({ length: MAX_TAGS + 1 }, (_, i) => `tag ${i}`)
    expect(await update({ tags: tooMany })).toEqual(invalid(meaningMessages.tooManyTags))
    // The same tag many times is one tag: not too many.
    expect((await update({ tags: Array(MAX_TAGS + 5).fill('same') })).body.data.tags).toEqual(['same'])
    expect(await update({ label: 'bell\u0007' })).toEqual(invalid(appMessages.controlCharacters))
    expect(
      await t.post('/api/icons/create', owner, icon({ name: 'bad-create', label: 'x'.repeat(201) })),
    ).toEqual(invalid(meaningMessages.labelTooLong))
  })

  it('keeps what an icon means through a delete and Undo, and through its project’s delete and restore', async () => {
    const meaning = { label: 'Favourite', description: 'A star', decorative: true, tags: ['rating'] }
    const made = (await t.post('/api/icons/create', owner, icon({ name: 'kept-star', ...meaning }))).body.data
    expect((await t.post('/api/icons/delete', owner, { id: made.id })).status).toBe(200)
    const trash = await t.get(`/api/icons/deleted?project_id=${project}`, owner)
    expect(trash.body.data.find((d: { id: string }) => d.id === made.id)).toMatchObject(meaning)
    const back = await t.post('/api/icons/undelete', owner, { id: made.id })
    expect(back.status).toBe(200)
    expect(back.body.data).toMatchObject(meaning)

    const other = randomUUID()
    await t.post('/api/projects/create', owner, { id: other, name: 'Gone and back', workspace_id: wsId })
    const inside = icon({ name: 'inside', project_id: other, ...meaning })
    expect((await t.post('/api/icons/create', owner, inside)).status).toBe(200)
    expect((await t.post('/api/projects/delete', owner, { id: other })).status).toBe(200)
    expect((await t.post('/api/projects/restore', owner, { id: other })).status).toBe(200)
    const listed = await t.get(`/api/icons?project_id=${other}`, owner)
    expect(listed.body.data.find((r: { id: string }) => r.id === inside.id)).toMatchObject(meaning)
  })

  it('lets viewers read but not edit what an icon means, and outsiders not see it', async () => {
    const { id } = (await t.post('/api/icons/create', owner, icon({ name: 'locked', label: 'Locked' }))).body
      .data
    expect(await t.post('/api/icons/update', viewer, { id, name: 'locked', tags: ['mine'] })).toEqual({
      status: 403,
      body: { error: messages.notAuthorized, code: 'not_authorized' },
    })
    expect((await t.post('/api/icons/update', outsider, { id, name: 'locked', label: 'Mine' })).status).toBe(
      404,
    )
    const listed = (await t.get(`/api/icons?project_id=${project}`, owner)).body.data
    expect(listed.find((i: { id: string }) => i.id === id)).toMatchObject({ label: 'Locked', tags: [] })
  })
})
