// Copy the icon in any of the five formats; the format chosen in the Copy Format panel is marked.
// The outcome is said here, in the panel, not in a toast: on a phone the panel fills the screen and
// a toast would sit over its controls.
import { Copy } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { COPY_FORMAT_IDS, formatLabel, useCopyFormat } from '../../../copy/copy-format-store.ts'
import { copyIcon } from '../../../copy/copy-icon.ts'
import type { LocalIcon } from '../../../local/db.ts'

const NOTICE_MS = 4000

export function CopySection({ icon }: { icon: LocalIcon }) {
  const [chosen] = useCopyFormat()
  const [notice, setNotice] = useState<{ message: string; type: 'success' | 'error'; at: number } | null>(
    null,
  )
  useEffect(() => {
    if (!notice) return
    const timer = setTimeout(() => setNotice(null), NOTICE_MS)
    return () => clearTimeout(timer)
  }, [notice])
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
            onClick={() =>
              void copyIcon(icon, format, (message, type) => setNotice({ message, type, at: Date.now() }))
            }
          >
            <Copy className="size-3.5" aria-hidden />
            {formatLabel(format)}
          </Button>
        ))}
      </div>
      <p
        role="status"
        data-testid="copy-status"
        className={notice?.type === 'error' ? 'min-h-5 text-sm text-danger' : 'min-h-5 text-sm text-muted'}
      >
        {notice?.message}
      </p>
    </section>
  )
}
