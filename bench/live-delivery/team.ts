// The team of bench/live-delivery.ts: HTTP helpers, sign-ins and the gold workspace whose members
// hold the streams. The first 20 users write; with `--users` above 20 the others only hold streams.
// In a folder of its own so that bench/run.ts (every .ts of bench/) does not run it as a benchmark.
import { randomUUID } from 'node:crypto'
import { type Agent, type IncomingMessage, request } from 'node:http'
import { LIMITS } from '../../server/middleware/rate-limit.ts'
import type { TestSmtp } from '../../tests/setup/smtp.ts'

/** Users who write (the first ones); any further users only hold streams. */
export const WRITERS = 20
/** ADR 0005's caps on open streams. */
export const MAX_STREAMS_PER_SESSION = 4
export const MAX_STREAMS_PER_USER = 16
/** Invitations a user may send in a window (ADR 0006; 20 per 10 minutes). */
const INVITATIONS_PER_USER = LIMITS.invitationsPerUser.max

// ---------- HTTP ----------

type Answer = { status: number; body: string; headers: IncomingMessage['headers'] }

export function http(
  url: string,
  opts: { method?: string; headers?: Record<string, string>; body?: unknown; agent?: Agent | false } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const body = opts.body === undefined ? undefined : JSON.stringify(opts.body)
    const req = request(
      url,
      {
        method: opts.method ?? (body === undefined ? 'GET' : 'POST'),
        agent: opts.agent,
        headers: {
          ...opts.headers,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString(),
            headers: res.headers,
          }),
        )
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

let nextIp = 0
/** A documentation-range address per sign-in: the server trusts X-Forwarded-For (TRUST_PROXY). */
const fakeIp = () => {
  nextIp++
  return `10.${(nextIp >> 16) & 255}.${(nextIp >> 8) & 255}.${nextIp & 255}`
}

export type Session = { email: string; cookie: string }

/** A magic-link sign-in from a fresh client address (sign-in limits are per address). */
async function signIn(baseUrl: string, smtp: TestSmtp, email: string): Promise<Session> {
  const ip = fakeIp()
  const headers = { origin: baseUrl, 'x-forwarded-for': ip }
  const after = Date.now()
  const res = await http(`${baseUrl}/api/auth/sign-in/magic-link`, { headers, body: { email } })
  if (res.status !== 200) throw new Error(`sign-in of ${email}: HTTP ${res.status} ${res.body}`)
  const mail = await smtp.waitForMail(email, { after, timeoutMs: 30_000 })
  const token = mail.link ? new URL(mail.link).searchParams.get('token') : null
  if (!token) throw new Error(`no sign-in link for ${email}`)
  const verify = await http(`${baseUrl}/api/auth/magic-link/verify?token=${token}`, { headers })
  const setCookie = verify.headers['set-cookie'] ?? []
  const cookie = setCookie.map((c) => c.split(';')[0]).join('; ')
  if (!cookie) throw new Error(`no session cookie for ${email} (HTTP ${verify.status})`)
  return { email, cookie }
}

async function post(baseUrl: string, s: Session, path: string, body: unknown) {
  const res = await http(`${baseUrl}${path}`, {
    headers: { cookie: s.cookie, origin: baseUrl, 'x-forwarded-for': fakeIp() },
    body,
  })
  if (res.status !== 200) throw new Error(`${path} for ${s.email}: HTTP ${res.status} ${res.body}`)
  return JSON.parse(res.body) as { data: { id: string }; url?: string }
}

/** Runs `fn` over `items`, `width` at a time, in order of index. */
async function inParallel<T, R>(items: T[], width: number, fn: (item: T, i: number) => Promise<R>) {
  const out: R[] = new Array(items.length)
  let next = 0
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) {
        const i = next++
        out[i] = await fn(items[i]!, i)
      }
    }),
  )
  return out
}

// ---------- the team ----------

type Invitation = { inviter: number; role: 'admin' | 'member' }

/**
 * Who invites whom (index: user; user 0 is the owner). The owner invites until its invitations of
 * the window are spent; when more users remain than the inviters have invitations left, the next
 * user who only holds streams is invited as an admin and invites too (the writers stay members, as
 * in a run of 20). 20 users: the owner alone, everyone else a member.
 */
export function invitationPlan(users: number): Invitation[] {
  const plan: Invitation[] = []
  const left = new Map<number, number>([[0, INVITATIONS_PER_USER]])
  let capacity = INVITATIONS_PER_USER
  for (let u = 1; u < users; u++) {
    const inviter = [...left].find(([, n]) => n > 0)?.[0]
    if (inviter === undefined) throw new Error(`no invitations left for user ${u}`)
    left.set(inviter, left.get(inviter)! - 1)
    capacity--
    const admin = u >= WRITERS && capacity < users - 1 - u
    if (admin) {
      left.set(u, INVITATIONS_PER_USER)
      capacity += INVITATIONS_PER_USER
    }
    plan[u] = { inviter, role: admin ? 'admin' : 'member' }
  }
  return plan
}

export type Team = {
  wsId: string
  projectId: string
  /** One writing and reading session per writing user (the first 20). */
  writers: Session[]
  /** The sessions that hold streams, with how many each holds. */
  holders: { session: Session; streams: number }[]
  /** Users, of which admins (inviting past the owner's invitations), and sessions signed in. */
  users: number
  admins: number
  sessions: number
}

/**
 * `users` users in one gold workspace, one project there; each signs in once (the first 20 write
 * and read with that session) and holds its share of `streams` (spread evenly, at most 16) in
 * further sessions of at most four. Every user is a member (or admin) of the workspace, so every
 * create is owed to every stream.
 */
export async function seedTeam(
  baseUrl: string,
  smtp: TestSmtp,
  { users, streams }: { users: number; streams: number },
  tag: string,
): Promise<Team> {
  if (!(users >= 1)) throw new Error('--users: at least 1')
  if (Math.ceil(streams / users) > MAX_STREAMS_PER_USER)
    throw new Error(
      `at most ${MAX_STREAMS_PER_USER} streams a user (ADR 0005): ${streams} streams need --users=${Math.ceil(streams / MAX_STREAMS_PER_USER)} at least`,
    )
  const streamsOf = (u: number) => Math.floor(streams / users) + (u < streams % users ? 1 : 0)
  const emails = Array.from({ length: users }, (_, i) => `live-${tag}-${i}@example.com`)
  const owner = await signIn(baseUrl, smtp, emails[0]!)
  const upgrade = await post(baseUrl, owner, '/api/auth/subscription/upgrade', {
    plan: 'gold',
    successUrl: '/maker',
    cancelUrl: '/upgrade',
  })
  const checkout = new URL(upgrade.url!, baseUrl).searchParams.get('session')
  await post(baseUrl, owner, '/api/billing/checkout/complete', { session: checkout })
  const wsId = randomUUID()
  await post(baseUrl, owner, '/api/workspaces/create', { id: wsId, name: 'Live team', description: '' })
  const projectId = randomUUID()
  await post(baseUrl, owner, '/api/projects/create', {
    id: projectId,
    name: 'Shared',
    description: '',
    workspace_id: wsId,
  })
  const plan = invitationPlan(users)
  // Each user's first session (the writers' is the one they write with); joined: in the workspace.
  const firsts: Session[] = new Array(users)
  const joined = emails.map(() => {
    let resolve = () => {}
    const promise = new Promise<void>((r) => {
      resolve = r
    })
    return { promise, resolve }
  })
  const holders: Team['holders'] = []
  firsts[0] = owner
  joined[0]!.resolve()
  let sessions = 1
  // In order of index, 6 at a time: an inviter (always of a lower index) joins before it invites.
  await inParallel(emails, 6, async (email, i) => {
    if (i > 0) {
      firsts[i] = await signIn(baseUrl, smtp, email)
      sessions++
      const { inviter, role } = plan[i]!
      await joined[inviter]!.promise
      const inv = await post(baseUrl, firsts[inviter]!, '/api/workspaces/invite-user', {
        workspaceId: wsId,
        email,
        role,
      })
      await post(baseUrl, firsts[i]!, '/api/workspaces/accept-invitation', { invitationId: inv.data.id })
      joined[i]!.resolve()
    }
    // This user's share of the streams, in sessions of at most four.
    let left = streamsOf(i)
    while (left > 0) {
      const n = Math.min(MAX_STREAMS_PER_SESSION, left)
      holders.push({ session: await signIn(baseUrl, smtp, email), streams: n })
      sessions++
      left -= n
    }
  })
  return {
    wsId,
    projectId,
    writers: firsts.slice(0, WRITERS),
    holders,
    users,
    admins: plan.filter((p) => p?.role === 'admin').length,
    sessions,
  }
}
