// Workspace / project picker. Workspaces and projects arrive in a later issue; for now it offers
// the personal workspace and says honestly that there are no projects yet.
import { messages } from '@common/messages.ts'
import { Check, ChevronsUpDown, FolderOpen, User } from 'lucide-react'
import type { ReactNode } from 'react'
import { Button } from '../../components/ui/button.tsx'
import { Popover, PopoverContent, PopoverTrigger } from '../../components/ui/menu.tsx'
import { useMe } from '../../lib/me.ts'

const SOON = 'Arrives with workspaces and projects'

function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <section aria-label={title} className="py-1">
      <div className="flex items-center justify-between px-2 pb-1">
        <h2 className="text-xs font-medium tracking-wide text-muted uppercase">{title}</h2>
        {action}
      </div>
      {children}
    </section>
  )
}

function NewButton({ label }: { label: string }) {
  return (
    <Button variant="ghost" size="sm" disabled title={SOON} aria-label={label}>
      {messages.newItem}
    </Button>
  )
}

export function ProjectPicker() {
  const user = useMe()
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="ghost" size="sm" className="max-w-56 text-fg" data-testid="project-picker">
          <span className="truncate">{messages.selectProject}</span>
          <ChevronsUpDown className="size-3.5 text-muted" aria-hidden />
        </Button>
      </PopoverTrigger>
      <PopoverContent className="w-72">
        <Section
          title="Workspaces"
          action={user?.plan === 'gold' ? <NewButton label="New workspace" /> : null}
        >
          <div className="max-h-48 overflow-y-auto">
            <div
              aria-current="true"
              className="flex items-center gap-2 rounded-md bg-surface px-2 py-1.5 text-sm text-fg"
            >
              <User className="size-4 text-muted" aria-hidden />
              <span className="flex-1">{messages.personalWorkspace}</span>
              <Check className="size-4 text-accent" aria-hidden />
            </div>
          </div>
        </Section>
        <div className="my-1 h-px bg-line" />
        <Section title="Projects" action={<NewButton label="New project" />}>
          <div className="flex flex-col items-center gap-1 px-2 py-4 text-center">
            <FolderOpen className="size-5 text-muted" aria-hidden />
            <p className="text-sm text-fg">No projects yet</p>
            <p className="text-xs text-muted">Creating projects arrives in an upcoming release.</p>
          </div>
        </Section>
      </PopoverContent>
    </Popover>
  )
}
