// The three preview backgrounds as Tailwind classes.
import type { PreviewBackground } from './preview-uri.ts'

export const BACKGROUNDS: { id: PreviewBackground; label: string; className: string }[] = [
  { id: 'light', label: 'Light', className: 'bg-white' },
  { id: 'dark', label: 'Dark', className: 'bg-zinc-900' },
  {
    id: 'checkered',
    label: 'Checkered',
    className:
      'bg-white bg-[conic-gradient(#d4d4d8_25%,#fff_0_50%,#d4d4d8_0_75%,#fff_0)] bg-[length:12px_12px]',
  },
]
