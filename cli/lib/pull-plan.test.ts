// The plan of a pull (pull-plan.ts), against a folder given as a map of file → bytes: writes only
// files whose bytes differ, the lock last; deletes only files the old lock lists that nothing wants;
// says what was added, changed and removed by icon; a lock that differs in its cursor only is no
// difference (renewed after a whole list, not written after a pull from the cursor); and which lock
// options let a cursor apply.
import { describe, expect, it } from 'vitest'
import type { Built, BuiltIcon } from './build-files.ts'
import { LOCK_FILE, type Lock, lockText, sha256 } from './lock.ts'
import { type LockOptions, lockFor, ownedFiles, planPull, sameOptions, touchedFiles } from './pull-plan.ts'

const OPTS: LockOptions = { project: 'p1', format: 'svg', approvedOnly: false }
const AT = { classPrefix: '', converter: 'conv1', state: 'cursor-1' }

const icon = (id: string | null, name: string, text = `<svg>${name}</svg>`): BuiltIcon => ({
  id,
  name,
  file: `${name}.svg`,
  text,
  sha256: sha256(text),
})
const keptIcon = (id: string, name: string, text = `<svg>${name}</svg>`): BuiltIcon => ({
  id,
  name,
  file: `${name}.svg`,
  sha256: sha256(text),
})
const built = (icons: BuiltIcon[], extra: Built['extra'] = [], skipped: Built['skipped'] = []): Built => ({
  icons,
  extra,
  skipped,
})
const bytes = (text: string) => new TextEncoder().encode(text)
/** A folder as a pull would have left it for `b` (its files and its lock). */
const folderOf = (b: Built, lock: Lock) =>
  new Map<string, string>([
    ...b.icons.map((i) => [i.file, i.text ?? ''] as [string, string]),
    ...b.extra.map((e) => [e.file, e.text] as [string, string]),
    [LOCK_FILE, lockText(lock)],
  ])
const plan = (p: {
  old: Lock | null
  now: Built
  folder: Map<string, string>
  fromCursor?: boolean
  at?: typeof AT
}) => {
  const lock = lockFor(OPTS, p.now, p.at ?? AT)
  const result = planPull({
    old: p.old,
    lock,
    built: p.now,
    fromCursor: p.fromCursor ?? false,
    disk: (file) => (p.folder.has(file) ? bytes(p.folder.get(file)!) : null),
  })
  return { lock, ...result, written: result.writes.map(([file]) => file) }
}

describe('planPull', () => {
  it('into an empty folder: every file written, the lock last; every icon added', () => {
    const now = built([icon('a', 'house'), icon('b', 'star')])
    const p = plan({ old: null, now, folder: new Map() })
    expect(p.written).toEqual(['house.svg', 'star.svg', LOCK_FILE])
    expect(p.writes.at(-1)).toEqual([LOCK_FILE, lockText(p.lock)])
    expect(p.deletes).toEqual([])
    expect(p.added.map((i) => i.name)).toEqual(['house', 'star'])
    expect([p.changed, p.removed]).toEqual([[], []])
  })

  it('a folder already as wanted: nothing to write or delete', () => {
    const now = built([icon('a', 'house')])
    const lock = lockFor(OPTS, now, AT)
    const p = plan({ old: lock, now, folder: folderOf(now, lock) })
    expect([p.writes, p.deletes, p.added, p.changed, p.removed]).toEqual([[], [], [], [], []])
    expect([p.stateOnly, p.renew]).toEqual([false, false])
  })

  it('writes only the files whose bytes differ, and says what changed by icon', () => {
    const was = built([icon('a', 'house'), icon('b', 'star'), icon('c', 'moon')])
    const old = lockFor(OPTS, was, AT)
    const now = built([icon('a', 'house'), icon('b', 'star', '<svg>new star</svg>'), icon('d', 'sun')])
    const p = plan({ old, now, folder: folderOf(was, old) })
    expect(p.written).toEqual(['star.svg', 'sun.svg', LOCK_FILE])
    expect(p.deletes).toEqual(['moon.svg'])
    expect(p.added.map((i) => i.id)).toEqual(['d'])
    expect(p.changed.map((i) => i.id)).toEqual(['b'])
    expect(p.removed.map((i) => i.id)).toEqual(['c'])
  })

  it('a rename is a change of the icon (by id), its old file deleted', () => {
    const was = built([icon('a', 'house')])
    const old = lockFor(OPTS, was, AT)
    const p = plan({ old, now: built([icon('a', 'home', '<svg>house</svg>')]), folder: folderOf(was, old) })
    expect(p.written).toEqual(['home.svg', LOCK_FILE])
    expect(p.deletes).toEqual(['house.svg'])
    expect([p.added, p.removed]).toEqual([[], []])
    expect(p.changed.map((i) => [i.id, i.name, i.file])).toEqual([['a', 'home', 'home.svg']])
  })

  it('rewrites a file edited by hand; a file no lock lists is never deleted', () => {
    const now = built([icon('a', 'house')])
    const old = lockFor(OPTS, now, AT)
    const folder = folderOf(now, old)
    folder.set('house.svg', '<svg>edited</svg>')
    folder.set('mine.svg', '<svg>mine</svg>')
    const p = plan({ old, now: built([]), folder })
    expect(p.deletes).toEqual(['house.svg'])
    const q = plan({ old, now, folder })
    expect(q.written).toEqual(['house.svg'])
    expect(q.deletes).toEqual([])
  })

  it('deletes only listed files still on disk; keeps kept icons’ files without writing them', () => {
    const was = built([icon('a', 'house'), icon('b', 'star')], [{ file: 'index.ts', text: 'x' }])
    const old = lockFor(OPTS, was, AT)
    const folder = folderOf(was, old)
    folder.delete('star.svg') // gone already: nothing to delete
    const now = built([keptIcon('a', 'house'), icon('c', 'sun')])
    const p = plan({ old, now, folder, fromCursor: true, at: { ...AT, state: 'cursor-2' } })
    expect(p.written).toEqual(['sun.svg', LOCK_FILE])
    expect(p.deletes).toEqual(['index.ts'])
    expect(p.removed.map((i) => i.id)).toEqual(['b'])
  })

  it('a lock that differs in its cursor only: no difference; renewed after a whole list only', () => {
    const now = built([icon('a', 'house')])
    const old = lockFor(OPTS, now, AT)
    const folder = folderOf(now, old)
    const moved = { ...AT, state: 'cursor-2' }
    const whole = plan({ old, now, folder, at: moved })
    expect([whole.writes, whole.deletes, whole.stateOnly, whole.renew]).toEqual([[], [], true, true])
    const cursor = plan({ old, now, folder, fromCursor: true, at: moved })
    expect([cursor.writes, cursor.stateOnly, cursor.renew]).toEqual([[], true, false])
    // The converter goes with the cursor: a lock that differs in it too is no difference either.
    const converter = plan({ old, now, folder, at: { ...moved, converter: 'conv2' } })
    expect([converter.writes, converter.renew]).toEqual([[], true])
    // Anything else in the lock differs: it is written.
    const skipped = plan({ old, now: built(now.icons, [], [{ id: 'z', name: 'bad', error: 'x' }]), folder })
    expect(skipped.written).toEqual([LOCK_FILE])
    expect(skipped.stateOnly).toBe(false)
  })

  it('an icon without an id is matched by its file', () => {
    const was = built([icon(null, 'house')])
    const old = lockFor(OPTS, was, AT)
    const p = plan({ old, now: built([icon(null, 'house', '<svg>v2</svg>')]), folder: folderOf(was, old) })
    expect(p.changed.map((i) => i.file)).toEqual(['house.svg'])
    expect([p.added, p.removed]).toEqual([[], []])
  })
})

describe('lockFor', () => {
  it('records the options, the cursor with its converter, skipped ids and every file’s sha256', () => {
    const b = built(
      [{ ...icon('a', 'house'), aliases: [{ name: 'home', deprecated: true, remove_in: null }] }],
      [{ file: 'index.ts', text: 'x' }],
      [
        { id: 's', name: 'bad', error: 'e' },
        { id: null, name: 'alias', error: 'e' },
      ],
    )
    expect(lockFor({ ...OPTS, format: 'css', approvedOnly: true }, b, { ...AT, classPrefix: 'iv' })).toEqual({
      lockfile: 1,
      project: 'p1',
      release: 'latest',
      format: 'css',
      class_prefix: 'iv',
      approved_only: true,
      state: 'cursor-1',
      converter: 'conv1',
      skipped: ['s'],
      icons: [
        {
          id: 'a',
          name: 'house',
          file: 'house.svg',
          sha256: sha256('<svg>house</svg>'),
          aliases: [{ name: 'home', deprecated: true, remove_in: null }],
        },
      ],
      files: { 'index.ts': sha256('x') },
    })
  })

  it('a release: no cursor, no skipped list', () => {
    const b = built([icon('a', 'house')], [], [{ id: 's', name: 'bad', error: 'e' }])
    const lock = lockFor({ ...OPTS, release: 'v1' }, b, { ...AT, state: undefined })
    expect(lock).toMatchObject({ release: 'v1' })
    expect(Object.keys(lock)).not.toContain('state')
    expect(Object.keys(lock)).not.toContain('skipped')
  })
})

describe('sameOptions (a lock whose cursor applies)', () => {
  const old = lockFor(OPTS, built([icon('a', 'house')]), AT)
  it('holds for a latest pull with the same project, format, filter and converter', () => {
    expect(sameOptions(old, OPTS, '', 'conv1')).toBe(true)
  })
  it('fails for a release, another project, format, filter, converter or CSS prefix; or no lock', () => {
    expect(sameOptions(null, OPTS, '', 'conv1')).toBe(false)
    expect(sameOptions(old, { ...OPTS, release: 'v1' }, '', 'conv1')).toBe(false)
    expect(sameOptions({ ...old, release: 'v1' }, OPTS, '', 'conv1')).toBe(false)
    expect(sameOptions(old, { ...OPTS, project: 'p2' }, '', 'conv1')).toBe(false)
    expect(sameOptions(old, { ...OPTS, format: 'react-ts' }, '', 'conv1')).toBe(false)
    expect(sameOptions(old, { ...OPTS, approvedOnly: true }, '', 'conv1')).toBe(false)
    expect(sameOptions(old, OPTS, '', 'conv2')).toBe(false)
    const css = { ...OPTS, format: 'css' as const }
    const cssLock = lockFor(css, built([]), { ...AT, classPrefix: 'iv' })
    expect(sameOptions(cssLock, css, 'iv', 'conv1')).toBe(true)
    expect(sameOptions(cssLock, css, 'other', 'conv1')).toBe(false)
  })
})

describe('ownedFiles and touchedFiles', () => {
  it('owns what the lock lists; touches what is wanted, kept and owned', () => {
    const was = built([icon('a', 'house')], [{ file: 'index.ts', text: 'x' }])
    const old = lockFor(OPTS, was, AT)
    expect([...ownedFiles(old)]).toEqual(['house.svg', 'index.ts'])
    expect([...ownedFiles(null)]).toEqual([])
    const now = built([keptIcon('a', 'house'), icon('b', 'star')])
    const touched = touchedFiles(old, lockFor(OPTS, now, AT), now)
    expect(new Set(touched)).toEqual(new Set(['star.svg', LOCK_FILE, 'house.svg', 'index.ts']))
  })
})
