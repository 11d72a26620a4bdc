// "Release…": the version suggested from the changes since the latest release (editable upward
// only, ADR 0017), optional notes, and the changes the release will list.
import { exportMessages } from '@common/messages.ts'
import { compareVersions, parseVersion } from '@common/release-version.ts'
import { MAX_RELEASE_NOTES } from '@common/schemas/releases.ts'
import { Loader2, Tag } from 'lucide-react'
import { type FormEvent, type ReactNode, useEffect, useState } from 'react'
import { Button } from '../../components/ui/button.tsx'
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx'
import { Field } from '../../components/ui/field.tsx'
import { Input } from '../../components/ui/input.tsx'
import { Textarea } from '../../components/ui/textarea.tsx'
import { ReleaseChangesList } from './release-changes.tsx'
import { useReleasePreview, useReleaseProject } from './use-releases.ts'

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error))

/** Why a typed version cannot be released, or null. */
function versionProblem(version: string, suggested: string): string | null {
  if (!parseVersion(version)) return exportMessages.releaseVersionInvalid
  if (compareVersions(version, suggested) < 0) return exportMessages.releaseVersionTooLow(suggested)
  return null
}

interface ReleaseDialogProps {
  projectId: string
  projectName: string
  open: boolean
  onOpenChange: (open: boolean) => void
}

export function ReleaseDialog({ projectId, projectName, open, onOpenChange }: ReleaseDialogProps) {
  const preview = useReleasePreview(projectId, open)
  const release = useReleaseProject(projectId)
  const [version, setVersion] = useState('')
  const [notes, setNotes] = useState('')
  const suggested = preview.data?.suggested ?? null

  useEffect(() => {
    if (open && suggested) setVersion(suggested)
  }, [open, suggested])
  useEffect(() => {
    if (!open) {
      setNotes('')
      release.reset()
    }
  }, [open, release.reset])

  const problem = suggested ? versionProblem(version.trim(), suggested) : null
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!suggested || problem) return
    release.mutate({ version: version.trim(), notes }, { onSuccess: () => onOpenChange(false) })
  }

  let body: ReactNode
  // A preview from before (the dialog was open already) is not shown while the fresh one loads.
  if (preview.isPending || preview.isFetching) {
    body = (
      <p role="status" className="flex items-center gap-2 text-sm text-muted">
        <Loader2 className="size-4 animate-spin" aria-hidden /> Loading the changes…
      </p>
    )
  } else if (preview.isError) {
    body = (
      <div role="alert" className="flex flex-col items-start gap-2 text-sm text-danger">
        <p>{errorText(preview.error)}</p>
        <Button variant="secondary" size="sm" onClick={() => void preview.refetch()}>
          Try again
        </Button>
      </div>
    )
  } else if (!suggested) {
    body = (
      <p role="status" className="text-sm text-muted" data-testid="release-nothing">
        {exportMessages.nothingChanged(preview.data.latest ?? '')}
      </p>
    )
  } else {
    body = (
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <Field
          label="Version"
          hint={`Suggested from the changes: ${suggested}. You may choose a higher one.`}
          error={problem}
        >
          <Input
            value={version}
            onChange={(e) => setVersion(e.target.value)}
            inputMode="decimal"
            autoComplete="off"
            spellCheck={false}
            data-testid="release-version"
          />
        </Field>
        <Field label="Notes (optional)">
          <Textarea
            value={notes}
            onChange={(e) => setNotes(e.target.value)}
            rows={3}
            maxLength={MAX_RELEASE_NOTES}
            data-testid="release-notes"
          />
        </Field>
        <section aria-labelledby="release-changes-title" className="flex flex-col gap-2">
          <h3 id="release-changes-title" className="text-sm font-semibold text-fg">
            {preview.data.latest ? `Changes since ${preview.data.latest}` : 'First release: every icon'}
          </h3>
          <div className="max-h-72 overflow-y-auto rounded-lg border border-line p-3">
            <ReleaseChangesList changes={preview.data.changes} />
          </div>
        </section>
        {release.isError ? (
          <p role="alert" className="text-sm text-danger">
            {errorText(release.error)}
          </p>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="ghost" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={release.isPending || !!problem} data-testid="release-submit">
            {release.isPending ? (
              <Loader2 className="size-4 animate-spin" aria-hidden />
            ) : (
              <Tag className="size-4" aria-hidden />
            )}
            Release {parseVersion(version.trim()) ? version.trim() : ''}
          </Button>
        </div>
      </form>
    )
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={`Release ${projectName}`} data-testid="release-dialog">
        {body}
      </DialogContent>
    </Dialog>
  )
}
