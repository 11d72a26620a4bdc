import { messages } from '@common/messages.ts'
import { describe, expect, onTestFinished, test, vi } from 'vitest'
import { MAX_SEND_TRIES as MAX_TRIES } from '../lib/retry.ts'
import type { ChangeKind, OutboxEntry, RowSnapshot } from './db.ts'
import {
  createBatch,
  decideFailure,
  dependentEntries,
  failureToasts,
  MAX_BATCH,
  MAX_BATCH_BYTES,
  pendingIds,
  primaryRow,
  resultTable,
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
    // The backoff's jitter (common/backoff.ts) drawn at the whole step: the delays compare exactly.
    vi.spyOn(Math, 'random').mockReturnValue(1)
    onTestFinished(() => {
      vi.restoreAllMocks()
    })
    expect(decideFailure('projects/update', { status: 500, message: 'x' }, 1)).toEqual({
      kind: 'retry',
      delayMs: 1000,
    })
    expect(decideFailure('projects/update', { status: 500, message: 'x' }, 2)).toEqual({
      kind: 'retry',
      delayMs: 2000,
    })
    expect(decideFailure('projects/update', { status: 429, message: 'slow down' }, MAX_TRIES)).toEqual({
      kind: 'rollback',
      message: 'slow down',
      gone: false,
    })
  })

  test('502, 503 and 504 (no process, or its database down) wait for the server and count no try', () => {
    for (const status of [502, 503, 504])
      for (const tries of [1, MAX_TRIES, MAX_TRIES + 5])
        expect(decideFailure('icons/update', { status, message: 'Database unavailable' }, tries)).toEqual({
          kind: 'offline',
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
})

describe('toasts', () => {
  test('workspace flows say "Workspace error: {message}" once', () => {
    expect(failureToasts('workspaces/update', 'Name is required')).toEqual([
      'Workspace error: Name is required',
    ])
  })

  test('project flows show the flow toast and the server message', () => {
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

describe('batched icon creates', () => {
  const create = (seq: number, id: string, over: Partial<OutboxEntry> = {}): OutboxEntry => ({
    ...entry(seq, 'icons/create', [snap('icons', id, null)]),
    body: { id, project_id: 'p' },
    ...over,
  })
  const seqs = (entries: OutboxEntry[]) => entries.map((e) => e.seq)
  const size = () => 100

  test('consecutive creates into one project go together; anything else goes alone', () => {
    const queue = [
      create(1, 'a'),
      create(2, 'b'),
      create(3, 'c'),
      entry(4, 'icons/update', []),
      create(5, 'd'),
    ]
    expect(seqs(createBatch(queue, size))).toEqual([1, 2, 3])
    expect(seqs(createBatch(queue.slice(3), size))).toEqual([4])
    expect(createBatch([], size)).toEqual([])
  })

  test('a batch stops at another project or workspace, another try count, or a row already in it', () => {
    const other = { body: { id: 'x', project_id: 'q' } }
    expect(seqs(createBatch([create(1, 'a'), create(2, 'x', other), create(3, 'b')], size))).toEqual([1])
    expect(seqs(createBatch([create(1, 'a'), create(2, 'b', { workspace_id: 'w' })], size))).toEqual([1])
    expect(seqs(createBatch([create(1, 'a', { tries: 1 }), create(2, 'b')], size))).toEqual([1])
    // A move's copy notes the original: a second copy of the same original waits for the first.
    const move = (seq: number, id: string) => ({
      ...create(seq, id),
      before: [snap('icons', id, null), snap('icons', 'orig', 'O')],
    })
    expect(seqs(createBatch([move(1, 'a'), move(2, 'b')], size))).toEqual([1])
  })

  test('a batch holds at most MAX_BATCH entries and MAX_BATCH_BYTES of bodies', () => {
    const many = Array.from({ length: MAX_BATCH + 20 }, (_, i) => create(i + 1, `i${i}`))
    expect(createBatch(many, size)).toHaveLength(MAX_BATCH)
    const big = () => MAX_BATCH_BYTES / 4 + 1
    expect(createBatch(many, big)).toHaveLength(3)
    // One body over the limit still goes (alone): the server answers for it.
    expect(createBatch(many, () => MAX_BATCH_BYTES * 2)).toHaveLength(1)
  })

  test('refused creates of one batch roll back together with exactly what is built on them', () => {
    const queue = [
      create(1, 'a'),
      create(2, 'b'),
      create(3, 'c'),
      entry(4, 'icons/update', [snap('icons', 'b', 'B')]),
      entry(5, 'icons/update', [snap('icons', 'c', 'C')]),
      entry(6, 'icons/delete', [snap('icons', 'a', 'A')]),
    ]
    expect(seqs(dependentEntries(queue, new Set([2, 3])))).toEqual([2, 3, 4, 5])
    expect(seqs(dependentEntries(queue, new Set([1])))).toEqual(seqs(dependentEntries(queue, 1)))
    expect(dependentEntries(queue, new Set<number>())).toEqual([])
  })
})
