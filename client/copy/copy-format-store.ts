// The copy format that clicking an icon uses, remembered in this browser (localStorage) and shared
// by every component that shows or uses it.
import type { CopyFormat } from '@common/svg/index.ts'
import { localChoice } from '../lib/local-choice.ts'

export type { CopyFormat }

/**
 * The labels of common/svg's COPY_FORMAT_LABELS, restated so that the top bar does not load the
 * converters (and their XML parser) with the first chunk; `satisfies` keeps the keys in step.
 */
const LABELS = {
  svg: 'SVG',
  css: 'CSS',
  'react-ts': 'React TS',
  'react-js': 'React JS',
  'react-native-ts': 'React Native TS',
} as const satisfies Record<CopyFormat, string>

export const COPY_FORMAT_IDS = Object.keys(LABELS) as CopyFormat[]
export const formatLabel = (format: CopyFormat) => LABELS[format]

const choice = localChoice('iconvault-copy-format', COPY_FORMAT_IDS, 'svg')

/** The chosen format now ('svg' until one is chosen). */
export const getCopyFormat = (): CopyFormat => choice.get()

/** The chosen format and its setter; other tabs follow a change. */
export const useCopyFormat = (): [CopyFormat, (format: CopyFormat) => void] => choice.use()
