// The maker's document with undo/redo, and Ctrl/Cmd+Z, Shift+Ctrl/Cmd+Z (or Ctrl+Y) outside text
// fields; in the source editor too, which has no typing history of its own.
import { useCallback, useEffect, useMemo, useReducer } from 'react'
import {
  canRedo,
  canUndo,
  emptyHistory,
  type History,
  type MakerDoc,
  push,
  redo,
  sameDoc,
  undo,
} from './history.ts'

type Action =
  | { type: 'load'; doc: MakerDoc }
  | { type: 'edit'; svg: string }
  | { type: 'undo' }
  | { type: 'redo' }

type State = History<MakerDoc> & { loads: number }

function reducer(state: State, action: Action): State {
  switch (action.type) {
    case 'load':
      return { ...push(state, action.doc, sameDoc), loads: state.loads + 1 }
    case 'edit': {
      const base = state.present ?? { svg: '', name: '', originIconId: null, source: 'code' as const }
      return { ...push(state, { ...base, svg: action.svg }, sameDoc), loads: state.loads }
    }
    case 'undo':
      return { ...undo(state), loads: state.loads }
    case 'redo':
      return { ...redo(state), loads: state.loads }
  }
}

export interface Maker {
  doc: MakerDoc | null
  /** Counts sources loaded: the save form takes the new suggested name when it changes. */
  loads: number
  canUndo: boolean
  canRedo: boolean
  load(doc: MakerDoc): void
  edit(svg: string): void
  undo(): void
  redo(): void
}

export function useMaker(): Maker {
  const [state, dispatch] = useReducer(reducer, { ...emptyHistory<MakerDoc>(), loads: 0 })
  const load = useCallback((doc: MakerDoc) => dispatch({ type: 'load', doc }), [])
  const edit = useCallback((svg: string) => dispatch({ type: 'edit', svg }), [])
  const undoIt = useCallback(() => dispatch({ type: 'undo' }), [])
  const redoIt = useCallback(() => dispatch({ type: 'redo' }), [])
  return useMemo(
    () => ({
      doc: state.present,
      loads: state.loads,
      canUndo: canUndo(state),
      canRedo: canRedo(state),
      load,
      edit,
      undo: undoIt,
      redo: redoIt,
    }),
    [state, load, edit, undoIt, redoIt],
  )
}

const EDITABLE = 'input, textarea, select'

export function useUndoKeys(maker: Pick<Maker, 'undo' | 'redo'>) {
  const { undo: undoIt, redo: redoIt } = maker
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey) return
      if (e.target instanceof Element && e.target.closest(EDITABLE)) return
      const key = e.key.toLowerCase()
      if (key === 'z' && !e.shiftKey) undoIt()
      else if ((key === 'z' && e.shiftKey) || key === 'y') redoIt()
      else return
      e.preventDefault()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [undoIt, redoIt])
}
