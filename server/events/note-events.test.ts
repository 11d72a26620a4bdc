// What a workspace's delete note becomes on a member's stream (eventsOf, pure): who deleted it, and
// whether it went for good (purged with its owner's account: the toast then promises no restore).
import { describe, expect, it } from 'vitest'
import { eventsOf } from './note-events.ts'

const rows = { icons: new Map(), projects: new Map(), workspaces: new Map(), workspaces_access: new Map() }

describe('eventsOf: a workspace deleted', () => {
  it('into Recently deleted: by whom, and no "for good"', () => {
    const note = { entity: 'workspaces', op: 'delete', id: 'w', workspace_id: 'w', by: 'Ann' } as const
    expect(eventsOf(note, 'member', rows)).toEqual([
      { entity: 'workspaces', op: 'delete', id: 'w', by: 'Ann' },
    ])
  })

  it('purged (its owner deleted their account, nobody else in it): for good', () => {
    const note = { entity: 'workspaces', op: 'delete', id: 'w', workspace_id: 'w', for_good: true } as const
    expect(eventsOf(note, null, rows)).toEqual([
      { entity: 'workspaces', op: 'delete', id: 'w', for_good: true },
    ])
  })
})
