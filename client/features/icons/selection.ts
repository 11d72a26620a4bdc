// Selection in the grid: click selects one, Ctrl/Cmd-click toggles, Shift-click selects the range
// from the anchor (the last plain or toggling click), select all, clear. Pure over the ids in the
// order the grid shows them.
export interface Selection {
  ids: ReadonlySet<string>
  anchor: string | null
}

export const EMPTY_SELECTION: Selection = { ids: new Set(), anchor: null }

export interface ClickMods {
  shift: boolean
  toggle: boolean
}

export function clickSelect(
  state: Selection,
  order: readonly string[],
  id: string,
  mods: ClickMods,
): Selection {
  if (mods.shift && state.anchor !== null) {
    const from = order.indexOf(state.anchor)
    const to = order.indexOf(id)
    if (from >= 0 && to >= 0) {
      const [lo, hi] = from < to ? [from, to] : [to, from]
      const ids = new Set(mods.toggle ? state.ids : [])
      for (const rangeId of order.slice(lo, hi + 1)) ids.add(rangeId)
      return { ids, anchor: state.anchor }
    }
  }
  if (mods.toggle) {
    const ids = new Set(state.ids)
    if (ids.has(id)) ids.delete(id)
    else ids.add(id)
    return { ids, anchor: id }
  }
  return { ids: new Set([id]), anchor: id }
}

export const selectAll = (order: readonly string[]): Selection => ({
  ids: new Set(order),
  anchor: order[0] ?? null,
})

/** Keeps only ids still shown (filtered out or deleted ones leave the selection). */
export function pruneSelection(state: Selection, order: readonly string[]): Selection {
  if (!state.ids.size) return state
  const shown = new Set(order)
  let changed = false
  for (const id of state.ids) if (!shown.has(id)) changed = true
  if (!changed) return state
  const ids = new Set([...state.ids].filter((id) => shown.has(id)))
  return { ids, anchor: state.anchor && shown.has(state.anchor) ? state.anchor : null }
}
