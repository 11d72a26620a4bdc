// The top bar's tabs; a selected project id travels with them (useProjectSearch, data/use-current.ts).
import { Info, Shapes, WandSparkles } from 'lucide-react'

export const NAV_ITEMS = [
  { to: '/icons', label: 'Icons', icon: Shapes },
  { to: '/maker', label: 'Maker', icon: WandSparkles },
  { to: '/info', label: 'Info', icon: Info },
] as const
