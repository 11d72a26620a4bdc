// Names derived from an icon name: PascalCase component names and kebab-case CSS classes.
// Both are ASCII only: accents are folded (é → e), other characters separate words.

import { ALLOWED_ELEMENTS } from './allowlist.ts'

/** react-native-svg's components (Path, FeGaussianBlur…) and globals a component must not shadow. */
const TAKEN = new Set([
  ...[...ALLOWED_ELEMENTS].map((e) => e[0]!.toUpperCase() + e.slice(1)),
  ...[
    'Svg TSpan Image ForeignObject FeImage Object Array Map Set WeakMap WeakSet Symbol Promise Proxy Reflect Error Date Function String',
    'Number Boolean BigInt Math JSON Intl RegExp Infinity NaN Fragment Component React Element',
    'Node Document Window Event Request Response Headers URL Blob File Audio Option',
  ]
    .join(' ')
    .split(' '),
])

function words(name: string): string[] {
  // Only non-ASCII names have accents to fold.
  const folded = /[^\x20-\x7e]/.test(name) ? name.normalize('NFKD').replace(/\p{M}/gu, '') : name
  return folded
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
}

/** PascalCase identifier: "arrow-left" → ArrowLeft, "3d box" → Icon3dBox, "" → Icon. */
export function componentName(name: string): string {
  const pascal = words(name)
    .map((w) => w[0]!.toUpperCase() + w.slice(1).toLowerCase())
    .join('')
  if (pascal === '') return 'Icon'
  if (/^[0-9]/.test(pascal)) return `Icon${pascal}`
  return TAKEN.has(pascal) ? `${pascal}Icon` : pascal
}

/** kebab-case CSS class: "Arrow Left" → arrow-left, "3d box" → icon-3d-box, "" → icon. */
export function cssClassName(name: string): string {
  const kebab = words(name)
    .map((w) => w.toLowerCase())
    .join('-')
  if (kebab === '') return 'icon'
  return /^[0-9]/.test(kebab) ? `icon-${kebab}` : kebab
}
