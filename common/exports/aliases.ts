// The icons' aliases (their former names) in every export (ADR 0104):
//   - packages: the index re-exports the icon under each alias, a deprecated one with a JSDoc
//     `@deprecated` that editors and `tsc` report
//     (`export { /** @deprecated Use House. Removed in 3.0.0 */ House as Home } from './House.js'`);
//   - CSS: the alias's class is a second selector of the icon's rule;
//   - sprite: a second <symbol> with the alias's id;
//   - SVG ZIP: aliases.json maps each old file name to the current one ({ "home": "house" }).
// An alias whose derived name (component, class, id or file) is another icon's, or an alias already
// placed, is left out and reported; one that derives to the icon's own name adds nothing.
import { exportMessages } from '../messages.ts'
import type { ExportAlias, ExportIcon, ExportResult } from './export-kinds.ts'

/** An alias as placed in one export: `key` is its component name, class, id or file name. */
export interface PlacedAlias extends ExportAlias {
  key: string
}

export interface AliasNames {
  /** The aliases placed, by the index of their icon in the export. */
  byIcon: Map<number, PlacedAlias[]>
  skipped: ExportResult['skipped']
}

export function aliasesOf(
  named: readonly { icon: ExportIcon; key: string }[],
  derive: (name: string) => string,
): AliasNames {
  const owners = new Map(named.map(({ key }, i) => [key.toLowerCase(), i]))
  const placed = new Map<string, number>()
  const byIcon = new Map<number, PlacedAlias[]>()
  const skipped: ExportResult['skipped'] = []
  named.forEach(({ icon, key }, i) => {
    for (const alias of icon.aliases ?? []) {
      const aliasKey = derive(alias.name)
      const lower = aliasKey.toLowerCase()
      if (lower === key.toLowerCase()) continue
      const owner = owners.get(lower)
      const other = placed.get(lower)
      if (owner !== undefined || (other !== undefined && other !== i)) {
        const holder = named[owner ?? other ?? i]?.icon.name ?? icon.name
        skipped.push({ name: alias.name, error: exportMessages.aliasLeftOut(alias.name, aliasKey, holder) })
        continue
      }
      if (other !== undefined) continue
      placed.set(lower, i)
      const list = byIcon.get(i) ?? []
      list.push({ name: alias.name, deprecated: alias.deprecated, remove_in: alias.remove_in, key: aliasKey })
      byIcon.set(i, list)
    }
  })
  return { byIcon, skipped }
}

/** The index lines that re-export a component (from its module, `from`) under its aliases. */
export function indexAliasLines(component: string, aliases: readonly PlacedAlias[], from: string): string[] {
  return aliases.map((alias) => {
    if (!alias.deprecated) return `export { ${component} as ${alias.key} } from '${from}'`
    // On the export specifier, not the statement: tsc reads @deprecated there only (TS 5.9, tested).
    const removed = alias.remove_in ? ` Removed in ${alias.remove_in}` : ''
    return `export { /** @deprecated Use ${component}.${removed} */ ${component} as ${alias.key} } from '${from}'`
  })
}

/** A CSS rule (`.house {…}`) with each alias's class as a further selector (`.house,\n.home {…}`). */
export function cssWithAliases(rule: string, aliases: readonly PlacedAlias[], prefix = ''): string {
  if (!aliases.length) return rule
  const brace = rule.indexOf(' {')
  return `${rule.slice(0, brace)}${aliases.map((a) => `,\n.${prefix}${a.key}`).join('')}${rule.slice(brace)}`
}

/** aliases.json of the SVG ZIP: old file name → current file name, or null without aliases. */
export function aliasesFile(named: readonly { key: string }[], aliases: AliasNames): string | null {
  const map: Record<string, string> = {}
  for (const [i, list] of [...aliases.byIcon].sort(([a], [b]) => a - b))
    for (const alias of list) map[alias.key] = named[i]?.key ?? alias.key
  return Object.keys(map).length ? `${JSON.stringify(map, null, 2)}\n` : null
}
