// Undo/redo history of the maker's document: pure functions over { past, present, future }.
type SourceKind = 'code' | 'file' | 'vault' | 'library' | 'trace' | 'ai'

/** The icon being made: its markup, a suggested name, and the vault icon it came from. */
export interface MakerDoc {
  svg: string
  name: string
  originIconId: string | null
  source: SourceKind
  /** Tags its source suggests (a library icon: its set's other names and categories), kept when saved. */
  tags?: readonly string[]
}

export interface History<T> {
  past: readonly T[]
  present: T | null
  future: readonly T[]
}

export const HISTORY_LIMIT = 100

export const emptyHistory = <T>(): History<T> => ({ past: [], present: null, future: [] })

/** Makes `next` the present; the old present becomes undoable and the redo list is cleared. */
export function push<T>(h: History<T>, next: T, same: (a: T, b: T) => boolean = Object.is): History<T> {
  if (h.present !== null && same(h.present, next)) return h
  const past = h.present === null ? h.past : [...h.past, h.present].slice(-HISTORY_LIMIT)
  return { past, present: next, future: [] }
}

export function undo<T>(h: History<T>): History<T> {
  const previous = h.past.at(-1)
  if (previous === undefined) return h
  return {
    past: h.past.slice(0, -1),
    present: previous,
    future: h.present === null ? h.future : [h.present, ...h.future],
  }
}

export function redo<T>(h: History<T>): History<T> {
  const [next, ...rest] = h.future
  if (next === undefined) return h
  return { past: h.present === null ? h.past : [...h.past, h.present], present: next, future: rest }
}

export const canUndo = (h: History<unknown>) => h.past.length > 0
export const canRedo = (h: History<unknown>) => h.future.length > 0

export const sameDoc = (a: MakerDoc, b: MakerDoc) =>
  a.svg === b.svg && a.name === b.name && a.originIconId === b.originIconId
