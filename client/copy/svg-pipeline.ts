// The SVG pipeline (common/svg: sanitizer, converters, svgo) loaded on first use, so none of it
// weighs on the first chunk. Every browser caller goes through this one loader.
type Pipeline = typeof import('@common/svg/index.ts')

let loading: Promise<Pipeline> | null = null

export function loadSvgPipeline(): Promise<Pipeline> {
  loading ??= import('@common/svg/index.ts').catch((error: unknown) => {
    loading = null
    throw error
  })
  return loading
}
