// Previous / next icon of the grid, without leaving the detail panel.
import { ChevronLeft, ChevronRight } from 'lucide-react'
import { Button } from '../../../components/ui/button.tsx'

interface StepButtonsProps {
  onStep: ((delta: -1 | 1) => void) | null
  position: { index: number; count: number } | null
}

export function StepButtons({ onStep, position }: StepButtonsProps) {
  if (!onStep || !position) return null
  return (
    <div className="-mt-2 flex items-center justify-between text-xs text-muted">
      <Button
        variant="ghost"
        size="sm"
        onClick={() => onStep(-1)}
        disabled={position.index <= 0}
        aria-label="Previous icon"
      >
        <ChevronLeft className="size-4" aria-hidden /> Previous
      </Button>
      <span className="tabular-nums" aria-live="polite">
        {position.index + 1} of {position.count}
      </span>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => onStep(1)}
        disabled={position.index >= position.count - 1}
        aria-label="Next icon"
      >
        Next <ChevronRight className="size-4" aria-hidden />
      </Button>
    </div>
  )
}
