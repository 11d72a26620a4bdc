// Rename an icon; a blank name is refused with 'Icon name is required' (docs/product.md §Validation).
import { appMessages, messages } from '@common/messages.ts'
import { type FormEvent, useEffect, useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { Field } from '../../../components/ui/field.tsx'
import { Input } from '../../../components/ui/input.tsx'
import { updateIcon } from '../../../data/icons.ts'
import { toast } from '../../../lib/toast.ts'
import type { LocalIcon } from '../../../local/db.ts'

export function RenameForm({ icon }: { icon: LocalIcon }) {
  const [name, setName] = useState(icon.name)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    setName(icon.name)
    setError(null)
  }, [icon.name])

  async function submit(event: FormEvent) {
    event.preventDefault()
    const next = name.trim()
    if (!next) return setError(messages.iconNameRequired)
    setError(null)
    if (next === icon.name) return
    try {
      await updateIcon(icon, { name: next })
      toast(appMessages.iconRenamed(next), 'success')
    } catch {
      toast(messages.updateIconFailed)
    }
  }

  return (
    <form onSubmit={submit} className="flex items-end gap-2" noValidate>
      <div className="flex-1">
        <Field label="Name" error={error}>
          <Input
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={200}
            autoComplete="off"
            data-testid="rename-input"
          />
        </Field>
      </div>
      <Button type="submit" variant="secondary" className={error ? 'mb-7' : undefined}>
        Rename
      </Button>
    </form>
  )
}
