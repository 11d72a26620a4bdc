// Browser-test fixtures for plans and projects: the signed-in user of a page subscribes through
// the local billing provider's checkout (as the /upgrade page does), and creates a project,
// both through the app's own HTTP API with the page's cookies.
import type { Page } from 'playwright-core'

/** Subscribes the page's user to `plan` through the local checkout; true once /api/me says so. */
export async function subscribe(page: Page, baseUrl: string, plan: 'pro' | 'gold'): Promise<boolean> {
  const headers = { origin: baseUrl }
  const start = await page.request.post(`${baseUrl}/api/auth/subscription/upgrade`, {
    data: { plan, successUrl: '/maker', cancelUrl: '/upgrade' },
    headers,
  })
  if (!start.ok()) return false
  const { url } = (await start.json()) as { url: string }
  const session = new URL(url, baseUrl).searchParams.get('session')
  const done = await page.request.post(`${baseUrl}/api/billing/checkout/complete`, {
    data: { session },
    headers,
  })
  if (!done.ok()) return false
  const me = (await (await page.request.get(`${baseUrl}/api/me`)).json()) as { user: { plan: string } }
  return me.user.plan === plan
}

/** Creates a personal project (or one in `workspaceId`) with the given id; throws when refused. */
export async function createProject(
  page: Page,
  baseUrl: string,
  project: { id: string; name: string; description?: string; workspace_id?: string | null },
) {
  const res = await page.request.post(`${baseUrl}/api/projects/create`, {
    data: { description: '', workspace_id: null, ...project },
    headers: { origin: baseUrl },
  })
  if (!res.ok()) throw new Error(`creating project ${project.name}: HTTP ${res.status()} ${await res.text()}`)
}
