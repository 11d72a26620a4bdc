// A prefix always means the user's project (ADR 0021), through the real Iconify endpoint over HTTP and
// its kept answers (the fast path), on PGlite and Postgres: an admin of a workspace the victim joins renames
// an older project of theirs to the prefix of the victim's personal project, and the victim's token of
// every project still serves the victim's icons (the prefix says it is ambiguous); a workspace joined
// later never takes over a prefix, nor does a project that takes a prefix already answering, even from
// a workspace joined earlier; the user's pin switches it (and a pin is checked: 404, 409, 400), a pin
// to a project no longer under the prefix falls back to the order; a token limited to the other
// project reaches it; Account → Tokens lists each prefix and what answers it. On Postgres, a pin made
// through another process reaches this process's kept answers (the pin's trigger, migration 0016).
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { iconifyMessages } from '../../common/messages.ts'
import { type FastPathServer, fastPathServer } from '../setup/fast-path-server.ts'
import { postgresOnly } from '../setup/postgres-only.ts'
import { createTestApp, type Json, type TestApp } from '../setup/test-app.ts'
import type { DbKind } from '../setup/test-db.ts'

/** A drawing per owner: which project answered is told by the body. */
const drawing = (d: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="${d}"/></svg>`
const VICTIM = 'M2 2h20v20H2z'
const ATTACKER = 'M12 2l10 20H2z'
const TEAM = 'M4 4h16v4H4z'
const OTHER = 'M6 6h12v12H6z'

function prefixFlow(kind: DbKind) {
  const world = {} as { t: TestApp; served: FastPathServer }
  const ids = {
    attackerOld: randomUUID(),
    attackerLogos: randomUUID(),
    victimPersonal: randomUUID(),
    victimTeam: randomUUID(),
    victimLogos: randomUUID(),
    attackerWs: randomUUID(),
    victimWs: randomUUID(),
    laterWs: randomUUID(),
    laterOld: randomUUID(),
  }
  let victim: string
  let attacker: string
  let later: string
  let token: string

  /** A GET over HTTP as iconify-icon sends it (another origin, no cookie): status, headers, JSON. */
  const get = async (path: string) => {
    const res = await fetch(`${world.served.base}${path}`, { headers: { origin: 'https://site.example' } })
    return { status: res.status, headers: res.headers, body: (await res.json()) as Json }
  }
  /**
   * The drawing `prefix`'s `logo` answers with this token, asked until an answer is sent again by the
   * fast path (a change note may still be on its way and forget the first kept one): every answer on the
   * way, through the app or the fast path, must be the same drawing, which is returned.
   */
  const logoOf = async (prefix: string, with_ = token) => {
    const path = `/api/iconify/${with_}/${prefix}.json?icons=logo`
    const seen = new Set<string | undefined>()
    let headers = new Headers()
    await expect
      .poll(async () => {
        const before = world.served.reachedApp()
        const first = await get(path)
        const second = await get(path)
        expect(first.status, JSON.stringify(first.body)).toBe(200)
        for (const { body } of [first, second]) seen.add(/d="([^"]+)"/.exec(body.icons.logo?.body ?? '')?.[1])
        headers = first.headers
        return world.served.reachedApp() - before
      })
      .toBeLessThanOrEqual(1)
    expect(seen.size, `one drawing answered: ${[...seen].join(' | ')}`).toBe(1)
    return { d: [...seen][0], headers }
  }
  const post = async (cookie: string, path: string, body: Json) => {
    const res = await world.t.post(path, cookie, body)
    expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(200)
    return res.body.data
  }
  const project = (cookie: string, id: string, name: string, workspace_id: string | null) =>
    post(cookie, '/api/projects/create', { id, name, workspace_id })
  const logo = (cookie: string, project_id: string, workspace_id: string | null, d: string) =>
    post(cookie, '/api/icons/create', {
      id: randomUUID(),
      name: 'logo',
      svg: drawing(d),
      project_id,
      workspace_id,
    })
  const rename = (cookie: string, id: string, name: string, iconify_prefix: string) =>
    post(cookie, '/api/projects/update', { id, name, description: '', iconify_prefix })
  /** `inviter` invites `email` to `workspaceId`, and `invitee` accepts: their access row is made now. */
  const join = async (inviter: string, workspaceId: string, email: string, invitee: string) => {
    const invitation = await post(inviter, '/api/workspaces/invite-user', {
      workspaceId,
      email,
      role: 'member',
    })
    await post(invitee, '/api/workspaces/accept-invitation', { invitationId: invitation.id })
  }

  beforeAll(async () => {
    world.t = await createTestApp(kind)
    world.served = await fastPathServer(world.t)
    const t = world.t
    attacker = await t.signIn('mallory@example.com')
    victim = await t.signIn('vera@example.com')
    await t.setPlan('mallory@example.com', 'gold')
    await t.setPlan('vera@example.com', 'gold')
    // The attacker's project is the oldest of all.
    await post(attacker, '/api/workspaces/create', { id: ids.attackerWs, name: 'Mallory Inc' })
    await project(attacker, ids.attackerOld, 'Old stuff', ids.attackerWs)
    await logo(attacker, ids.attackerOld, ids.attackerWs, ATTACKER)
    await project(attacker, ids.attackerLogos, 'Spare', ids.attackerWs)
    await logo(attacker, ids.attackerLogos, ids.attackerWs, ATTACKER)
    await project(victim, ids.victimPersonal, 'Brand icons', null)
    await logo(victim, ids.victimPersonal, null, VICTIM)
    token = (await post(victim, '/api/tokens/create', { name: 'site', scope: 'read' })).token
  })
  afterAll(async () => {
    await world.served?.close()
    await world.t?.close()
  })

  it("the takeover: an older project of a workspace the victim joins takes the prefix; the victim's icons still answer", async () => {
    expect((await logoOf('brand-icons')).d).toBe(VICTIM)
    await join(attacker, ids.attackerWs, 'vera@example.com', victim)
    await rename(attacker, ids.attackerOld, 'Old stuff', 'brand-icons')
    const after = await logoOf('brand-icons')
    expect(after.d).toBe(VICTIM)
    // Ambiguous: the answer says so, and the collections list shows both, the one answering first.
    expect(after.headers.get('x-iconify-prefix-ambiguous')).toBe('2')
    expect(after.headers.get('access-control-expose-headers')).toBe('x-iconify-prefix-ambiguous')
    const svg = await fetch(`${world.served.base}/api/iconify/${token}/brand-icons/logo.svg`)
    expect(await svg.text()).toContain(VICTIM)
    const collections = (await get(`/api/iconify/${token}/collections`)).body
    expect(collections['brand-icons']).toMatchObject({
      name: 'Brand icons',
      total: 1,
      ambiguous: true,
      projects: [
        { name: 'Brand icons', workspace: null },
        { name: 'Old stuff', workspace: 'Mallory Inc' },
      ],
    })
    expect(collections.spare.ambiguous).toBeUndefined()
  })

  it('a workspace joined later never takes over, even with an older project and no answer before', async () => {
    later = await world.t.signIn('lou@example.com')
    await world.t.setPlan('lou@example.com', 'gold')
    await post(later, '/api/workspaces/create', { id: ids.laterWs, name: 'Lou' })
    await project(later, ids.laterOld, 'Team icons', ids.laterWs)
    await logo(later, ids.laterOld, ids.laterWs, OTHER)
    // The victim's own workspace is joined (made) before the one they join next; its project is newer.
    await post(victim, '/api/workspaces/create', { id: ids.victimWs, name: 'Vera team' })
    await project(victim, ids.victimTeam, 'Team icons', ids.victimWs)
    await logo(victim, ids.victimTeam, ids.victimWs, TEAM)
    await join(later, ids.laterWs, 'vera@example.com', victim)
    expect((await logoOf('team-icons')).d).toBe(TEAM)
  })

  it('a project that takes a prefix already answering never displaces it, from a workspace joined earlier too', async () => {
    // The attacker's workspace was joined before the victim made "Logos" in their own.
    await project(victim, ids.victimLogos, 'Logos', ids.victimWs)
    await logo(victim, ids.victimLogos, ids.victimWs, TEAM)
    expect((await logoOf('logos')).d).toBe(TEAM)
    await rename(attacker, ids.attackerLogos, 'Spare', 'logos')
    expect((await logoOf('logos')).d).toBe(TEAM)
  })

  it("the user's pin switches the answer at once, kept answers included; a pin is checked", async () => {
    expect((await logoOf('team-icons')).d).toBe(TEAM)
    const pin = (project_id: string, prefix = 'team-icons') =>
      world.t.post('/api/tokens/pin-prefix', victim, { prefix, project_id })
    expect((await pin(ids.laterOld)).status).toBe(200)
    const pinned = await logoOf('team-icons')
    expect(pinned.d).toBe(OTHER)
    expect(pinned.headers.get('x-iconify-prefix-ambiguous')).toBeNull()
    expect((await get(`/api/iconify/${token}/collections`)).body['team-icons']).not.toHaveProperty(
      'ambiguous',
    )
    // Another user's project, a project under another prefix, a bad prefix.
    const stranger = randomUUID()
    await project(attacker, stranger, 'Not shared', null)
    expect((await pin(stranger)).body).toEqual({ error: 'Project not found', code: 'not_found' })
    expect((await pin(ids.victimPersonal)).body).toEqual({
      error: iconifyMessages.pinPrefixMoved,
      code: 'conflict',
    })
    expect((await pin(ids.victimPersonal, 'Bad--Prefix')).status).toBe(400)
    // The pinned project leaves the prefix: the order answers again (the victim's workspace, joined first).
    await rename(later, ids.laterOld, 'Team icons', 'lou-set')
    expect((await logoOf('team-icons')).d).toBe(TEAM)
  })

  it('a token limited to the other project reaches it; Account → Tokens lists each prefix and what answers it', async () => {
    const limited = await post(victim, '/api/tokens/create', {
      name: 'old only',
      scope: 'read',
      project_ids: [ids.attackerOld],
    })
    expect((await logoOf('brand-icons', limited.token)).d).toBe(ATTACKER)
    const rows = (await world.t.get('/api/tokens/prefixes', victim)).body.data as Json[]
    const brand = rows.find((r) => r.prefix === 'brand-icons')
    expect(brand).toEqual({
      prefix: 'brand-icons',
      project_id: ids.victimPersonal,
      chosen: false,
      ambiguous: true,
      projects: [
        { id: ids.victimPersonal, name: 'Brand icons', workspace_name: null },
        { id: ids.attackerOld, name: 'Old stuff', workspace_name: 'Mallory Inc' },
      ],
      tokens: [
        { id: expect.any(String), name: 'site', project_id: ids.victimPersonal },
        { id: limited.id, name: 'old only', project_id: ids.attackerOld },
      ],
    })
    expect(rows.find((r) => r.prefix === 'logos')).toMatchObject({
      project_id: ids.victimLogos,
      ambiguous: true,
    })
    // Pinned by the user: no longer ambiguous.
    expect(
      (
        await world.t.post('/api/tokens/pin-prefix', victim, {
          prefix: 'brand-icons',
          project_id: ids.victimPersonal,
        })
      ).status,
    ).toBe(200)
    const again = (await world.t.get('/api/tokens/prefixes', victim)).body.data as Json[]
    expect(again.find((r) => r.prefix === 'brand-icons')).toMatchObject({ chosen: true, ambiguous: false })
  })
}

describe('Iconify prefixes on pglite', () => prefixFlow('pglite'))
postgresOnly('Iconify prefixes on postgres', () => {
  prefixFlow('postgres')

  describe('two processes on one database', () => {
    let a: TestApp
    let b: TestApp
    let served: FastPathServer
    beforeAll(async () => {
      a = await createTestApp('postgres')
      b = await createTestApp('postgres', {}, { sameDatabaseAs: a })
      served = await fastPathServer(a)
    })
    afterAll(async () => {
      await served?.close()
      await b?.close()
      await a?.close()
    })

    it("a pin made through another process reaches this process's kept answers", async () => {
      const owner = await a.signIn('pin-two@example.com')
      const other = await a.signIn('pin-two-other@example.com')
      await a.setPlan('pin-two@example.com', 'gold')
      await a.setPlan('pin-two-other@example.com', 'gold')
      const ws = randomUUID()
      const mine = randomUUID()
      const theirs = randomUUID()
      const ok = async (app: TestApp, cookie: string, path: string, body: Json) => {
        const res = await app.post(path, cookie, body)
        expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(200)
        return res.body.data
      }
      await ok(a, owner, '/api/projects/create', { id: mine, name: 'Marks', workspace_id: null })
      await ok(a, owner, '/api/icons/create', {
        id: randomUUID(),
        name: 'logo',
        svg: drawing(VICTIM),
        project_id: mine,
        workspace_id: null,
      })
      await ok(a, other, '/api/workspaces/create', { id: ws, name: 'Other' })
      await ok(a, other, '/api/projects/create', { id: theirs, name: 'Marks', workspace_id: ws })
      await ok(a, other, '/api/icons/create', {
        id: randomUUID(),
        name: 'logo',
        svg: drawing(OTHER),
        project_id: theirs,
        workspace_id: ws,
      })
      const invitation = await ok(a, other, '/api/workspaces/invite-user', {
        workspaceId: ws,
        email: 'pin-two@example.com',
        role: 'member',
      })
      await ok(a, owner, '/api/workspaces/accept-invitation', { invitationId: invitation.id })
      const { token } = await ok(a, owner, '/api/tokens/create', { name: 'two', scope: 'read' })
      const logo = async () => {
        const res = await fetch(`${served.base}/api/iconify/${token}/marks.json?icons=logo`)
        return /d="([^"]+)"/.exec(((await res.json()) as Json).icons.logo.body)?.[1]
      }
      expect(await logo()).toBe(VICTIM)
      const kept = served.reachedApp()
      expect(await logo()).toBe(VICTIM)
      expect(served.reachedApp()).toBe(kept)
      await ok(b, owner, '/api/tokens/pin-prefix', { prefix: 'marks', project_id: theirs })
      await expect.poll(logo).toBe(OTHER)
    })
  })
})
