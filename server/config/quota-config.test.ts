import { describe, expect, it } from 'vitest'
import { DEFAULT_STORAGE_QUOTAS, formatBytes, quotaRefusal } from '../../common/plans.ts'
import { loadConfig } from './config.ts'
import { quotasFrom } from './quota-config.ts'

describe('storage quotas from the environment', () => {
  it('keeps the defaults, takes each override, and names a bad value', () => {
    expect(quotasFrom({})).toEqual(DEFAULT_STORAGE_QUOTAS)
    const q = quotasFrom({
      PLAN_ICONS_PRO: '5',
      PLAN_STORAGE_PRO: '2mb',
      PLAN_WORKSPACE_STORAGE_GOLD: '1 GB',
    })
    expect(q).toMatchObject({
      pro: { personal: { icons: 5, bytes: 2 * 1024 * 1024 } },
      gold: { workspace: { icons: DEFAULT_STORAGE_QUOTAS.gold.workspace.icons, bytes: 1024 ** 3 } },
    })
    expect(quotasFrom({ PLAN_ICONS_GOLD: 'many', PLAN_WORKSPACE_STORAGE_GOLD: '5TB' })).toEqual([
      'PLAN_ICONS_GOLD: must be a whole number of icons',
      'PLAN_WORKSPACE_STORAGE_GOLD: must be a number of bytes, or of KB, MB or GB (e.g. 500MB)',
    ])
    expect(() => loadConfig({ AUTH_SECRET: 'x'.repeat(32), PLAN_ICONS_FREE: '-1' })).toThrow(
      /PLAN_ICONS_FREE/,
    )
  })

  it('refuses past the count or the bytes, never for adding nothing', () => {
    const quota = { icons: 3, bytes: 1000 }
    expect(quotaRefusal({ icons: 2, bytes: 10 }, { icons: 1, bytes: 10 }, quota, 'personal')).toBeNull()
    expect(quotaRefusal({ icons: 3, bytes: 10 }, { icons: 1, bytes: 10 }, quota, 'personal')).toMatch(
      /3 icons/,
    )
    expect(quotaRefusal({ icons: 0, bytes: 990 }, { icons: 1, bytes: 11 }, quota, 'workspace')).toMatch(
      /1,000 B/,
    )
    expect(quotaRefusal({ icons: 9, bytes: 9999 }, { icons: 0, bytes: 0 }, quota, 'workspace')).toBeNull()
    expect([
      formatBytes(512),
      formatBytes(4096),
      formatBytes(1.5 * 1024 ** 2),
      formatBytes(5 * 1024 ** 3),
    ]).toEqual(['512 B', '4 KB', '1.5 MB', '5 GB'])
  })
})
