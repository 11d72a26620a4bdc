// What changed since approval (ADR 0413): the approved revision's drawing against the icon's drawing
// now, side by side or overlaid (drawing-compare.tsx, shared with the version history's compare)
// or as the pixels that differ (both rasterised to a canvas, lib/pixel-diff.ts). A new icon (never
// approved) is shown in context instead (context-preview.tsx). Drawings are <img> of data URIs.
import { reviewMessages } from '@common/messages.ts'
import type { IconRow } from '@common/schemas/rows.ts'
import { useEffect, useRef, useState } from 'react'
import { useApprovedDrawing } from '../../data/reviews.ts'
import { ICON_INK } from '../../lib/icon-image.ts'
import { pixelDiff, rasterise } from '../../lib/pixel-diff.ts'
import { ContextPreview } from './context-preview.tsx'
import { type CompareMode, DrawingCompare, NOW_INK, THEN_INK } from './drawing-compare.tsx'

/** The pixel view's raster: fine enough to see a half-unit change on a 24 grid. */
const RASTER = 192

function PixelView({ before, after }: { before: string; after: string }) {
  const canvas = useRef<HTMLCanvasElement>(null)
  const [counts, setCounts] = useState<{ changed: number; drawn: number } | null>(null)
  useEffect(() => {
    let live = true
    void (async () => {
      const [a, b] = await Promise.all([
        rasterise(before, RASTER, ICON_INK.light),
        rasterise(after, RASTER, ICON_INK.light),
      ])
      if (!live || !canvas.current) return
      const diff = pixelDiff(a, b, RASTER, RASTER)
      canvas.current.getContext('2d')?.putImageData(new ImageData(diff.image, RASTER, RASTER), 0, 0)
      setCounts({ changed: diff.changed, drawn: diff.drawn })
    })()
    return () => {
      live = false
    }
  }, [before, after])
  return (
    <figure className="flex flex-col items-center gap-2" data-testid="diff-pixels">
      <div className="aspect-square w-full max-w-64 rounded-lg border border-line bg-bg p-[6%]">
        <canvas
          ref={canvas}
          width={RASTER}
          height={RASTER}
          className="size-full [image-rendering:pixelated]"
          role="img"
          aria-label={
            counts ? reviewMessages.pixelsDiffer(counts.changed, counts.drawn) : reviewMessages.diffPixels
          }
          data-changed={counts?.changed}
        />
      </div>
      <figcaption className="flex flex-wrap justify-center gap-x-3 text-xs text-muted" aria-live="polite">
        <span>{counts ? reviewMessages.pixelsDiffer(counts.changed, counts.drawn) : '…'}</span>
        <span style={{ color: THEN_INK }}>■ removed</span>
        <span style={{ color: NOW_INK }}>■ added</span>
      </figcaption>
    </figure>
  )
}

export function DrawingDiff({ icon }: { icon: IconRow }) {
  const approved = useApprovedDrawing(icon)
  const [mode, setMode] = useState<CompareMode>('side')
  if (approved.approved === null) return <ContextPreview icon={icon} />
  if (approved.loading) return <p className="text-sm text-muted">{reviewMessages.diffLoading}</p>
  if (!approved.svg) return <p className="text-sm text-muted">{reviewMessages.diffUnavailable}</p>
  if (approved.svg === icon.svg)
    return <p className="text-sm text-muted">{reviewMessages.drawingUnchanged}</p>
  const thenLabel = reviewMessages.diffApproved(approved.approved)

  return (
    <section
      className="flex flex-col gap-3"
      data-testid="drawing-diff"
      data-mode={mode === 'extra' ? 'pixels' : mode}
    >
      <DrawingCompare
        then={{ svg: approved.svg, title: `v${approved.approved}`, alt: thenLabel }}
        now={{ svg: icon.svg, title: reviewMessages.diffNow, alt: reviewMessages.diffNow }}
        fadeLabel={reviewMessages.diffFade}
        fadeText={(fade) => `${100 - fade}% approved, ${fade}% now`}
        extra={{
          label: reviewMessages.diffPixels,
          view: <PixelView before={approved.svg} after={icon.svg} />,
        }}
        testIds="diff"
        onModeChange={setMode}
      />
    </section>
  )
}
