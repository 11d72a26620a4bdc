// axe-core in a test page: every rule that applies to WCAG 2.0/2.1/2.2 A and AA and axe's best
// practices (landmarks, heading order), run on the page as it is in the dark and the light theme.
// axe's source is evaluated through the DevTools protocol (page.evaluate), which the app's CSP
// (script-src 'self', no inline script) does not apply to, so the app keeps its real headers.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice']

type Violation = {
  id: string
  impact: 'minor' | 'moderate' | 'serious' | 'critical' | null
  help: string
  nodes: { target: unknown[]; html: string; failureSummary?: string }[]
}

/** The part of axe's API the page is asked to run (axe is injected at run time, untyped there). */
type AxeInPage = {
  run(
    context: Document,
    options: { runOnly: { type: 'tag'; values: string[] } },
  ): Promise<{ violations: unknown[] }>
}

/**
 * Rules excluded on specific elements, each a false positive of a deliberate pattern.
 * (Empty while the app has none; add `{ rule, selector, why }` entries, never whole rules.)
 */
const EXCLUSIONS: { rule: string; selector: string; why: string }[] = []

/** Lets entry animations (dialogs, panels: 300 ms) end so colours are read at rest. */
const settle = (page: Page) =>
  page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 1500)),
    ]),
  )

/** Runs axe on the page as it is; returns its violations minus the listed exclusions. */
async function axe(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE)
  await settle(page)
  const violations = (await page.evaluate(async (tags) => {
    const { axe } = window as unknown as { axe: AxeInPage }
    return (await axe.run(document, { runOnly: { type: 'tag', values: tags } })).violations
  }, TAGS)) as Violation[]
  return violations
    .map((v) => ({
      ...v,
      nodes: v.nodes.filter(
        (n) =>
          !EXCLUSIONS.some((x) => x.rule === v.id && n.target.some((t) => String(t).includes(x.selector))),
      ),
    }))
    .filter((v) => v.nodes.length > 0)
}

const describeViolations = (list: Violation[]) =>
  list
    .map((v) => {
      const nodes = v.nodes.map((n) => {
        const why = v.id === 'color-contrast' ? ` (${n.failureSummary?.split('\n')[1]?.trim()})` : ''
        return `    ${n.target.join(' ')}: ${n.html.slice(0, 140)}${why}`
      })
      return `  ${v.id} (${v.impact}): ${v.help}\n${nodes.join('\n')}`
    })
    .join('\n')

/** Flips the theme the way the theme switch does (class and colour scheme on <html>). */
const flipTheme = (page: Page) =>
  page.evaluate(() => {
    const dark = document.documentElement.classList.toggle('dark')
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light'
  })

/**
 * Audits the current screen in both themes (and leaves the theme as it was); returns its violations
 * (screen, theme, rule, impact, targets), empty when clean.
 */
export async function auditBothThemes(page: Page, screen: string): Promise<string[]> {
  const found: string[] = []
  for (const pass of [0, 1]) {
    const theme = await page.evaluate(() =>
      document.documentElement.classList.contains('dark') ? 'dark' : 'light',
    )
    const violations = await axe(page)
    if (violations.length) found.push(`${screen} (${theme}):\n${describeViolations(violations)}`)
    if (pass === 0) await flipTheme(page)
  }
  await flipTheme(page)
  return found
}
