// The dialogs shared by projects and workspaces: "Create New …" asks for a name (a blank name,
// after trimming, does nothing, visibly: the button is disabled meanwhile); "… Settings" edits a row shown while it is set and ends with a
// Delete button confirmed in a second dialog, and Save Changes.
import { messages } from '@common/messages.ts'
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react'
import { Button } from '../ui/button.tsx'
import { ConfirmDialog } from '../ui/confirm-dialog.tsx'
import { Dialog, DialogContent } from '../ui/dialog.tsx'
import { Field } from '../ui/field.tsx'
import { Input } from '../ui/input.tsx'

const NAME_MAX_LENGTH = 200

export function NameField(props: {
  label: string
  value: string
  onChange(value: string): void
  autoFocus?: boolean
}) {
  return (
    <Field label={props.label}>
      <Input
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        maxLength={NAME_MAX_LENGTH}
        autoComplete="off"
        autoFocus={props.autoFocus}
      />
    </Field>
  )
}

interface CreateByNameDialogProps {
  title: string
  label: string
  testId: string
  open: boolean
  onOpenChange: (open: boolean) => void
  onCloseAutoFocus?: (event: Event) => void
  pending: boolean
  /** Called with a name that is not blank; `done` clears the field and closes the dialog. */
  onCreate: (name: string, done: () => void) => void
}

export function CreateByNameDialog(props: CreateByNameDialogProps) {
  const [name, setName] = useState('')
  // A second submit before `pending` is rendered (a double click, Enter twice in one frame) is dropped.
  const submitting = useRef(false)
  const { pending, open } = props
  useEffect(() => {
    // Free again once the create settled, or the dialog closed (done) or opened anew.
    if (!pending || !open) submitting.current = false
  }, [pending, open])

  function submit(event: FormEvent) {
    event.preventDefault()
    if (!name.trim() || submitting.current || props.pending) return
    submitting.current = true
    props.onCreate(name, () => {
      setName('')
      props.onOpenChange(false)
    })
  }

  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent title={props.title} onCloseAutoFocus={props.onCloseAutoFocus} data-testid={props.testId}>
        <form onSubmit={submit} className="flex flex-col gap-5">
          <NameField label={props.label} value={name} onChange={setName} autoFocus />
          <div className="flex justify-end">
            <Button type="submit" disabled={props.pending || !name.trim()}>
              Create
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  )
}

interface SettingsDialogProps<T> {
  /** The row being edited; null closes the dialog. */
  subject: T | null
  title: string
  testId: string
  onOpenChange: (open: boolean) => void
  onCloseAutoFocus?: (event: Event) => void
  /** The form, given the row and a callback that closes the dialog. */
  children: (subject: T, done: () => void) => ReactNode
}

export function SettingsDialog<T>(props: SettingsDialogProps<T>) {
  return (
    <Dialog open={props.subject !== null} onOpenChange={props.onOpenChange}>
      <DialogContent title={props.title} onCloseAutoFocus={props.onCloseAutoFocus} data-testid={props.testId}>
        {props.subject !== null ? props.children(props.subject, () => props.onOpenChange(false)) : null}
      </DialogContent>
    </Dialog>
  )
}

interface SettingsActionsProps {
  deleteLabel: string
  /** What the confirmation says will be lost. */
  deleteDescription: string
  onDelete: () => void
  saving: boolean
  /** The name is blank: saving would do nothing, so the button says so by being disabled. */
  blank?: boolean
}

/** Delete (after a confirmation) and Save Changes, at the foot of a settings form. */
export function SettingsActions({
  deleteLabel,
  deleteDescription,
  onDelete,
  saving,
  blank = false,
}: SettingsActionsProps) {
  const [confirming, setConfirming] = useState(false)
  return (
    <>
      <div className="flex items-center justify-between gap-2">
        <Button type="button" variant="danger" onClick={() => setConfirming(true)}>
          {deleteLabel}
        </Button>
        <Button type="submit" disabled={saving || blank}>
          {messages.saveChanges}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`${deleteLabel}?`}
        description={deleteDescription}
        confirmLabel={deleteLabel}
        onConfirm={onDelete}
      />
    </>
  )
}
