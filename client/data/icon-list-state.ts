// The state behind a project's live icon list (live-project-icons.ts): the rows as last read from
// the local database, plus rows of a list just fetched from the server that the database does not
// hold yet (shown at once; each leaves the overlay when the database is read for it). Only a change
// of what is shown makes a new array, and unchanged rows keep their object, so memoised tiles do
// not re-render. It holds heads, not rows (icon-heads.ts, ADR 0423): the markup of the rows it is given
// goes to icon-svgs.ts, held for fetched rows until the database has them, else only for what is drawn.
// Tested beside this file.
import type { LocalIcon } from '../local/db.ts'
import { sameRow } from '../local/reconcile.ts'
import { headOf, type IconHead } from './icon-heads.ts'
import { holdFetched, offer, releaseFetched } from './icon-svgs.ts'

export class IconListState {
  private rows = new Map<string, IconHead>()
  private readonly overlay = new Map<string, IconHead>()
  private shown: IconHead[] = []
  private stale = false
  private answered = false
  private readonly projectId: string

  constructor(projectId: string) {
    this.projectId = projectId
  }

  /** What to show; undefined until the database or a fetched list answered. */
  get value(): IconHead[] | undefined {
    if (!this.answered) return undefined
    if (this.stale) {
      this.shown = [...this.rows.values(), ...this.overlay.values()]
      this.stale = false
    }
    return this.shown
  }

  /** The project as read from the database, whole. Returns whether what is shown changed. */
  replaceAll(list: readonly LocalIcon[]): boolean {
    offer(list)
    const next = new Map<string, IconHead>()
    let same = list.length === this.rows.size
    for (const row of list) {
      const head = headOf(row)
      const old = this.rows.get(row.id) ?? this.overlay.get(row.id)
      const kept = old && sameRow(old, head) ? old : head
      if (kept !== this.rows.get(row.id)) same = false
      next.set(row.id, kept)
      if (this.unlay(row.id)) same = false
    }
    this.rows = next
    return this.mark(!same)
  }

  /** Rows read from the database by key (`got[i]` undefined: not there). */
  update(ids: readonly string[], got: readonly (LocalIcon | undefined)[]): boolean {
    let changed = false
    offer(got.filter((row) => row !== undefined))
    ids.forEach((id, i) => {
      const row = got[i]
      const fetched = this.overlay.get(id)
      const old = this.rows.get(id) ?? fetched
      this.unlay(id)
      if (row && row.project_id === this.projectId) {
        const head = headOf(row)
        const kept = old && sameRow(old, head) ? old : head
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
      const head = headOf(row)
      holdFetched(row, head.svg_hash)
      const old = this.overlay.get(row.id)
      if (old && sameRow(old, head)) continue
      this.overlay.set(row.id, head)
      changed = true
    }
    return this.mark(changed)
  }

  /** Ids shown from a fetched list only, not yet confirmed by the database. */
  unconfirmed(): string[] {
    return [...this.overlay.keys()]
  }

  /** Takes a row out of the overlay (and its drawing out of the held ones); whether it was there. */
  private unlay(id: string): boolean {
    if (!this.overlay.delete(id)) return false
    releaseFetched(id)
    return true
  }

  /** Notes a change of what is shown; the first answer (even an empty one) counts as one. */
  private mark(changed: boolean): boolean {
    const first = !this.answered
    this.answered = true
    if (changed || first) this.stale = true
    return changed || first
  }
}
