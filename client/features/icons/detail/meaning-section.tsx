// The icon's "Accessibility" in the detail panel (ADR 0106): its label, description and
// whether it is decorative, which every copy and export emits. Saved through the data layer like a
// rename (local first, queued offline, synced and live to teammates). Viewers read it only.
import { labelFromName, MAX_DESCRIPTION_LENGTH, MAX_LABEL_LENGTH } from '@common/icon-meaning.ts'
import { meaningMessages as m } from '@common/messages.ts'
import { Accessibility } from 'lucide-react'
import { type FormEvent, useEffect, useId, useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { Field } from '../../../components/ui/field.tsx'
import { Input, Label } from '../../../components/ui/input.tsx'
import { Switch } from '../../../components/ui/switch.tsx'
import { Textarea } from '../../../components/ui/textarea.tsx'
import { updateIcon } from '../../../data/icons.ts'
import { toast } from '../../../lib/toast.ts'
import type { LocalIcon } from '../../../local/db.ts'

function Heading() {
  return (
    <h3 className="flex items-center gap-1.5 text-sm font-medium text-fg">
      <Accessibility className="size-3.5" aria-hidden /> {m.accessibility}
    </h3>
  )
}

/** What a viewer sees: the meaning as text. */
function ReadOnly({ icon }: { icon: LocalIcon }) {
  return (
    <section aria-label={m.accessibility} className="flex flex-col gap-2" data-testid="meaning-section">
      <Heading />
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted">{m.label}</dt>
        <dd className="text-fg">{icon.label || m.noLabel}</dd>
        {icon.description ? (
          <>
            <dt className="text-muted">{m.description}</dt>
            <dd className="whitespace-pre-line text-fg">{icon.description}</dd>
          </>
        ) : null}
        <dt className="text-muted">{m.decorative}</dt>
        <dd className="text-fg">{icon.decorative ? 'Yes' : 'No'}</dd>
      </dl>
    </section>
  )
}

export function MeaningSection({ icon, canUpdate }: { icon: LocalIcon; canUpdate: boolean }) {
  const [label, setLabel] = useState(icon.label)
  const [description, setDescription] = useState(icon.description)
  const [decorative, setDecorative] = useState(icon.decorative)
  const switchId = useId()
  // Another icon, or a teammate's change arriving: the form shows what is stored.
  useEffect(() => {
    setLabel(icon.label)
    setDescription(icon.description)
    setDecorative(icon.decorative)
  }, [icon.label, icon.description, icon.decorative])
  if (!canUpdate) return <ReadOnly icon={icon} />

  const changed =
    label.trim() !== icon.label || description.trim() !== icon.description || decorative !== icon.decorative
  async function submit(event: FormEvent) {
    event.preventDefault()
    if (!changed) return
    await updateIcon(icon, { label: label.trim(), description: description.trim(), decorative })
    toast(m.accessibilitySaved, 'success')
  }

  return (
    <section aria-label={m.accessibility} data-testid="meaning-section">
      <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
        <Heading />
        <Field label={m.label} hint={m.labelHint}>
          <Input
            value={label}
            onChange={(e) => setLabel(e.target.value)}
            maxLength={MAX_LABEL_LENGTH}
            placeholder={labelFromName(icon.name)}
            autoComplete="off"
            data-testid="meaning-label"
          />
        </Field>
        <Field label={m.description}>
          <Textarea
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            maxLength={MAX_DESCRIPTION_LENGTH}
            rows={2}
            data-testid="meaning-description"
          />
        </Field>
        <div className="flex min-h-11 items-center gap-3">
          <Switch
            id={switchId}
            checked={decorative}
            onCheckedChange={setDecorative}
            data-testid="meaning-decorative"
          />
          <Label htmlFor={switchId}>{m.decorative}</Label>
        </div>
        <Button type="submit" variant="secondary" className="self-start" disabled={!changed}>
          {m.saveAccessibility}
        </Button>
      </form>
    </section>
  )
}
