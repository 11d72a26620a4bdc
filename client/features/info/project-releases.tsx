// The project's releases on /info (ADR 0017): the latest, "Release…" for those who may release
// (owners and admins; the owner in personal mode: the one permission table), and every release
// with its notes and changelog, newest first.
import { countOf } from '@common/format-count.ts'
import { appMessages, exportMessages } from '@common/messages.ts'
import { can, type Role } from '@common/permissions.ts'
import type { Release } from '@common/schemas/releases.ts'
import type { UseQueryResult } from '@tanstack/react-query'
import { ChevronRight, Loader2, Tag } from 'lucide-react'
import { useState } from 'react'
import { Button } from '../../components/ui/button.tsx'
import { useOffline } from '../../data/icon-history.ts'
import { changeCount, ReleaseChangesList } from './release-changes.tsx'
import { ReleaseDialog } from './release-dialog.tsx'

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' })

interface ProjectReleasesProps {
  projectId: string
  projectName: string
  role: Role | 'personal' | null
  releases: UseQueryResult<Release[]>
}

function ReleaseEntry({ release, open }: { release: Release; open: boolean }) {
  const count = changeCount(release.changes)
  return (
    <li className="rounded-lg border border-line" data-testid="release-entry">
      <details open={open} className="group">
        <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-lg px-3 py-2 focus-visible:outline-2 focus-visible:outline-accent [&::-webkit-details-marker]:hidden">
          <ChevronRight
            className="size-4 shrink-0 text-muted transition-transform group-open:rotate-90"
            aria-hidden
          />
          <span className="font-semibold text-fg tabular-nums">{release.version}</span>
          <span className="text-xs text-muted">{dateFormat.format(new Date(release.created_at))}</span>
          <span className="ml-auto text-xs text-muted">{countOf(count, 'change')}</span>
        </summary>
        <div className="flex flex-col gap-3 border-t border-line px-3 py-3">
          {release.notes ? <p className="text-sm whitespace-pre-wrap text-fg/90">{release.notes}</p> : null}
          <ReleaseChangesList changes={release.changes} />
        </div>
      </details>
    </li>
  )
}

export function ProjectReleases({ projectId, projectName, role, releases }: ProjectReleasesProps) {
  const [open, setOpen] = useState(false)
  const mayRelease = can(role, 'project:release')
  // Releases are the server's: offline, the list may be the one fetched before, releasing waits.
  const offline = useOffline()
  const list = releases.data
  const latest = list?.[0]
  return (
    <section
      aria-labelledby="releases-title"
      className="rounded-xl border border-line bg-raised p-5"
      data-testid="project-releases"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="releases-title" className="text-base font-semibold text-fg">
            Releases
          </h2>
          <p className="mt-1 text-sm text-muted" data-testid="latest-release">
            {latest
              ? `Latest: ${latest.version}, ${dateFormat.format(new Date(latest.created_at))}`
              : offline
                ? exportMessages.releasesNeedConnection
                : releases.isPending
                  ? appMessages.loading
                  : 'Not released yet. A release fixes the exact set of icons under a version.'}
          </p>
        </div>
        {mayRelease ? (
          <Button
            variant="secondary"
            size="sm"
            disabled={offline}
            title={offline ? exportMessages.releasesNeedConnection : undefined}
            onClick={() => setOpen(true)}
            data-testid="release-open"
          >
            <Tag className="size-3.5" aria-hidden />
            Release…
          </Button>
        ) : null}
      </div>
      {offline && !list ? null : releases.isPending ? (
        <p role="status" className="mt-4 flex items-center gap-2 text-sm text-muted">
          <Loader2 className="size-4 animate-spin" aria-hidden /> Loading releases…
        </p>
      ) : releases.isError ? (
        <div role="alert" className="mt-4 flex flex-col items-start gap-2 text-sm text-danger">
          <p>{exportMessages.releasesFailed}</p>
          <Button variant="secondary" size="sm" onClick={() => void releases.refetch()}>
            Try again
          </Button>
        </div>
      ) : list?.length ? (
        <ul className="mt-4 flex flex-col gap-2" aria-label="Releases, newest first">
          {list.map((release, i) => (
            <ReleaseEntry key={release.version} release={release} open={i === 0} />
          ))}
        </ul>
      ) : null}
      {mayRelease ? (
        <ReleaseDialog projectId={projectId} projectName={projectName} open={open} onOpenChange={setOpen} />
      ) : null}
    </section>
  )
}
