// Copy the icon in the five formats, each built from what the vault would store (processSvg).

import {
  COPY_FORMAT_LABELS,
  COPY_FORMATS,
  type CopyFormat,
  convertSvg,
  cssClassName,
  processSvg,
} from '@common/svg/index.ts'
import { Copy } from 'lucide-react'
import { Button } from '../../../components/ui/button.tsx'
import { errorMessage } from '../../../lib/api.ts'
import { toast } from '../../../lib/toast.ts'

async function copyAs(svg: string, name: string, format: CopyFormat): Promise<string> {
  const label = name.trim() || 'icon'
  const stored = await processSvg(svg, { idPrefix: cssClassName(label) })
  // Accessible like every copy (ADR 0106): named by its name's words until it is saved and labelled.
  return convertSvg(stored, format, label, { label: '' })
}

export function CopyButtons({ svg, name }: { svg: string; name: string }) {
  const copy = async (format: CopyFormat) => {
    try {
      await navigator.clipboard.writeText(await copyAs(svg, name, format))
      toast(`Copied as ${COPY_FORMAT_LABELS[format]}`, 'success')
    } catch (error) {
      toast(errorMessage(error))
    }
  }
  return (
    <section aria-label="Copy as" className="flex flex-col gap-2">
      <h2 className="flex items-center gap-1.5 text-xs font-semibold tracking-wide text-muted uppercase">
        <Copy className="size-3.5" aria-hidden />
        Copy as
      </h2>
      <div className="flex flex-wrap gap-1">
        {COPY_FORMATS.map((format) => (
          <Button key={format} variant="secondary" size="sm" onClick={() => void copy(format)}>
            {COPY_FORMAT_LABELS[format]}
          </Button>
        ))}
      </div>
    </section>
  )
}
