// A new icon seen as it will be used (ADR 0413): at 16, 24 and 32 px, on light and on dark, in a
// row with up to four other icons of its project, so that weight, size and style can be judged
// against its neighbours rather than alone. Every drawing is an <img> of its data URI.
import { reviewMessages } from '@common/messages.ts'
import type { IconRow } from '@common/schemas/rows.ts'
import { useContextIcons } from '../../data/reviews.ts'
import { ICON_INK, iconDataUri } from '../../lib/icon-image.ts'
import { cn } from '../ui/cn.ts'

const SIZES = [16, 24, 32] as const
const THEMES = [
  { theme: 'light', className: 'bg-white', ink: ICON_INK.light, ring: 'outline-zinc-400' },
  { theme: 'dark', className: 'bg-[#0c0c0f]', ink: ICON_INK.dark, ring: 'outline-zinc-500' },
] as const

export function ContextPreview({ icon }: { icon: IconRow }) {
  const others = useContextIcons(icon)
  // The icon in the middle of its neighbours.
  const half = Math.ceil(others.length / 2)
  const row = [...others.slice(0, half), icon, ...others.slice(half)]
  return (
    <section className="flex flex-col gap-2" data-testid="context-preview">
      <p className="text-sm text-muted">{reviewMessages.newIcon}</p>
      <div className="grid grid-cols-2 overflow-hidden rounded-lg border border-line">
        {THEMES.map((t) => (
          <div key={t.theme} className={cn('flex flex-col gap-3 p-3', t.className)}>
            {SIZES.map((size) => (
              <div
                key={size}
                className="flex items-center gap-2"
                role="img"
                aria-label={reviewMessages.inContext(size, t.theme)}
                data-testid={`context-${t.theme}-${size}`}
              >
                {row.map((r) => (
                  <img
                    key={r.id}
                    src={iconDataUri(r.svg, t.ink)}
                    alt=""
                    width={size}
                    height={size}
                    style={{ width: size, height: size }}
                    className={cn(
                      'shrink-0',
                      r.id === icon.id && `rounded-sm outline-1 outline-offset-2 ${t.ring}`,
                    )}
                  />
                ))}
              </div>
            ))}
          </div>
        ))}
      </div>
    </section>
  )
}
