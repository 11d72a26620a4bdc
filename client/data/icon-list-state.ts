// The state behind a project's live icon list (live-project-icons.ts): the rows as last read from
// the local database, plus rows of a list just fetched from the server that the database does not
// hold yet (shown at once; each leaves the overlay when the database is read for it). Only a change
// of what is shown makes a new array, and unchanged rows keep their object, so memoised tiles do
// not re-render. Pure, tested beside this file.
import type { LocalIcon } from '../local/db.ts'
import { sameRow } from '../local/reconcile.ts'

export class IconListState {
  private rows = new Map<string, LocalIcon>()
  private readonly overlay = new Map<string, LocalIcon>()
  private shown: LocalIcon[] = []
  private stale = false
  private answered = false
  private readonly projectId: string

  constructor(projectId: string) {
    this.projectId = projectId
  }

  /** What to show; undefined until the database or a fetched list answered. */
  get value(): LocalIcon[] | undefined {
    if (!this.answered) return undefined
    if (this.stale) {
      this.shown = [...this.rows.values(), ...this.overlay.values()]
      this.stale = false
    }
    return this.shown
  }

  /** The project as read from the database, whole. Returns whether what is shown changed. */
  replaceAll(list: readonly LocalIcon[]): boolean {
    const next = new Map<string, LocalIcon>()
    let same = list.length === this.rows.size
    for (const row of list) {
      const old = this.rows.get(row.id) ?? this.overlay.get(row.id)
      const kept = old && sameRow(old, row) ? old : row
      if (kept !== this.rows.get(row.id)) same = false
      next.set(row.id, kept)
      if (this.overlay.delete(row.id)) same = false
    }
    this.rows = next
    return this.mark(!same)
  }

  /** Rows read from the database by key (`got[i]` undefined: not there). */
  update(ids: readonly string[], got: readonly (LocalIcon | undefined)[]): boolean {
    let changed = false
    ids.forEach((id, i) => {
      const row = got[i]
      const fetched = this.overlay.get(id)
      const old = this.rows.get(id) ?? fetched
      this.overlay.delete(id)
      if (row && row.project_id === this.projectId) {
        const kept = old && sameRow(old, row) ? old : row
        if (kept !== old) changed = true
        this.rows.set(id, kept)
      } else if (old) {
        this.rows.delete(id)
        changed = true
      }
    })
    return this.mark(changed)
  }

  /** Rows of a fetched list that are about to be stored: those the database did not give yet show now. */
  addFetched(list: readonly LocalIcon[]): boolean {
    let changed = false
    for (const row of list) {
      if (row.project_id !== this.projectId || this.rows.has(row.id)) continue
      const old = this.overlay.get(row.id)
      if (old && sameRow(old, row)) continue
      this.overlay.set(row.id, row)
      changed = true
    }
    return this.mark(changed)
  }

  /** Ids shown from a fetched list only, not yet confirmed by the database. */
  unconfirmed(): string[] {
    return [...this.overlay.keys()]
  }

  /** Notes a change of what is shown; the first answer (even an empty one) counts as one. */
  private mark(changed: boolean): boolean {
    const first = !this.answered
    this.answered = true
    if (changed || first) this.stale = true
    return changed || first
  }
}
