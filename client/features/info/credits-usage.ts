// How /info words credits used this month (the usage itself: client/data/credits.ts, one cache entry
// per scope, which the maker's charges update).
import { formatCount } from '@common/format-count.ts'
import { appMessages } from '@common/messages.ts'
import type { CreditUsageInfo } from '@common/schemas/billing.ts'

const monthFormat = new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric', timeZone: 'UTC' })

/** "1,234 of 5,000 credits used in November 2026". */
export function creditsLine(usage: CreditUsageInfo | null | undefined): string {
  if (!usage) return appMessages.loading
  const month = monthFormat.format(new Date(`${usage.month.slice(0, 7)}-01T00:00:00Z`))
  return `${formatCount(usage.used)} of ${formatCount(usage.limit)} credits used in ${month}`
}
