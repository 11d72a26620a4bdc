// Copy the icon in any of the five formats; the format chosen in the Copy Format panel is marked.
import { Copy } from 'lucide-react'
import { Button } from '../../../components/ui/button.tsx'
import { COPY_FORMAT_IDS, formatLabel, useCopyFormat } from '../../../copy/copy-format-store.ts'
import { copyIcon } from '../../../copy/copy-icon.ts'
import type { LocalIcon } from '../../../local/db.ts'

export function CopySection({ icon }: { icon: LocalIcon }) {
  const [chosen] = useCopyFormat()
  return (
    <section aria-labelledby="copy-section-title" className="flex flex-col gap-2">
      <h3 id="copy-section-title" className="text-sm font-medium text-fg">
        Copy as
      </h3>
      <div className="flex flex-wrap gap-2">
        {COPY_FORMAT_IDS.map((format) => (
          <Button
            key={format}
            variant={format === chosen ? 'primary' : 'secondary'}
            size="sm"
            aria-label={`Copy as ${formatLabel(format)}`}
            data-format={format}
            onClick={() => void copyIcon(icon, format)}
          >
            <Copy className="size-3.5" aria-hidden />
            {formatLabel(format)}
          </Button>
        ))}
      </div>
    </section>
  )
}
