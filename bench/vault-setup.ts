// Shared set-up of the vault benchmarks (bench/vault-grid.ts, bench/vault-drop.ts): the real
// server, a test SMTP server, Chromium, a signed-in pro (or gold) user with a personal project, and
// real icons from the Iconify sets installed as devDependencies (mdi, tabler, then more:
// realDrawings).
import { readFileSync } from 'node:fs'
import { type AppProcess, startApp } from '../tests/setup/app-process.ts'
import { launchBrowser, signIn, type TestBrowser } from '../tests/setup/browser.ts'
import { startTestSmtp, type TestSmtp } from '../tests/setup/smtp.ts'
import { createProject, subscribe } from '../tests/setup/subscribe.ts'

export interface VaultBench {
  app: AppProcess
  smtp: TestSmtp
  browser: TestBrowser
  projectId: string
  cookie: string
  close(): Promise<void>
}

type IconSet = {
  icons: Record<string, { body: string; width?: number; height?: number }>
  width?: number
  height?: number
}

/**
 * `count` real drawings as { name, svg }: every icon of the one-colour `sets` (Iconify sets installed
 * as devDependencies) in order, then each again mirrored (another drawing), as many rounds as needed.
 * Sets are read only as far as `count` needs.
 */
export function realDrawings(sets: readonly string[], count: number): { name: string; svg: string }[] {
  const svgOf = (w: number, h: number, body: string) =>
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}">${body}</svg>`
  const base: { name: string; body: string; w: number; h: number }[] = []
  const out: { name: string; svg: string }[] = []
  for (const set of sets) {
    const json = JSON.parse(
      readFileSync(new URL(`../node_modules/@iconify-json/${set}/icons.json`, import.meta.url), 'utf8'),
    ) as IconSet
    for (const [name, icon] of Object.entries(json.icons)) {
      if (out.length === count) return out
      const drawing = {
        name: `${set}-${name}`,
        body: icon.body,
        w: icon.width ?? json.width ?? 24,
        h: icon.height ?? json.height ?? 24,
      }
      base.push(drawing)
      out.push({ name: drawing.name, svg: svgOf(drawing.w, drawing.h, drawing.body) })
    }
  }
  for (let round = 1; out.length < count && base.length; round++)
    for (const { name, body, w, h } of base) {
      if (out.length >= count) break
      out.push({
        name: `${name}-mirrored${round > 1 ? `-${round}` : ''}`,
        svg: svgOf(w, h, `<g transform="translate(${w} 0) scale(-1 1)">${body}</g>`),
      })
    }
  return out
}

/** `count` real icons as { name, svg }, from mdi, then tabler, then lucide, ph and material-symbols. */
export const realIcons = (count: number) =>
  realDrawings(['mdi', 'tabler', 'lucide', 'ph', 'material-symbols'], count)

/**
 * `env`: more of the server's environment (DATABASE_URL for Postgres); `plan`: pro holds 20,000 icons
 * in a personal project, gold 50,000 (common/plans.ts).
 */
export async function setUpVault(
  email: string,
  env: Record<string, string> = {},
  plan: 'pro' | 'gold' = 'pro',
): Promise<VaultBench> {
  const smtp = await startTestSmtp()
  const app = await startApp({ env: { SMTP_URL: smtp.url, ...env } })
  const browser = await launchBrowser({ viewport: { width: 1440, height: 900 } })
  const { page } = browser
  await signIn(page, app, smtp, email)
  if (!(await subscribe(page, app.baseUrl, plan))) throw new Error(`could not subscribe to ${plan}`)
  const projectId = crypto.randomUUID()
  await createProject(page, app.baseUrl, { id: projectId, name: 'Benchmark' })
  const cookie = (await browser.context.cookies(app.baseUrl)).map((c) => `${c.name}=${c.value}`).join('; ')
  return {
    app,
    smtp,
    browser,
    projectId,
    cookie,
    close: async () => {
      await browser.close()
      await app.stop()
      await smtp.close()
    },
  }
}

/** Creates icons through POST /api/icons/create, `concurrency` requests at a time. */
export async function insertIcons(
  bench: VaultBench,
  icons: { name: string; svg: string }[],
  concurrency = 8,
) {
  let next = 0
  let failed = 0
  const worker = async () => {
    while (next < icons.length) {
      const icon = icons[next++]!
      const res = await fetch(`${bench.app.baseUrl}/api/icons/create`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: bench.cookie, origin: bench.app.baseUrl },
        body: JSON.stringify({
          id: crypto.randomUUID(),
          ...icon,
          project_id: bench.projectId,
          workspace_id: null,
        }),
      })
      if (!res.ok) failed++
      await res.arrayBuffer()
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  return { failed }
}

/**
 * Creates icons through POST /api/icons/create-many (500 a request, `concurrency` at a time), the
 * way a teammate's drop of files reaches the server; falls back to insertIcons without that route.
 */
export async function insertIconsMany(
  bench: VaultBench,
  icons: { name: string; svg: string }[],
  concurrency = 2,
  cookie = bench.cookie,
) {
  const batches: { name: string; svg: string }[][] = []
  for (let i = 0; i < icons.length; i += 500) batches.push(icons.slice(i, i + 500))
  let next = 0
  let failed = 0
  let missing = false
  const worker = async () => {
    while (next < batches.length && !missing) {
      const batch = batches[next++]!
      const res = await fetch(`${bench.app.baseUrl}/api/icons/create-many`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, origin: bench.app.baseUrl },
        body: JSON.stringify({
          icons: batch.map((icon) => ({
            id: crypto.randomUUID(),
            ...icon,
            project_id: bench.projectId,
            workspace_id: null,
          })),
        }),
      })
      if (res.status === 404) missing = true
      else if (!res.ok) failed += batch.length
      else {
        const body = (await res.json()) as { data: { results: { error?: string }[] } }
        failed += body.data.results.filter((r) => r.error).length
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  if (missing) return insertIcons(bench, icons)
  return { failed }
}

/**
 * Icons (realIcons) stored into a project by a signed-in API user, through create-many, 500 a
 * request, one request at a time; a refused request stops the bench with its answer.
 */
export async function storeIcons(
  user: { projectId: string; call: (path: string, body?: unknown) => Promise<Response> },
  all: { name: string; svg: string }[],
  workspaceId: string | null = null,
): Promise<void> {
  for (let i = 0; i < all.length; i += 500) {
    const batch = all.slice(i, i + 500).map(({ name, svg }) => ({
      id: crypto.randomUUID(),
      name,
      svg,
      project_id: user.projectId,
      workspace_id: workspaceId,
    }))
    const res = await user.call('/api/icons/create-many', { icons: batch })
    if (!res.ok) throw new Error(`create-many: HTTP ${res.status} ${await res.text()}`)
  }
}

/**
 * Another session of the bench's user (the same user on another device), signed in through the
 * magic-link API: its changes reach the browser's live stream (a session hears no echo of its own).
 */
export async function otherSession(bench: VaultBench, email: string): Promise<string> {
  const after = Date.now()
  const headers = { 'content-type': 'application/json', origin: bench.app.baseUrl }
  await fetch(`${bench.app.baseUrl}/api/auth/sign-in/magic-link`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email }),
  })
  const mail = await bench.smtp.waitForMail(email, { after })
  const token = mail.link ? new URL(mail.link).searchParams.get('token') : null
  if (!token) throw new Error(`The mail to ${email} carries no sign-in link`)
  const res = await fetch(`${bench.app.baseUrl}/api/auth/magic-link/verify?token=${token}`, {
    headers: { origin: bench.app.baseUrl },
    redirect: 'manual',
  })
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  if (!cookie) throw new Error(`No session cookie (status ${res.status})`)
  return cookie
}
