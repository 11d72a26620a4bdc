// One version of an icon against the icon as it is now (issue 22, ADR 0407): side by side, or as
// an overlay (the two drawings on top of each other, each in its own colour, a slider fading from
// one to the other). "Restore this version" (icon:update) makes it current again as a new version,
// local-first (restoreIconVersion); teammates get it through the live stream.
import { appMessages } from '@common/messages.ts'
import { RotateCcw } from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { cn } from '../../../components/ui/cn.ts'
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx'
import type { IconVersion } from '../../../data/icon-history.ts'
import { restoreIconVersion } from '../../../data/icons.ts'
import { useNow } from '../../../lib/now.ts'
import { useTheme } from '../../../lib/theme.ts'
import { toast } from '../../../lib/toast.ts'
import type { LocalIcon } from '../../../local/db.ts'
import { ICON_INK, iconDataUri } from '../icon-image.ts'
import { relativeTime } from './history-text.ts'

type Mode = 'side' | 'overlay'
const MODES: { mode: Mode; label: string }[] = [
  { mode: 'side', label: 'Side by side' },
  { mode: 'overlay', label: 'Overlay' },
]
/** The overlay's two inks: the version in a warm red, now in the accent blue (told apart without the slider). */
const THEN_INK = '#e11d48'
const NOW_INK = '#2563eb'

interface VersionCompareDialogProps {
  icon: LocalIcon
  version: IconVersion | null
  canRestore: boolean
  who(userId: string | null): string
  onClose(): void
}

function Drawing({ svg, ink, label }: { svg: string; ink: string; label: string }) {
  return <img src={iconDataUri(svg, ink)} alt={label} className="size-full object-contain" />
}

export function VersionCompareDialog({ icon, version, canRestore, who, onClose }: VersionCompareDialogProps) {
  const now = useNow()
  const [mode, setMode] = useState<Mode>('side')
  const [fade, setFade] = useState(50)
  const [restoring, setRestoring] = useState(false)
  const ink = ICON_INK[useTheme()]
  const sliderId = useId()
  // Each version opens side by side, halfway faded.
  useEffect(() => {
    if (!version) return
    setMode('side')
    setFade(50)
  }, [version])
  if (!version) return null

  const same = version.svg === icon.svg && version.name === icon.name
  const current = version.version === icon.revision
  const restore = async () => {
    setRestoring(true)
    try {
      await restoreIconVersion(icon, version)
      toast(appMessages.iconVersionRestored(version.version), 'success')
      onClose()
    } catch {
      toast(appMessages.restoreIconFailed)
    } finally {
      setRestoring(false)
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={`Version ${version.version} of ${icon.name}`}
        description={`By ${who(version.user_id)}, ${relativeTime(version.created_at, now)}`}
        data-testid="version-compare"
      >
        <div className="flex flex-col gap-4">
          <fieldset className="flex gap-1 self-start rounded-lg border border-line p-0.5">
            <legend className="sr-only">Compare as</legend>
            {MODES.map((m) => (
              <button
                key={m.mode}
                type="button"
                aria-pressed={mode === m.mode}
                onClick={() => setMode(m.mode)}
                className={cn(
                  'rounded-md px-3 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-accent pointer-coarse:py-2.5',
                  mode === m.mode
                    ? 'bg-accent-solid text-accent-fg'
                    : 'text-muted hover:bg-surface hover:text-fg',
                )}
              >
                {m.label}
              </button>
            ))}
          </fieldset>

          {mode === 'side' ? (
            <div className="grid grid-cols-2 gap-3" data-testid="compare-side">
              {[
                { key: 'then', title: `v${version.version}`, name: version.name, svg: version.svg },
                { key: 'now', title: 'Now', name: icon.name, svg: icon.svg },
              ].map((pane) => (
                <figure key={pane.key} className="flex min-w-0 flex-col gap-2">
                  <div className="grid aspect-square place-items-center rounded-lg border border-line bg-bg p-[15%]">
                    <Drawing svg={pane.svg} ink={ink} label={`${pane.title}: ${pane.name}`} />
                  </div>
                  <figcaption className="truncate text-center text-sm">
                    <span className="font-medium text-fg">{pane.title}</span>{' '}
                    <span className="text-muted">{pane.name}</span>
                  </figcaption>
                </figure>
              ))}
            </div>
          ) : (
            <div className="flex flex-col gap-3" data-testid="compare-overlay">
              <div className="relative mx-auto aspect-square w-full max-w-64 rounded-lg border border-line bg-bg">
                <div className="absolute inset-[15%]" style={{ opacity: (100 - fade) / 100 }}>
                  <Drawing svg={version.svg} ink={THEN_INK} label={`v${version.version}: ${version.name}`} />
                </div>
                <div className="absolute inset-[15%]" style={{ opacity: fade / 100 }}>
                  <Drawing svg={icon.svg} ink={NOW_INK} label={`Now: ${icon.name}`} />
                </div>
              </div>
              <div className="flex items-center gap-3 text-sm">
                <span className="font-medium" style={{ color: THEN_INK }}>
                  v{version.version}
                </span>
                <input
                  id={sliderId}
                  type="range"
                  min={0}
                  max={100}
                  step={5}
                  value={fade}
                  onChange={(e) => setFade(Number(e.target.value))}
                  aria-label={`Fade from version ${version.version} to now`}
                  aria-valuetext={`${100 - fade}% version ${version.version}, ${fade}% now`}
                  className="h-8 flex-1 accent-accent"
                  data-testid="compare-fade"
                />
                <span className="font-medium" style={{ color: NOW_INK }}>
                  Now
                </span>
              </div>
            </div>
          )}

          {version.name !== icon.name ? (
            <p className="text-sm text-muted">
              Restoring also renames it back to <span className="text-fg">{version.name}</span>; {icon.name}{' '}
              stays an alias.
            </p>
          ) : null}
          <div className="flex flex-wrap items-center justify-end gap-2 border-t border-line pt-4">
            {current || same ? (
              <p className="mr-auto text-sm text-muted">
                {current ? 'This is the current version.' : 'This version looks exactly like the icon now.'}
              </p>
            ) : null}
            <Button variant="secondary" onClick={onClose}>
              Close
            </Button>
            {canRestore ? (
              <Button onClick={() => void restore()} disabled={restoring || current || same}>
                <RotateCcw className="size-4" aria-hidden /> Restore this version
              </Button>
            ) : null}
          </div>
        </div>
      </DialogContent>
    </Dialog>
  )
}
