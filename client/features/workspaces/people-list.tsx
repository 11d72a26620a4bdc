// The people of a workspace in Manage Workspace: e-mail, role (editable but for the owner), remove.
import { ASSIGNABLE_ROLES, type AssignableRole } from '@common/permissions.ts'
import { Trash2 } from 'lucide-react'
import { useState } from 'react'
import { Button } from '../../components/ui/button.tsx'
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx'
import { Select } from '../../components/ui/select.tsx'
import { useAccessUsers, useRemoveAccess, useUpdateAccessRole } from '../../data/access.ts'
import type { LocalWorkspace, LocalWorkspaceAccess } from '../../local/db.ts'

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)
export const ROLE_OPTIONS = ASSIGNABLE_ROLES.map((role) => ({ value: role, label: capitalize(role) }))

export function PeopleList({ workspace, userId }: { workspace: LocalWorkspace; userId: string }) {
  const people = useAccessUsers(workspace.id)
  const updateRole = useUpdateAccessRole()
  const remove = useRemoveAccess()
  const [removing, setRemoving] = useState<LocalWorkspaceAccess | null>(null)

  if (!people) return <p className="text-sm text-muted">Loading people…</p>
  return (
    <>
      <ul
        className="flex max-h-72 flex-col divide-y divide-line overflow-y-auto rounded-lg border border-line"
        data-testid="people-list"
      >
        {people.map((person) => (
          // On a phone the address takes its own line and wraps, whole; wider, it truncates (title: whole).
          <li
            key={person.id}
            className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2"
            data-testid="person"
          >
            <span
              className="min-w-0 basis-full text-sm text-fg [overflow-wrap:anywhere] sm:flex-1 sm:basis-0 sm:truncate"
              title={person.email}
              data-testid="person-email"
            >
              {person.email}
              {person.user_id === userId ? <span className="ml-1.5 text-xs text-muted">(you)</span> : null}
            </span>
            {person.role === 'owner' ? (
              <span className="ml-auto w-28 px-3 text-sm text-muted sm:ml-0">Owner</span>
            ) : (
              <>
                <Select
                  value={person.role as AssignableRole}
                  options={ROLE_OPTIONS}
                  aria-label={`Role of ${person.email}`}
                  className="ml-auto w-28 sm:ml-0"
                  onValueChange={(role) => updateRole.mutate({ workspace, person, role })}
                />
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove ${person.email}`}
                  title="Remove from workspace"
                  onClick={() => setRemoving(person)}
                >
                  <Trash2 className="size-4" aria-hidden />
                </Button>
              </>
            )}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remove from workspace?"
        description={`${removing?.email ?? ''} loses access to "${workspace.name}" and its projects.`}
        confirmLabel="Remove"
        onConfirm={() => removing && remove.mutate({ workspace, person: removing })}
      />
    </>
  )
}
