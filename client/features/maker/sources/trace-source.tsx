// Start from a PNG or JPEG traced into SVG. The image is decoded first (free), then one credit is
// taken on the server, then it is traced, fitted to the 24 grid and sent through the pipeline.

import { processSvg } from '@common/svg/index.ts'
import { ScanLine } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { Select } from '../../../components/ui/select.tsx'
import { errorMessage } from '../../../lib/api.ts'
import { toast } from '../../../lib/toast.ts'
import { chargeTrace } from '../api/maker-api.ts'
import { fitToGrid } from '../ops/fit.ts'
import { decodeImage, TRACE_TYPES, UNREADABLE_IMAGE } from '../trace/decode-image.ts'
import { type TraceDetail, type TraceMode, traceImage } from '../trace/trace-image.ts'
import { CreditsNote } from './credits-note.tsx'
import { baseName, type SourceProps } from './source-props.ts'

const MODES = [
  { value: 'mono', label: 'Monochrome' },
  { value: 'color', label: 'Colour' },
] as const
const DETAILS = [
  { value: 'low', label: 'Low detail' },
  { value: 'medium', label: 'Medium detail' },
  { value: 'high', label: 'High detail' },
] as const

export function TraceSource({ onLoad, workspaceId }: Pick<SourceProps, 'onLoad' | 'workspaceId'>) {
  const [file, setFile] = useState<File | null>(null)
  const [url, setUrl] = useState<string | null>(null)
  const [mode, setMode] = useState<TraceMode>('mono')
  const [detail, setDetail] = useState<TraceDetail>('medium')
  const [invert, setInvert] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    if (!file) return setUrl(null)
    const next = URL.createObjectURL(file)
    setUrl(next)
    return () => URL.revokeObjectURL(next)
  }, [file])

  const trace = async () => {
    if (!file) return
    setBusy(true)
    setError(null)
    try {
      const pixels = await decodeImage(file)
      await chargeTrace(workspaceId)
      const traced = await traceImage(pixels, { mode, detail, invert })
      const svg = await processSvg(fitToGrid(traced, { size: 24, padding: 1 }), { idPrefix: 'trace' })
      onLoad({ svg, name: baseName(file.name), originIconId: null, source: 'trace' })
    } catch (err) {
      setError(errorMessage(err))
      toast(errorMessage(err))
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="flex flex-col gap-3">
      <label className="flex cursor-pointer flex-col items-center gap-2 rounded-lg border border-dashed border-line p-4 text-center text-sm text-muted">
        {url ? (
          <img src={url} alt="To be traced" className="max-h-32 max-w-full object-contain" />
        ) : (
          <ScanLine className="size-5" aria-hidden />
        )}
        {file ? file.name : 'Choose a PNG or JPEG image'}
        <input
          type="file"
          accept={TRACE_TYPES.join(',')}
          className="sr-only"
          aria-label="Image to trace"
          onChange={(e) => {
            const next = e.target.files?.[0] ?? null
            setError(
              next && !(TRACE_TYPES as readonly string[]).includes(next.type) ? UNREADABLE_IMAGE : null,
            )
            setFile(next)
          }}
        />
      </label>
      <div className="flex flex-wrap gap-2">
        <Select value={mode} onValueChange={setMode} options={MODES} aria-label="Trace mode" />
        <Select value={detail} onValueChange={setDetail} options={DETAILS} aria-label="Trace detail" />
      </div>
      {mode === 'mono' ? (
        <label className="flex items-center gap-2 text-sm text-fg">
          <input type="checkbox" checked={invert} onChange={(e) => setInvert(e.target.checked)} />
          Light shapes on a dark background
        </label>
      ) : null}
      <Button onClick={trace} disabled={!file || busy}>
        {busy ? 'Tracing…' : 'Trace image · 1 credit'}
      </Button>
      <CreditsNote workspaceId={workspaceId} />
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  )
}
