import { messages } from '@common/messages.ts'
import { describe, expect, test } from 'vitest'
import type { ChangeKind, OutboxEntry, RowSnapshot } from './db.ts'
import {
  decideFailure,
  dependentEntries,
  failureToasts,
  MAX_TRIES,
  pendingIds,
  primaryRow,
  resultTable,
  retryDelay,
  successToast,
  undoSteps,
} from './outbox-rules.ts'

const entry = (seq: number, kind: ChangeKind, before: RowSnapshot[]): OutboxEntry => ({
  seq,
  createdAt: seq,
  kind,
  body: {},
  workspace_id: null,
  before,
  tries: 0,
  tab: 't',
})
const snap = (table: RowSnapshot['table'], id: string, name: string | null): RowSnapshot => ({
  table,
  id,
  row: name === null ? null : ({ id, name } as unknown as RowSnapshot['row']),
})

describe('decideFailure', () => {
  test('no response (network error) or offline is not a try: wait for the network', () => {
    expect(decideFailure('projects/create', { message: 'Failed to fetch' }, 1)).toEqual({ kind: 'offline' })
    expect(decideFailure('projects/create', { status: 500, message: 'x' }, 1, false)).toEqual({
      kind: 'offline',
    })
  })

  test('404 on a delete means it is already done', () => {
    for (const kind of [
      'projects/delete',
      'workspaces/delete',
      'icons/delete',
      'workspaces/delete-access',
    ] as const) {
      expect(decideFailure(kind, { status: 404, message: 'Not found' }, 1)).toEqual({ kind: 'done' })
    }
  })

  test('404 on anything else rolls back and drops the row (gone on the server)', () => {
    expect(decideFailure('projects/update', { status: 404, message: 'Not found' }, 1)).toEqual({
      kind: 'rollback',
      message: 'Not found',
      gone: true,
    })
  })

  test('a refusal (400, 403, 409) rolls back at once with the server message', () => {
    for (const status of [400, 403, 409, 413]) {
      expect(decideFailure('projects/create', { status, message: messages.notAuthorized }, 1)).toEqual({
        kind: 'rollback',
        message: messages.notAuthorized,
        gone: false,
      })
    }
  })

  test('401 keeps the change until the session is back', () => {
    expect(decideFailure('projects/create', { status: 401, message: 'x' }, 1)).toEqual({ kind: 'signed-out' })
  })

  test('server errors and 429 retry with exponential delay, then roll back after 3 tries', () => {
    expect(decideFailure('projects/update', { status: 500, message: 'x' }, 1)).toEqual({
      kind: 'retry',
      delayMs: 1000,
    })
    expect(decideFailure('projects/update', { status: 503, message: 'x' }, 2)).toEqual({
      kind: 'retry',
      delayMs: 2000,
    })
    expect(decideFailure('projects/update', { status: 429, message: 'slow down' }, MAX_TRIES)).toEqual({
      kind: 'rollback',
      message: 'slow down',
      gone: false,
    })
  })

  test('Retry-After lengthens the delay, within the 30 s cap', () => {
    expect(decideFailure('icons/create', { status: 429, message: 'x', retryAfter: 7 }, 1)).toEqual({
      kind: 'retry',
      delayMs: 7000,
    })
    expect(decideFailure('icons/create', { status: 429, message: 'x', retryAfter: 120 }, 1)).toEqual({
      kind: 'retry',
      delayMs: 30_000,
    })
  })

  test('retryDelay doubles from 1 s and is capped at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000])
  })
})

describe('toasts', () => {
  test('workspace flows say "Workspace error: {message}" once', () => {
    expect(failureToasts('workspaces/update', 'Name is required')).toEqual([
      'Workspace error: Name is required',
    ])
  })

  test('project flows show the seed toast and the server message', () => {
    expect(failureToasts('projects/create', messages.notAuthorized)).toEqual([
      messages.createProjectFailed,
      messages.notAuthorized,
    ])
    expect(failureToasts('projects/delete', '')).toEqual([messages.deleteProjectFailed])
  })

  test('icon flows word the detail as "Icon error: {message}"', () => {
    expect(failureToasts('icons/update', 'Icon name is required')).toEqual([
      messages.updateIconFailed,
      'Icon error: Icon name is required',
    ])
  })

  test('credits, role and removal flows have their own failure and success toasts', () => {
    expect(failureToasts('workspaces/update-credits-limit', 'x')[0]).toBe(messages.creditsLimitFailed)
    expect(successToast('workspaces/update-credits-limit')).toBe(messages.creditsLimitUpdated)
    expect(successToast('workspaces/update-access-user')).toBe(messages.userRoleUpdated)
    expect(successToast('workspaces/delete-access')).toBe(messages.userDeletedFromWorkspace)
    expect(failureToasts('workspaces/delete-access', 'x')[0]).toBe(messages.userDeleteFromWorkspaceFailed)
    expect(successToast('projects/create')).toBeUndefined()
  })
})

describe('rollback', () => {
  const queue = [
    entry(1, 'projects/create', [snap('projects', 'p', null)]),
    entry(2, 'projects/update', [snap('workspaces', 'w', 'W')]),
    entry(3, 'projects/update', [snap('projects', 'p', 'created')]),
    entry(4, 'projects/delete', [snap('projects', 'p', 'renamed'), snap('icons', 'i', 'icon')]),
    entry(5, 'icons/update', [snap('icons', 'i', 'icon')]),
    entry(6, 'icons/update', [snap('icons', 'other', 'x')]),
  ]

  test('a failed change takes the later changes built on its rows with it, transitively', () => {
    expect(dependentEntries(queue, 1).map((e) => e.seq)).toEqual([1, 3, 4, 5])
    expect(dependentEntries(queue, 6).map((e) => e.seq)).toEqual([6])
    expect(dependentEntries(queue, 99)).toEqual([])
  })

  test('changes inside a workspace or project whose creation failed go with it', () => {
    const inWorkspace = (seq: number, kind: ChangeKind, before: RowSnapshot[], body = {}) => ({
      ...entry(seq, kind, before),
      workspace_id: 'w',
      body,
    })
    const nested = [
      inWorkspace(1, 'workspaces/create', [snap('workspaces', 'w', null)]),
      inWorkspace(2, 'projects/create', [snap('projects', 'p', null)]),
      inWorkspace(3, 'icons/create', [snap('icons', 'i', null)], { project_id: 'p' }),
      entry(4, 'projects/create', [snap('projects', 'personal', null)]),
    ]
    expect(dependentEntries(nested, 1).map((e) => e.seq)).toEqual([1, 2, 3])
    expect(dependentEntries(nested, 2).map((e) => e.seq)).toEqual([2, 3])
  })

  test('undo steps restore every row as it was before the first of them', () => {
    const steps = undoSteps(dependentEntries(queue, 1))
    const state = new Map<string, string | null>([
      ['projects:p', 'deleted'],
      ['icons:i', 'deleted'],
    ])
    for (const s of steps) state.set(`${s.table}:${s.id}`, (s.row as { name?: string } | null)?.name ?? null)
    expect(Object.fromEntries(state)).toEqual({ 'projects:p': null, 'icons:i': 'icon' })
  })

  test('pendingIds lists the rows a queue touches, per table', () => {
    expect([...pendingIds(queue, 'icons')].sort()).toEqual(['i', 'other'])
    expect([...pendingIds(queue, 'workspaces')]).toEqual(['w'])
  })
})

test('answers and primary rows per kind', () => {
  expect(resultTable('projects/create')).toBe('projects')
  expect(resultTable('workspaces/update-credits-limit')).toBe('workspaces')
  expect(resultTable('workspaces/update-access-user')).toBe('workspaces_access')
  expect(resultTable('icons/delete')).toBeNull()
  expect(resultTable('workspaces/delete-access')).toBeNull()
  expect(primaryRow('workspaces/delete-access', { workspaceId: 'w', personId: 'a' })).toEqual({
    table: 'workspaces_access',
    id: 'a',
  })
  expect(primaryRow('icons/update', { id: 'i' })).toEqual({ table: 'icons', id: 'i' })
})
