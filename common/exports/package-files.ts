// The index, package.json and README of an exported component package.
import { countOf } from '../format-count.ts'
import type { ExportKind } from './export-kinds.ts'

type PackageKind = Extract<ExportKind, 'react-ts' | 'react-js' | 'react-native-ts'>

export const componentExtension = (kind: PackageKind) => (kind === 'react-js' ? 'jsx' : 'tsx')

/**
 * How the index names a component's file: `./ArrowLeft.js` for React TS, which TypeScript resolves to
 * ArrowLeft.tsx under every moduleResolution (bundler, node16, nodenext: the last two refuse a
 * specifier without an extension, TS2835) and bundlers map back to .tsx; `./ArrowLeft.jsx`, the file
 * itself, for React JS. React Native TS keeps `./ArrowLeft`: Metro does not map `.js` to `.tsx`, and
 * React Native's TypeScript settings resolve as a bundler does.
 */
export const moduleSpecifier = (kind: PackageKind, key: string): string =>
  kind === 'react-ts' ? `./${key}.js` : kind === 'react-js' ? `./${key}.jsx` : `./${key}`

/** The index: `lines` re-export every component (and its aliases, aliases.ts). */
export function indexFile(kind: PackageKind, lines: readonly string[]): { path: string; text: string } {
  return { path: kind === 'react-js' ? 'index.js' : 'index.ts', text: `${lines.join('\n')}\n` }
}

/**
 * The package's name: the project's slug with "-icons" (and "-native"), unless the slug already
 * ends with "icons" or "icon" ("Brand icons" gives brand-icons, not brand-icons-icons).
 */
export function packageName(kind: PackageKind, slug: string): string {
  const base = /(^|-)icons?$/.test(slug) ? slug.replace(/icon$/, 'icons') : `${slug}-icons`
  return `${base}${kind === 'react-native-ts' ? '-native' : ''}`
}

export function packageJson(kind: PackageKind, slug: string, count: number, version = '1.0.0'): string {
  const native = kind === 'react-native-ts'
  const main = kind === 'react-js' ? 'index.js' : 'index.ts'
  const pkg = {
    name: packageName(kind, slug),
    version,
    description: `${countOf(count, 'icon')} exported from Iconvault`,
    private: true,
    type: 'module',
    main,
    ...(kind === 'react-js' ? {} : { types: main }),
    sideEffects: false,
    peerDependencies: native ? { react: '>=18', 'react-native-svg': '>=13' } : { react: '>=18' },
  }
  return `${JSON.stringify(pkg, null, 2)}\n`
}

export function readme(
  kind: PackageKind,
  projectName: string,
  slug: string,
  first: string | undefined,
): string {
  const example = first ?? 'Icon'
  const pkg = packageName(kind, slug)
  const usage =
    kind === 'react-native-ts'
      ? [`<${example} />`, `<${example} size={32} color="#111" />`]
      : [`<${example} />`, `<${example} width={24} height={24} color="#111" aria-label="${example}" />`]
  return [
    `# ${/\bicons?$/i.test(projectName.trim()) ? projectName.trim() : `${projectName} icons`}`,
    '',
    `Exported from Iconvault: one component per icon, all re-exported from \`${kind === 'react-js' ? 'index.js' : 'index.ts'}\`.`,
    kind === 'react-native-ts' ? 'The components draw with `react-native-svg`.' : '',
    '',
    '```jsx',
    `import { ${example} } from '${pkg}'`,
    '',
    ...usage,
    '```',
    '',
    kind === 'react-native-ts'
      ? 'Each icon is 24 × 24 unless given a `size` (or `width` and `height`).'
      : 'Each icon is 1em high, so it sits in text at the text size, unless given `width` and `height`.',
    'Single-colour icons paint in `currentColor`: one drawn in a fixed colour keeps it as its default `color`, which',
    kind === 'react-native-ts'
      ? 'the `color` prop replaces; the others follow the `color` prop.'
      : 'the `color` prop (or a CSS `color` on the icon) replaces; the others follow the text colour.',
    '',
  ].join('\n')
}
