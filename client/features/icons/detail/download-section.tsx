// Download the icon as SVG (the server's attachment endpoint; a local file while the icon is not
// on the server yet) or as PNG at a chosen size.
import { Download } from 'lucide-react'
import { useId, useState } from 'react'
import { Button, buttonClass } from '../../../components/ui/button.tsx'
import { Input } from '../../../components/ui/input.tsx'
import { saveFile } from '../../../copy/exports/run-export.ts'
import { loadSvgPipeline } from '../../../copy/svg-pipeline.ts'
import { toast } from '../../../lib/toast.ts'
import type { LocalIcon } from '../../../local/db.ts'
import { PNG_MAX, PNG_MIN, svgToPng } from './png.ts'

const encoder = new TextEncoder()

export function DownloadSection({ icon, onServer }: { icon: LocalIcon; onServer: boolean }) {
  const [size, setSize] = useState('256')
  const sizeId = useId()
  /** The file name the server's download uses too (kebab-case of the icon name). */
  const fileName = async () => (await loadSvgPipeline()).cssClassName(icon.name)
  const value = Number(size)
  const valid = Number.isInteger(value) && value >= PNG_MIN && value <= PNG_MAX

  const png = async () => {
    try {
      const blob = await svgToPng(icon.svg, value)
      const bytes = new Uint8Array(await blob.arrayBuffer())
      saveFile({ bytes, mime: 'image/png', fileName: `${await fileName()}-${value}.png` })
    } catch (error) {
      toast(error instanceof Error ? error.message : String(error))
    }
  }
  const localSvg = async () =>
    saveFile({ bytes: encoder.encode(icon.svg), mime: 'image/svg+xml', fileName: `${await fileName()}.svg` })

  return (
    <section aria-labelledby={`${sizeId}-title`} className="flex flex-col gap-3">
      <h3 id={`${sizeId}-title`} className="text-sm font-medium text-fg">
        Download
      </h3>
      {onServer ? (
        <a
          href={`/api/icons/download?id=${encodeURIComponent(icon.id)}`}
          download
          className={buttonClass('secondary', 'md', 'self-start')}
          data-testid="download-svg"
        >
          <Download className="size-4" aria-hidden /> SVG
        </a>
      ) : (
        <Button
          variant="secondary"
          className="self-start"
          onClick={() => void localSvg()}
          data-testid="download-svg"
        >
          <Download className="size-4" aria-hidden /> SVG
        </Button>
      )}
      <div className="flex items-end gap-2">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={sizeId} className="text-xs text-muted">
            PNG size (px, {PNG_MIN}–{PNG_MAX})
          </label>
          <Input
            id={sizeId}
            type="number"
            inputMode="numeric"
            min={PNG_MIN}
            max={PNG_MAX}
            step={1}
            value={size}
            onChange={(e) => setSize(e.target.value)}
            aria-invalid={!valid || undefined}
            className="h-9 w-28"
          />
        </div>
        <Button variant="secondary" onClick={() => void png()} disabled={!valid} data-testid="download-png">
          <Download className="size-4" aria-hidden /> PNG
        </Button>
      </div>
    </section>
  )
}
