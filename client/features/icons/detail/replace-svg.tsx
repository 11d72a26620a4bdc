// "Replace SVG…" in the detail panel: a file input for one .svg file whose drawing
// replaces the icon's, keeping its id, name, aliases and history (replace-drawing.ts); then the
// workspace's review rules on the new drawing (ADR 0413).
import { FileUp } from 'lucide-react'
import { useRef, useState } from 'react'
import { RuleChecklist } from '../../../components/review/rule-checklist.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { useRuleChecks } from '../../../data/rule-checks.ts'
import type { LocalIcon } from '../../../local/db.ts'
import { replaceDrawing } from './replace-drawing.ts'

export function ReplaceSvg({ icon, refusal }: { icon: LocalIcon; refusal: () => string | null }) {
  const input = useRef<HTMLInputElement>(null)
  const [busy, setBusy] = useState(false)
  // After a replace, the new drawing's checklist (an icon back in review shows it in its status).
  const [replaced, setReplaced] = useState(false)
  const checks = useRuleChecks(
    replaced && icon.icon_status === 'approved' ? icon.svg : null,
    icon.workspace_id,
  )

  const onFiles = async (files: FileList | null) => {
    if (!files?.length) return
    setBusy(true)
    try {
      setReplaced(await replaceDrawing(icon, [...files], refusal()))
    } finally {
      setBusy(false)
      if (input.current) input.current.value = ''
    }
  }

  return (
    <>
      <Button
        variant="secondary"
        onClick={() => input.current?.click()}
        disabled={busy}
        data-testid="replace-svg"
      >
        <FileUp className="size-4" aria-hidden /> Replace SVG…
      </Button>
      <input
        ref={input}
        type="file"
        accept=".svg,image/svg+xml"
        hidden
        aria-label={`Replace the drawing of ${icon.name} with an SVG file`}
        data-testid="replace-svg-input"
        onChange={(e) => void onFiles(e.target.files)}
      />
      {checks ? (
        <div className="basis-full">
          <RuleChecklist svg={icon.svg} outcome={checks} />
        </div>
      ) : null}
    </>
  )
}
