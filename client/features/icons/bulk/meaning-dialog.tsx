// Tags and accessibility of the selected icons at once: tags typed once (separated by
// commas) added to or removed from every one, and all marked decorative or not. Local first and
// queued like every bulk change (bulk-actions.ts).
import { meaningMessages as m } from '@common/messages.ts'
import { Eye, EyeOff, Minus, Plus } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx'
import { Field } from '../../../components/ui/field.tsx'
import { Input } from '../../../components/ui/input.tsx'
import type { ShownIcon } from '../../../data/icon-svgs.ts'
import { iconCount } from '../vault-view.ts'
import { markSelectedDecorative, tagSelected } from './bulk-actions.ts'

interface MeaningDialogProps {
  icons: readonly ShownIcon[]
  open: boolean
  onOpenChange(open: boolean): void
}

export function MeaningDialog({ icons, open, onOpenChange }: MeaningDialogProps) {
  const [text, setText] = useState('')
  const tags = text
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean)
  const done = () => {
    setText('')
    onOpenChange(false)
  }
  const tag = async (add: boolean) => {
    if (!tags.length) return
    await tagSelected(icons, tags, add)
    done()
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    void tag(true)
  }
  const mark = async (decorative: boolean) => {
    await markSelectedDecorative(icons, decorative)
    done()
  }
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={m.bulkMeaningTitle(iconCount(icons.length))} data-testid="bulk-meaning">
        <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
          <Field label={m.bulkTags}>
            <Input
              value={text}
              onChange={(e) => setText(e.target.value)}
              autoComplete="off"
              data-testid="bulk-tags"
            />
          </Field>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="secondary" disabled={!tags.length}>
              <Plus className="size-4" aria-hidden /> {m.addTags}
            </Button>
            <Button type="button" variant="secondary" disabled={!tags.length} onClick={() => void tag(false)}>
              <Minus className="size-4" aria-hidden /> {m.removeTags}
            </Button>
          </div>
        </form>
        <div className="mt-4 flex flex-wrap gap-2 border-t border-line pt-4">
          <Button variant="secondary" onClick={() => void mark(true)}>
            <EyeOff className="size-4" aria-hidden /> {m.markDecorative}
          </Button>
          <Button variant="secondary" onClick={() => void mark(false)}>
            <Eye className="size-4" aria-hidden /> {m.markLabelled}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  )
}
