// /info's storage: the personal projects and each workspace against their plan's quotas
// (GET /api/usage, ADR 0308). A workspace's quota is its owner's plan's.
import { appMessages, messages } from '@common/messages.ts'
import { HardDrive } from 'lucide-react'
import { StorageMeter } from '../../components/storage-meter.tsx'
import { useStorageUsage } from '../../data/storage.ts'

export function StorageCard() {
  const { data, isError } = useStorageUsage()
  return (
    <section
      className="rounded-xl border border-line bg-raised p-5"
      aria-labelledby="storage-heading"
      data-testid="info-storage"
    >
      <h2 id="storage-heading" className="flex items-center gap-2 text-sm text-muted">
        <HardDrive className="size-4" aria-hidden />
        Storage
      </h2>
      {data ? (
        <div className="mt-3 grid gap-5 sm:grid-cols-2">
          <StorageMeter usage={data.personal} title={messages.personal} />
          {data.workspaces.map((w) => (
            <StorageMeter key={w.id} usage={w} title={w.name} />
          ))}
        </div>
      ) : (
        <p className="mt-2 text-sm text-muted">
          {isError ? appMessages.storageUnavailable : appMessages.loading}
        </p>
      )}
    </section>
  )
}
