// The header's tabs from the md breakpoint up (Icons, Maker, Info); the open project's id goes along.
import { Link } from '@tanstack/react-router'
import { useProjectSearch } from '../data/use-current.ts'
import { NAV_ITEMS } from './nav-items.ts'

export function NavTabs() {
  const search = useProjectSearch()
  return (
    <nav aria-label="Main" className="hidden h-full items-center gap-1 md:flex">
      {NAV_ITEMS.map(({ to, label, icon: Icon }) => (
        <Link
          key={to}
          to={to}
          search={search}
          className="relative flex h-8 items-center gap-1.5 rounded-md px-2.5 text-sm text-muted transition-colors hover:bg-surface hover:text-fg focus-visible:outline-2 focus-visible:outline-accent"
          activeProps={{ className: 'bg-surface !text-fg font-medium', 'aria-current': 'page' }}
        >
          <Icon className="size-4" aria-hidden />
          {label}
        </Link>
      ))}
    </nav>
  )
}
