// A labelled form field with an optional hint or error, wired for screen readers.
import { cloneElement, type ReactElement, useId } from 'react'
import { Label } from './input.tsx'

interface FieldProps {
  label: string
  error?: string | null
  hint?: string
  /** The control; it receives id, aria-invalid and aria-describedby. */
  children: ReactElement<{ id?: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string }>
}

export function Field({ label, error, hint, children }: FieldProps) {
  const id = useId()
  const noteId = `${id}-note`
  const note = error ?? hint
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {cloneElement(children, {
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': note ? noteId : undefined,
      })}
      {note ? (
        <p
          id={noteId}
          role={error ? 'alert' : undefined}
          className={error ? 'text-sm text-danger' : 'text-xs text-muted'}
        >
          {note}
        </p>
      ) : null}
    </div>
  )
}
