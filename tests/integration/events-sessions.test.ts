// Live streams end with their session: revoke-other-sessions, revoke-session,
// revoke-sessions, sign-out, delete-user and expiry, each stream's last event `signed-out` with the
// reason (ADR 0012); and a session keeps at most a few streams.
// Every "did not receive" is asserted after a positive signal: the stream's end, or a later event.
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { ChangeEvent, SignedOutEvent } from '../../common/schemas/events.ts'
import { session } from '../../server/db/schema/index.ts'
import { MAX_STREAMS_PER_SESSION, MAX_STREAMS_PER_USER } from '../../server/events/stream-sessions.ts'
import { postgresOnly } from '../setup/postgres-only.ts'
import { readSse } from '../setup/sse.ts'
import { createTestApp, type TestApp } from '../setup/test-app.ts'
import { dbKinds } from '../setup/test-db.ts'

const change = (e: { event: string; data: string }) =>
  e.event === 'change' ? (JSON.parse(e.data) as ChangeEvent) : null
const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M2 2h20v20H2z"/></svg>'

describe.each(dbKinds)('live streams end with their session on %s', (kind) => {
  let t: TestApp
  let owner: string
  const wsId = randomUUID()
  const projectId = randomUUID()

  /** A stream that has said `ready`. */
  const open = async (cookie: string) => {
    const res = await t.request('/api/events', { cookie })
    expect(res.status).toBe(200)
    const stream = readSse(res)
    await stream.next((e) => e.event === 'ready')
    return stream
  }
  const addIcon = async () => {
    const id = randomUUID()
    const res = await t.post('/api/icons/create', owner, {
      id,
      name: 'Dot',
      svg,
      project_id: projectId,
      workspace_id: wsId,
    })
    expect(res.body).toMatchObject({ data: { id } })
    return id
  }
  const iconRow = (id: string) => (e: { event: string; data: string }) => {
    const c = change(e)
    return c?.entity === 'icons' && c.op === 'upsert' && c.row.id === id
  }
  /** A member of the workspace, signed in `sessions` times (one cookie per session). */
  const member = async (email: string, sessions: number) => {
    const cookies = [await t.signIn(email)]
    const inv = await t.post('/api/workspaces/invite-user', owner, { workspaceId: wsId, email })
    await t.post('/api/workspaces/accept-invitation', cookies[0] ?? '', { invitationId: inv.body.data.id })
    for (let i = 1; i < sessions; i++) cookies.push(await t.signIn(email))
    return cookies
  }

  beforeAll(async () => {
    t = await createTestApp(kind)
    owner = await t.signIn('so@example.com')
    await t.setPlan('so@example.com', 'gold')
    await t.post('/api/workspaces/create', owner, { id: wsId, name: 'Sessions', description: '' })
    await t.post('/api/projects/create', owner, { id: projectId, name: 'P', workspace_id: wsId })
  })
  afterAll(() => t?.close())

  /** The stream's last event says it was signed out, and why (ADR 0012). */
  const lastWord = (stream: { events: { event: string; data: string }[] }) => {
    const last = stream.events.at(-1)
    return last?.event === 'signed-out' ? (JSON.parse(last.data) as SignedOutEvent).reason : last?.event
  }

  it('revoke-other-sessions ends the other session’s open stream before another icon row reaches it', async () => {
    const [keep = '', revoked = ''] = await member('sa@example.com', 2)
    const kept = await open(keep)
    const gone = await open(revoked)
    const first = await addIcon()
    await kept.next(iconRow(first))
    await gone.next(iconRow(first))

    const res = await t.request('/api/auth/revoke-other-sessions', { cookie: keep, json: {} })
    expect(res.status).toBe(200)
    await gone.end()
    expect(lastWord(gone)).toBe('revoked')
    const second = await addIcon()
    await kept.next(iconRow(second))
    expect(gone.events.filter(iconRow(second))).toEqual([])
    expect(kept.finished).toBe(false)
    // A new stream of the revoked session is refused.
    expect((await t.request('/api/events', { cookie: revoked })).status).toBe(401)
    await kept.close()
  })

  it('sign-out, revoke-session, revoke-sessions and delete-user each end the streams of the sessions they end', async () => {
    const [a = '', b = '', c = ''] = await member('sb@example.com', 3)
    const [sa, sb, sc] = [await open(a), await open(b), await open(c)]

    // revoke-session {token}: only that session's stream ends.
    const list = await (await t.request('/api/auth/list-sessions', { cookie: a })).json()
    const bToken = decodeURIComponent(b.split('=')[1] ?? '').split('.')[0]
    expect(list.map((s: { token: string }) => s.token)).toContain(bToken)
    expect((await t.request('/api/auth/revoke-session', { cookie: a, json: { token: bToken } })).status).toBe(
      200,
    )
    await sb.end()
    expect(lastWord(sb)).toBe('revoked')
    expect(sa.finished || sc.finished).toBe(false)

    // sign-out: the signing-out session's stream ends, the other stays.
    expect((await t.request('/api/auth/sign-out', { cookie: c, json: {} })).status).toBe(200)
    await sc.end()
    expect(lastWord(sc)).toBe('signed-out')
    const icon = await addIcon()
    await sa.next(iconRow(icon))

    // revoke-sessions: every session of the user, this one included.
    expect((await t.request('/api/auth/revoke-sessions', { cookie: a, json: {} })).status).toBe(200)
    await sa.end()
    expect(lastWord(sa)).toBe('revoked')

    // delete-user: the deleted user's streams end.
    const [d = ''] = await member('sd@example.com', 1)
    const sd = await open(d)
    expect((await t.request('/api/auth/delete-user', { cookie: d, json: {} })).status).toBe(200)
    await sd.end()
    expect(lastWord(sd)).toBe('account-deleted')
  })

  it('an expired session’s stream ends at a delivery, even when nothing announced the end', async () => {
    const [m = ''] = await member('se@example.com', 1)
    const stream = await open(m)
    // Expire it in the database directly (as time would): no hook, no note.
    const mine = await (await t.request('/api/auth/get-session', { cookie: m })).json()
    await t.ctx.store.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.id, mine.session.id))
    // Changes keep coming; the stream must end within the validity memo (1 s), not stay open.
    await vi.waitFor(
      async () => {
        if (stream.finished) return
        await addIcon()
        throw new Error('the stream is still open')
      },
      { timeout: 5000, interval: 0 },
    )
    expect(lastWord(stream)).toBe('ended')
  })

  it(`keeps at most ${MAX_STREAMS_PER_SESSION} streams per session: a new one ends the oldest`, async () => {
    const [m = ''] = await member('sf@example.com', 1)
    const streams = []
    for (let i = 0; i < MAX_STREAMS_PER_SESSION; i++) streams.push(await open(m))
    const newest = await open(m)
    await streams[0]?.end()
    const icon = await addIcon()
    for (const s of [...streams.slice(1), newest]) {
      await s.next(iconRow(icon))
      expect(s.finished).toBe(false)
    }
    for (const s of [...streams, newest]) await s.close()
  })
  it(`keeps at most ${MAX_STREAMS_PER_USER} streams per user across sessions: a new one ends the oldest`, () => {
    const ended: number[] = []
    const subs = Array.from({ length: MAX_STREAMS_PER_USER + 2 }, (_, i) => ({
      userId: 'flood-user',
      email: 'flood@example.com',
      sessionId: `flood-session-${i}`,
      send: () => {},
      pull: () => {},
      end: () => ended.push(i),
    }))
    const unsubscribe = subs.map((sub) => t.ctx.events.subscribe(sub))
    expect(ended).toEqual([0, 1])
    for (const u of unsubscribe) u()
  })
})

postgresOnly('a session ended in one process ends its stream in another', () => {
  it('revoke-sessions through app A ends the stream held by app B', async () => {
    const a = await createTestApp('postgres')
    const b = await createTestApp('postgres', {}, { sameDatabaseAs: a })
    try {
      const cookie = await a.signIn('sx@example.com')
      const stream = readSse(await b.request('/api/events', { cookie }))
      await stream.next((e) => e.event === 'ready')
      expect((await a.request('/api/auth/revoke-sessions', { cookie, json: {} })).status).toBe(200)
      await stream.end()
      // The reason travels with the note to the other process.
      const last = stream.events.at(-1)
      expect(last?.event).toBe('signed-out')
      expect(JSON.parse(last?.data ?? '{}')).toEqual({ reason: 'revoked' })
    } finally {
      await b.close()
      await a.close()
    }
  })
})
