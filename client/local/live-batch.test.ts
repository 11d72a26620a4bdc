import type { ChangeEvent } from '@common/schemas/events.ts'
import type { IconRow } from '@common/schemas/rows.ts'
import { describe, expect, it } from 'vitest'
import { iconRow } from '../../tests/setup/icon-row.ts'
import { coalesce, type RowEvent, runs, takeBatch } from './live-batch.ts'

const icon = (id: string, version: number, name = id): IconRow => iconRow({ id, name, version })
const up = (id: string, version = 1, name = id): RowEvent => ({
  entity: 'icons',
  op: 'upsert',
  row: icon(id, version, name),
})
const del = (id: string): RowEvent => ({ entity: 'icons', op: 'delete', id })
const names = (events: RowEvent[]) =>
  events.map((e) => (e.op === 'upsert' ? `+${e.row.id}:${(e.row as IconRow).name}` : `-${e.id}`))

describe('coalesce', () => {
  it('keeps one upsert per row: the newer version, at the later place', () => {
    const events = [up('a', 1, 'a1'), up('b'), up('a', 2, 'a2')]
    expect(names(coalesce(events))).toEqual(['+b:b', '+a:a2'])
  })

  it('keeps the newer version when an older one arrives later (events can overtake)', () => {
    const events = [up('a', 2, 'new'), up('a', 1, 'old')]
    expect(names(coalesce(events))).toEqual(['+a:new'])
  })

  it('takes the later of two upserts of the same version', () => {
    expect(names(coalesce([up('a', undefined, 'x'), up('a', undefined, 'y')]))).toEqual(['+a:y'])
  })

  it('lets a delete win over the upserts before it, and keeps an upsert after a delete', () => {
    expect(names(coalesce([up('a'), del('a')]))).toEqual(['-a'])
    expect(names(coalesce([del('a'), up('a')]))).toEqual(['-a', '+a:a'])
  })

  it('does not merge rows of different tables with the same id', () => {
    const project: RowEvent = {
      entity: 'projects',
      op: 'upsert',
      row: {
        id: 'a',
        name: 'P',
        description: '',
        workspace_id: null,
        user_id: 'u',
        created_at: 'x',
        updated_at: 'x',
        iconify_prefix: 'p',
      },
    }
    expect(coalesce([up('a'), project])).toHaveLength(2)
  })
})

describe('runs', () => {
  it('puts a cascading delete in a run of its own and keeps the order', () => {
    const dropProject: RowEvent = { entity: 'projects', op: 'delete', id: 'p' }
    const result = runs([up('a'), up('b'), dropProject, up('c')])
    expect(result.map(names)).toEqual([['+a:a', '+b:b'], ['-p'], ['+c:c']])
  })

  it('starts a new run when a row comes again', () => {
    expect(runs([del('a'), up('b'), up('a')]).map(names)).toEqual([['-a', '+b:b'], ['+a:a']])
  })
})

describe('takeBatch', () => {
  it('takes up to max row events, and any other event alone, in order', () => {
    const revoked: ChangeEvent = { entity: 'membership', op: 'revoked', workspace_id: 'w' }
    const invited: ChangeEvent = { entity: 'invitations', op: 'changed' }
    const queue: ChangeEvent[] = [up('a'), up('b'), up('c'), revoked, invited, up('d')]
    expect(takeBatch(queue, 2)).toHaveLength(2)
    expect(takeBatch(queue, 2)).toHaveLength(1)
    expect(takeBatch(queue, 2)).toEqual([revoked])
    expect(takeBatch(queue, 2)).toEqual([invited])
    expect(takeBatch(queue, 2)).toHaveLength(1)
    expect(takeBatch(queue, 2)).toEqual([])
  })
})
