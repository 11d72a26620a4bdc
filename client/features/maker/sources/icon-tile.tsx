// A square button showing an icon (a sanitized data-URI image) with its name as label.
import { useMemo } from 'react'
import { cn } from '../../../components/ui/cn.ts'
import { INK, previewUri } from '../preview/preview-uri.ts'

export function IconTile({
  svg,
  name,
  onPick,
  className,
}: {
  svg: string
  name: string
  onPick(): void
  className?: string
}) {
  const uri = useMemo(() => previewUri(svg, INK.light), [svg])
  return (
    <button
      type="button"
      title={name}
      aria-label={name}
      onClick={onPick}
      className={cn(
        'grid aspect-square place-items-center rounded-md border border-line bg-white p-2 hover:border-accent',
        'focus-visible:outline-2 focus-visible:outline-accent',
        className,
      )}
    >
      {uri ? <img src={uri} alt="" className="size-6" loading="lazy" /> : null}
    </button>
  )
}
