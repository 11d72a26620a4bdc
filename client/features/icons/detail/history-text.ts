// The words of an icon's history (ADR 0407): what a version changed, read against the version
// before it, and when, relative to now. Pure, so it is tested beside this file.
import type { IconVersion } from '../../../data/icon-history.ts'

/** What a version changed: "Renamed home → house, new drawing", "Restored from v2", … */
export function describeChange(
  entry: IconVersion,
  older: IconVersion | undefined,
  who: (userId: string | null) => string,
): string {
  const { change } = entry
  const parts: string[] = []
  const renamed = older && older.name !== entry.name ? `${older.name} → ${entry.name}` : null
  switch (change.kind) {
    case 'created':
      parts.push('Created')
      break
    case 'replaced':
      parts.push('Replaced the drawing')
      if (renamed) parts.push(`renamed ${renamed}`)
      break
    case 'restored':
      parts.push(change.from_revision ? `Restored from v${change.from_revision}` : 'Restored')
      if (renamed) parts.push(`renamed ${renamed}`)
      break
    case 'undeleted':
      parts.push('Undeleted')
      break
    case 'moved':
      parts.push('Moved to another project')
      break
    default: {
      const fields = new Set(change.fields)
      if (fields.has('name') || renamed) parts.push(`Renamed ${renamed ?? `to ${entry.name}`}`)
      if (fields.has('svg')) parts.push(parts.length ? 'new drawing' : 'New drawing')
      if (fields.has('icon_status')) {
        const status = entry.icon_status === 'approved' ? 'approved' : 'sent back for review'
        parts.push(parts.length ? status : status[0]!.toUpperCase() + status.slice(1))
      }
      if (fields.has('project')) parts.push(parts.length ? 'moved' : 'Moved to another project')
      if (!parts.length) parts.push('Edited')
    }
  }
  const text = parts.join(', ')
  // Written on a base that had changed meanwhile (offline, or two people at once): say whose it replaced.
  return change.replaced
    ? `${text} (over v${change.replaced.revision} by ${who(change.replaced.user_id)})`
    : text
}

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' })
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
]

/** "just now", "5 minutes ago", "yesterday", "3 weeks ago" (a clock a little ahead reads as now). */
export function relativeTime(iso: string, now: number = Date.now()): string {
  const seconds = (Date.parse(iso) - now) / 1000
  if (!Number.isFinite(seconds)) return ''
  if (Math.abs(seconds) < 45) return 'just now'
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relative.format(Math.round(seconds / size), unit)
  }
  return relative.format(Math.round(seconds / 60), 'minute')
}

/** The versions to list first; the rest behind "Show all". */
export const HISTORY_SHOWN = 8
