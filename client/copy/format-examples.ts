// The example snippet of each copy format in the Copy Format panel: the real converter's output
// for a small "arrow-right" icon, computed once the panel opens (a short placeholder until then).
import { useEffect, useState } from 'react'
import { COPY_FORMAT_IDS, type CopyFormat } from './copy-format-store.ts'
import { loadSvgPipeline } from './svg-pipeline.ts'

const SAMPLE =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor" ' +
  'stroke-width="2" stroke-linecap="round"><path d="M5 12h14M13 6l6 6-6 6"/></svg>'

const PLACEHOLDER: Record<CopyFormat, string> = {
  svg: '<svg width="1em" height="1em" viewBox="0 0 24 24" role="img">…</svg>',
  css: '.arrow-right { mask-image: url("data:image/svg+xml,…"); }',
  'react-ts': 'export function ArrowRight({ title, decorative, ...props }: IconProps) { … }',
  'react-js': 'export function ArrowRight({ title, decorative, ...props }) { … }',
  'react-native-ts':
    'export function ArrowRight({ size = 24, title, decorative, ...props }: IconProps) { … }',
}

/** Long data URIs are cut in the example; the copied code keeps them whole. */
const shorten = (code: string) =>
  code.replace(/data:image\/svg\+xml,[^")]{40,}/g, (uri) => `${uri.slice(0, 40)}…`)

/** Examples per CSS class prefix (the CSS one depends on it, the others do not). */
const cache = new Map<string, Record<CopyFormat, string>>()

async function realExamples(classPrefix: string): Promise<Record<CopyFormat, string>> {
  const { convertSvg } = await loadSvgPipeline()
  // Labelled by its name's words, as every copy of an unlabelled icon is (ADR 0106).
  const meaning = { label: '', instance: 'arrow-right' }
  const entries = COPY_FORMAT_IDS.map((f) => [
    f,
    // The CSS example is the real output under the project's prefix: its rule and its usage comment
    // name the same class.
    shorten(convertSvg(SAMPLE, f, 'arrow-right', f === 'css' ? { ...meaning, classPrefix } : meaning)).trim(),
  ])
  return Object.fromEntries(entries) as Record<CopyFormat, string>
}

/** The examples of every format; the CSS one under `classPrefix` (the open project's, or none). */
export function useFormatExamples(classPrefix: string): Record<CopyFormat, string> {
  const [examples, setExamples] = useState(cache.get(classPrefix) ?? PLACEHOLDER)
  useEffect(() => {
    const kept = cache.get(classPrefix)
    if (kept) return setExamples(kept)
    let live = true
    realExamples(classPrefix).then(
      (real) => {
        cache.set(classPrefix, real)
        if (live) setExamples(real)
      },
      () => {},
    )
    return () => {
      live = false
    }
  }, [classPrefix])
  return examples
}
