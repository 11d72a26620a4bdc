// Storage quotas from the environment (ADR 0308): each number of common/plans.ts's defaults may be
// overridden, e.g. PLAN_ICONS_PRO=5000, PLAN_STORAGE_PRO=200MB, PLAN_WORKSPACE_ICONS_GOLD,
// PLAN_WORKSPACE_STORAGE_GOLD. Storage takes bytes, or a number with KB, MB or GB (binary units).
import { DEFAULT_STORAGE_QUOTAS, PLANS, type StorageQuotas } from '../../common/plans.ts'

const UNITS: Record<string, number> = { '': 1, B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 }

/** The quotas with what `env` sets; a list of problems (named by variable) when a value is not valid. */
export function quotasFrom(env: Record<string, string | undefined>): StorageQuotas | string[] {
  const quotas = structuredClone(DEFAULT_STORAGE_QUOTAS)
  const problems: string[] = []
  for (const plan of PLANS)
    for (const where of ['personal', 'workspace'] as const) {
      const prefix = where === 'personal' ? 'PLAN_' : 'PLAN_WORKSPACE_'
      const icons = `${prefix}ICONS_${plan.toUpperCase()}`
      const storage = `${prefix}STORAGE_${plan.toUpperCase()}`
      const iconsText = env[icons]?.trim()
      if (iconsText) {
        if (/^\d{1,9}$/.test(iconsText)) quotas[plan][where].icons = Number(iconsText)
        else problems.push(`${icons}: must be a whole number of icons`)
      }
      const storageText = env[storage]?.trim().toUpperCase()
      if (storageText) {
        const match = /^(\d{1,13})\s*(B|KB|MB|GB)?$/.exec(storageText)
        if (match) quotas[plan][where].bytes = Number(match[1]) * UNITS[match[2] ?? '']!
        else problems.push(`${storage}: must be a number of bytes, or of KB, MB or GB (e.g. 500MB)`)
      }
    }
  return problems.length ? problems : quotas
}
