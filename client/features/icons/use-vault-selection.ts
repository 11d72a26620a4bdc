// The grid's selection as React state (selection.ts holds the rules). Icons that leave the view
// (filtered out, deleted, moved) leave the selection for good, so they never come back selected.
import { useCallback, useEffect, useMemo, useState } from 'react'
import { type ClickMods, clickSelect, EMPTY_SELECTION, pruneSelection, selectAll } from './selection.ts'

export function useVaultSelection(order: readonly string[]) {
  const [state, setState] = useState(EMPTY_SELECTION)
  const selection = useMemo(() => pruneSelection(state, order), [state, order])
  useEffect(() => {
    if (selection !== state) setState(selection)
  }, [selection, state])
  const click = useCallback(
    (id: string, mods: ClickMods) => setState((s) => clickSelect(pruneSelection(s, order), order, id, mods)),
    [order],
  )
  const all = useCallback(() => setState(selectAll(order)), [order])
  const clear = useCallback(() => setState(EMPTY_SELECTION), [])
  return { selection, click, selectAll: all, clear }
}
