// One version of an icon against the icon as it is now (ADR 0407): side by side, or as
// an overlay (the two drawings on top of each other, each in its own colour, a slider fading from
// one to the other; components/review/drawing-compare.tsx, shared with the review's diff). "Restore this version" (icon:update) makes it current again as a new version,
// local-first (restoreIconVersion); teammates get it through the live stream.
import { appMessages } from '@common/messages.ts'
import { RotateCcw } from 'lucide-react'
import { useState } from 'react'
import { DrawingCompare } from '../../../components/review/drawing-compare.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx'
import type { IconVersion } from '../../../data/icon-history.ts'
import { restoreIconVersion } from '../../../data/icons.ts'
import { useNow } from '../../../lib/now.ts'
import { toast } from '../../../lib/toast.ts'
import type { LocalIcon } from '../../../local/db.ts'
import { relativeTime } from './history-text.ts'

interface VersionCompareDialogProps {
  icon: LocalIcon
  version: IconVersion | null
  canRestore: boolean
  who(userId: string | null): string
  onClose(): void
}

export function VersionCompareDialog({ icon, version, canRestore, who, onClose }: VersionCompareDialogProps) {
  const now = useNow()
  const [restoring, setRestoring] = useState(false)
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
          {/* Each version opens side by side, halfway faded. */}
          <DrawingCompare
            key={version.version}
            then={{
              svg: version.svg,
              title: `v${version.version}`,
              detail: version.name,
              alt: `v${version.version}: ${version.name}`,
            }}
            now={{ svg: icon.svg, title: 'Now', detail: icon.name, alt: `Now: ${icon.name}` }}
            fadeLabel={`Fade from version ${version.version} to now`}
            fadeText={(fade) => `${100 - fade}% version ${version.version}, ${fade}% now`}
            testIds="compare"
          />

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
