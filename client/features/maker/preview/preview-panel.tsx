// Live preview: a large view on the chosen background with an optional pixel grid, and the icon
// at 16, 24, 32, 48 and 96 px on light, dark and checkered backgrounds.
import { Grid3x3 } from 'lucide-react'
import { useMemo, useState } from 'react'
import { cn } from '../../../components/ui/cn.ts'
import { Switch } from '../../../components/ui/switch.tsx'
import { BACKGROUNDS } from './backgrounds.ts'
import { gridUnits, INK, PREVIEW_SIZES, type PreviewBackground, previewUri } from './preview-uri.ts'

const LARGE = 288

export function PreviewPanel({ svg }: { svg: string }) {
  const [background, setBackground] = useState<PreviewBackground>('checkered')
  const [grid, setGrid] = useState(true)
  const uris = useMemo(
    () => Object.fromEntries(BACKGROUNDS.map((b) => [b.id, previewUri(svg, INK[b.id])])),
    [svg],
  ) as Record<PreviewBackground, string | null>
  const units = gridUnits(svg)
  const cell = LARGE / units
  const large = BACKGROUNDS.find((b) => b.id === background)!
  return (
    <section aria-label="Preview" className="flex flex-col gap-4" data-testid="maker-preview">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div role="radiogroup" aria-label="Preview background" className="flex gap-1">
          {BACKGROUNDS.map((b) => (
            // biome-ignore lint/a11y/useSemanticElements: a segmented control
            <button
              key={b.id}
              type="button"
              role="radio"
              aria-checked={b.id === background}
              onClick={() => setBackground(b.id)}
              className={cn(
                'rounded-md px-2.5 py-1 text-xs',
                b.id === background ? 'bg-accent-solid text-accent-fg' : 'text-muted hover:bg-surface',
              )}
            >
              {b.label}
            </button>
          ))}
        </div>
        <div className="flex items-center gap-2 text-xs text-muted">
          <Grid3x3 className="size-3.5" aria-hidden />
          <span aria-hidden>Pixel grid</span>
          <Switch checked={grid} onCheckedChange={setGrid} aria-label="Pixel grid" />
        </div>
      </div>
      <div
        className={cn('relative mx-auto overflow-hidden rounded-lg border border-line', large.className)}
        style={{ width: LARGE, height: LARGE }}
      >
        {uris[background] ? (
          <img src={uris[background]} alt="Icon preview" className="size-full" data-testid="preview-large" />
        ) : null}
        {grid ? (
          <div
            aria-hidden
            className="pointer-events-none absolute inset-0"
            style={{
              backgroundImage:
                'linear-gradient(to right, rgb(127 127 127 / 0.35) 1px, transparent 1px), linear-gradient(to bottom, rgb(127 127 127 / 0.35) 1px, transparent 1px)',
              backgroundSize: `${cell}px ${cell}px`,
            }}
          />
        ) : null}
      </div>
      <div className="grid gap-2" data-testid="preview-sizes">
        {BACKGROUNDS.map((b) => (
          <div
            key={b.id}
            className={cn('flex items-end gap-4 rounded-lg border border-line p-3', b.className)}
          >
            {PREVIEW_SIZES.map((size) =>
              uris[b.id] ? (
                <img
                  key={size}
                  src={uris[b.id]!}
                  alt={`${size} px on ${b.label.toLowerCase()}`}
                  width={size}
                  height={size}
                  style={{ width: size, height: size }}
                />
              ) : null,
            )}
          </div>
        ))}
      </div>
    </section>
  )
}
