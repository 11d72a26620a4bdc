// The top bar's tabs; a selected project id travels with them.
import { useSearch } from '@tanstack/react-router'
import { Info, Shapes, WandSparkles } from 'lucide-react'

export const NAV_ITEMS = [
  { to: '/icons', label: 'Icons', icon: Shapes },
  { to: '/maker', label: 'Maker', icon: WandSparkles },
  { to: '/info', label: 'Info', icon: Info },
] as const

export function useProjectSearch(): { projectId?: string } {
  const projectId = useSearch({ strict: false, select: (s) => s.projectId })
  return projectId ? { projectId } : {}
}
