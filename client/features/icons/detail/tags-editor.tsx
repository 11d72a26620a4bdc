// The icon's tags in the detail panel: chips, each with its remove button; Enter or a
// comma adds what was typed (trimmed, lower case, once: common/icon-meaning.ts), Backspace in the
// empty field removes the last. Each change is saved at once through the data layer (local first,
// queued offline, live to teammates) and said to screen readers. Viewers read the tags only.
import { MAX_TAG_LENGTH, MAX_TAGS, normalTag, normalTags } from '@common/icon-meaning.ts'
import { meaningMessages as m } from '@common/messages.ts'
import { Tag, X } from 'lucide-react'
import { type KeyboardEvent, useState } from 'react'
import { Field } from '../../../components/ui/field.tsx'
import { Input } from '../../../components/ui/input.tsx'
import { updateIcon } from '../../../data/icons.ts'
import type { LocalIcon } from '../../../local/db.ts'

function Chips({ tags, onRemove }: { tags: readonly string[]; onRemove?: (tag: string) => void }) {
  if (!tags.length) return <p className="text-sm text-muted">{m.noTags}</p>
  return (
    <ul aria-label={m.tags} className="flex flex-wrap gap-1.5" data-testid="tag-list">
      {tags.map((tag) => (
        <li
          key={tag}
          className="flex items-center gap-1 rounded-full border border-line bg-surface py-0.5 pr-1 pl-2.5 text-sm text-fg"
        >
          {tag}
          {onRemove ? (
            <button
              type="button"
              aria-label={m.removeTag(tag)}
              onClick={() => onRemove(tag)}
              className="grid size-6 place-items-center rounded-full text-muted hover:bg-raised hover:text-fg focus-visible:outline-2 focus-visible:outline-accent"
            >
              <X className="size-3.5" aria-hidden />
            </button>
          ) : null}
        </li>
      ))}
    </ul>
  )
}

export function TagsEditor({ icon, canUpdate }: { icon: LocalIcon; canUpdate: boolean }) {
  const [text, setText] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [said, setSaid] = useState('')
  // Each change is built on the tags as the local database holds them when it is queued (not on
  // what this render showed): quick changes in a row build on each other, and a list the view had
  // not caught up with, or an older row passing through it, can never drop a tag added a moment ago.
  const add = async (raw: string) => {
    const typed = raw.split(',').map(normalTag).filter(Boolean)
    if (!typed.length) return
    if (typed.some((t) => t.length > MAX_TAG_LENGTH)) return setError(m.tagTooLong)
    if (normalTags([...icon.tags, ...typed]).length > MAX_TAGS) return setError(m.tooManyTags)
    setError(null)
    setText('')
    let tooMany = false
    const added = await updateIcon(icon, (current) => {
      const next = normalTags([...current.tags, ...typed])
      tooMany = next.length > MAX_TAGS
      return tooMany || next.length === current.tags.length ? null : { tags: next }
    })
    if (tooMany) setError(m.tooManyTags)
    if (added) setSaid(typed.map(m.tagAdded).join('. '))
  }
  /** Removes `tag`, or the last tag when none is named (Backspace in the empty field). */
  const remove = async (tag?: string) => {
    let removed = tag
    const done = await updateIcon(icon, (current) => {
      removed ??= current.tags.at(-1)
      return removed && current.tags.includes(removed)
        ? { tags: current.tags.filter((t) => t !== removed) }
        : null
    })
    if (done && removed) setSaid(m.tagRemoved(removed))
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault()
      void add(text)
    } else if (event.key === 'Backspace' && text === '' && icon.tags.length) {
      event.preventDefault()
      void remove()
    }
  }

  return (
    <section aria-label={m.tags} className="flex flex-col gap-2" data-testid="tags-section">
      <h3 className="flex items-center gap-1.5 text-sm font-medium text-fg">
        <Tag className="size-3.5" aria-hidden /> {m.tags}
      </h3>
      <Chips tags={icon.tags} onRemove={canUpdate ? (tag) => void remove(tag) : undefined} />
      {canUpdate ? (
        <Field label={m.addTag} hint={m.tagHint} error={error}>
          <Input
            value={text}
            onChange={(e) => {
              // A pasted "a, b, c": all but what follows the last comma go in at once.
              const value = e.target.value
              const cut = value.lastIndexOf(',')
              if (cut < 0) return setText(value)
              void add(value.slice(0, cut))
              setText(value.slice(cut + 1))
            }}
            onKeyDown={onKeyDown}
            onBlur={() => void add(text)}
            autoComplete="off"
            enterKeyHint="done"
            data-testid="tag-input"
          />
        </Field>
      ) : null}
      <p role="status" className="sr-only">
        {said}
      </p>
    </section>
  )
}
