// /upgrade?projectId=…&from=…: the plans; where it was opened from is kept (lib/upgrade-search.ts).
import { createFileRoute } from '@tanstack/react-router'
import { UpgradePage } from '../../features/billing/upgrade-page.tsx'
import { upgradeSearchSchema } from '../../lib/upgrade-search.ts'

export const Route = createFileRoute('/_app/upgrade')({
  validateSearch: upgradeSearchSchema,
  component: UpgradePage,
})
