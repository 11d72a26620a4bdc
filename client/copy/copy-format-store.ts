// The copy format that clicking an icon uses, remembered in this browser (localStorage) and shared
// by every component that shows or uses it.
import type { CopyFormat } from '@common/svg/convert.ts'
import { useSyncExternalStore } from 'react'

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

const STORAGE_KEY = 'iconvault-copy-format'
const listeners = new Set<() => void>()

const isFormat = (value: unknown): value is CopyFormat => COPY_FORMAT_IDS.includes(value as CopyFormat)

/** The chosen format now ('svg' until one is chosen). */
export function getCopyFormat(): CopyFormat {
  try {
    const saved = localStorage.getItem(STORAGE_KEY)
    return isFormat(saved) ? saved : 'svg'
  } catch {
    return 'svg'
  }
}

function setCopyFormat(format: CopyFormat) {
  try {
    localStorage.setItem(STORAGE_KEY, format)
  } catch {
    // storage unavailable: the choice lasts for this page only
  }
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY) listener()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

/** The chosen format and its setter; other tabs follow a change. */
export function useCopyFormat(): [CopyFormat, (format: CopyFormat) => void] {
  return [useSyncExternalStore(subscribe, getCopyFormat, getCopyFormat), setCopyFormat]
}
