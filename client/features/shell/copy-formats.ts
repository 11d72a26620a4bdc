// The five copy formats (seed §1) with an example of each for an icon named "arrow-right".
import { useSyncExternalStore } from 'react'

export type CopyFormat = 'svg' | 'css' | 'react-ts' | 'react-js' | 'react-native-ts'

const svg = '<path d="M5 12h14M13 6l6 6-6 6"/>'

export const COPY_FORMATS: ReadonlyArray<{ id: CopyFormat; label: string; example: string }> = [
  {
    id: 'svg',
    label: 'SVG',
    example: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"
  fill="none" stroke="currentColor" stroke-width="2">
  ${svg}
</svg>`,
  },
  {
    id: 'css',
    label: 'CSS',
    example: `.icon-arrow-right {
  display: inline-block;
  width: 1em;
  height: 1em;
  background-color: currentColor;
  mask-image: url("data:image/svg+xml,…");
}`,
  },
  {
    id: 'react-ts',
    label: 'React TS',
    example: `import type { SVGProps } from 'react'

export function ArrowRight(props: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} {...props}>
      ${svg}
    </svg>
  )
}`,
  },
  {
    id: 'react-js',
    label: 'React JS',
    example: `export function ArrowRight(props) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} {...props}>
      ${svg}
    </svg>
  )
}`,
  },
  {
    id: 'react-native-ts',
    label: 'React Native TS',
    example: `import Svg, { Path, type SvgProps } from 'react-native-svg'

export function ArrowRight(props: SvgProps) {
  return (
    <Svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} {...props}>
      <Path d="M5 12h14M13 6l6 6-6 6" />
    </Svg>
  )
}`,
  },
]

const STORAGE_KEY = 'iconvault-copy-format'
const listeners = new Set<() => void>()

function read(): CopyFormat {
  const saved = localStorage.getItem(STORAGE_KEY)
  return COPY_FORMATS.find((f) => f.id === saved)?.id ?? 'svg'
}

/** The format copy buttons use; remembered in this browser. */
export function useCopyFormat(): [CopyFormat, (format: CopyFormat) => void] {
  const format = useSyncExternalStore(
    (l) => {
      listeners.add(l)
      return () => listeners.delete(l)
    },
    read,
    read,
  )
  const set = (next: CopyFormat) => {
    localStorage.setItem(STORAGE_KEY, next)
    for (const l of listeners) l()
  }
  return [format, set]
}
