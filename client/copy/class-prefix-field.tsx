// The CSS class prefix of a project, edited where CSS is chosen: the Copy Format panel and the
// exports on /info (ADR 0105). Saved for the project in this browser as soon as it is valid; an
// invalid one is said at once and not used. Empty: no prefix.
import { isClassPrefix } from '@common/exports/class-prefix.ts'
import { exportMessages } from '@common/messages.ts'
import { useEffect, useId, useState } from 'react'
import { Input, Label } from '../components/ui/input.tsx'
import { useClassPrefix } from './class-prefix-store.ts'

export function ClassPrefixField({ project }: { project: { id: string; name: string } }) {
  const [prefix, setPrefix] = useClassPrefix(project)
  const [draft, setDraft] = useState(prefix)
  const id = useId()
  // Another tab (or the other field) changed it: show the new one.
  useEffect(() => setDraft(prefix), [prefix])
  const valid = isClassPrefix(draft)
  return (
    <div className="flex flex-col gap-1" data-testid="class-prefix">
      <Label htmlFor={id} className="text-xs">
        CSS class prefix
      </Label>
      <Input
        id={id}
        value={draft}
        spellCheck={false}
        autoCapitalize="off"
        autoComplete="off"
        maxLength={40}
        aria-invalid={!valid}
        aria-describedby={`${id}-hint`}
        className="h-9 font-mono"
        onChange={(event) => {
          const value = event.target.value.trim()
          setDraft(value)
          if (isClassPrefix(value)) setPrefix(value)
        }}
      />
      <p
        id={`${id}-hint`}
        className={valid ? 'text-xs text-muted' : 'text-xs text-danger'}
        aria-live="polite"
      >
        {valid ? exportMessages.classPrefixExample(prefix, project.name) : exportMessages.classPrefixInvalid}
      </p>
    </div>
  )
}
