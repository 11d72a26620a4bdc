// Names derived from an icon name: PascalCase component names and kebab-case CSS classes.
// Both are the words of the one slug (common/slug.ts): ASCII only, accents folded (é → e),
// camelCase split, other characters separate words.

import { iconSlug, slug } from '../slug.ts'
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

const words = (name: string): string[] => slug(name).split('-').filter(Boolean)

/** PascalCase identifier: "arrow-left" → ArrowLeft, "3d box" → Icon3dBox, "" → Icon. */
export function componentName(name: string): string {
  const pascal = words(name)
    .map((w) => w[0]!.toUpperCase() + w.slice(1).toLowerCase())
    .join('')
  if (pascal === '') return 'Icon'
  if (/^[0-9]/.test(pascal)) return `Icon${pascal}`
  return TAKEN.has(pascal) ? `${pascal}Icon` : pascal
}

/** kebab-case CSS class: "Arrow Left" → arrow-left, "3d box" → icon-3d-box, "" → icon (the icon's slug). */
export const cssClassName = iconSlug
