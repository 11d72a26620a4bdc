// The vault's bulk actions on a selection: approve, move or copy to another project, delete (with
// Undo), export as a ZIP of SVG files, add or remove tags and mark decorative or not. Changes are local first and queued (local/bulk-queue.ts); the
// outbox toasts failures. A move keeps the icons themselves (ids, authors, dates): one POST
// /api/icons/move. A copy makes new icons through the create path (POST /api/icons/create-many, its
// plan, role and quota checks), each remembering its original in origin_icon_id (ADR 0410).

import { exportIcon } from '@common/exports/export-kinds.ts'
import { MAX_TAGS, normalTags } from '@common/icon-meaning.ts'
import { iconIdPrefix, movedIconStatus, newIconReview } from '@common/icon-rules.ts'
import { appMessages, meaningMessages } from '@common/messages.ts'
import { freeName, type NameClash, type NameClashChoice, nameKey } from '@common/name-clashes.ts'
import type { IconStatus } from '@common/schemas/icons.ts'
import { runExport, saveFile } from '../../../copy/exports/run-export.ts'
import { fullIcons, type ShownIcon } from '../../../data/icon-svgs.ts'
import { toast } from '../../../lib/toast.ts'
import { approveIcons, createIcons, moveIcons, updateIconsMeaning } from '../../../local/bulk-queue.ts'
import type { LocalIcon, LocalProject } from '../../../local/db.ts'
import { isHeld, projectIcons, syncProjectIcons } from '../../../local/icons.ts'
import { deleteWithUndo } from '../trash/delete-with-undo.ts'
import { iconCount } from '../vault-view.ts'

// The selection is of heads (the live list's, without markup: ADR 0423); what a change snapshots, sends
// or exports is the whole row (fullIcons).

export async function approveSelected(icons: readonly ShownIcon[]) {
  const pending = await fullIcons(icons.filter((icon) => icon.icon_status === 'needs-review'))
  await approveIcons(pending)
  toast(appMessages.iconsApproved(pending.length), 'success')
}

/** Deletes the icons with an Undo toast (trash/delete-with-undo.ts). */
export const deleteSelected = (icons: readonly ShownIcon[]) => deleteWithUndo(icons)

export interface MoveTarget {
  project: LocalProject
  /** 'needs-review' when the target reviews what this user adds; else null (the server decides too). */
  review: boolean
}

/**
 * The same icons (ids, authors, dates) in the target project; their status as the server will decide.
 * `clash`: what to do with those whose names the target holds (the move dialog asked; ADR 0404):
 * skipped ones stay, renamed ones take the first free name (the server decides the same way).
 */
export async function moveSelected(
  selected: readonly ShownIcon[],
  target: MoveTarget,
  clash?: { choice: NameClashChoice; clashes: readonly NameClash[]; held: readonly string[] },
) {
  const icons = await fullIcons(selected)
  const into = target.project.workspace_id
  const at = new Date().toISOString()
  const clashing = new Set(clash?.clashes.map((c) => c.id))
  const arriving = icons.filter(
    (from) => from.project_id !== target.project.id && !(clash?.choice === 'skip' && clashing.has(from.id)),
  )
  const taken = new Set(clash?.held.map(nameKey))
  for (const from of arriving) if (!clashing.has(from.id)) taken.add(nameKey(from.name))
  const moved = arriving.map((from) => {
    const sameTeam = from.workspace_id === into
    const status: IconStatus = movedIconStatus(
      target.review ? 'needs-review' : 'approved',
      from.icon_status,
      sameTeam,
    )
    const renamed = clash?.choice === 'rename' && clashing.has(from.id)
    const to: LocalIcon = {
      ...from,
      name: renamed ? freeName(from.name, taken) : from.name,
      project_id: target.project.id,
      workspace_id: into,
      icon_status: status,
      updated_at: at,
    }
    return { from, to }
  })
  await moveIcons(moved, clash?.choice)
  toast(appMessages.iconsMoved(moved.length, target.project.name), 'success')
}

/**
 * The names the target project holds, from the local copy: listed from the server first when it is
 * not held here yet (online); null when they cannot be known (offline: the server still refuses a
 * clash, and the outbox rolls that move back with its message).
 */
export async function targetNames(projectId: string): Promise<string[] | null> {
  if (!(await isHeld(projectId))) {
    if (!navigator.onLine) return null
    try {
      await syncProjectIcons(projectId)
    } catch {
      return null
    }
    if (!(await isHeld(projectId))) return null
  }
  return (await projectIcons(projectId)).map((i) => i.name)
}

/**
 * New icons in the target project, one per original: a new id, the original's name and markup, this
 * user as author, `origin_icon_id` the original's id; the status a create there gets (the server
 * decides it too). Dated a millisecond apart so "oldest first" keeps the selection's order.
 */
export async function copySelected(selected: readonly ShownIcon[], target: MoveTarget, userId: string) {
  const icons = await fullIcons(selected)
  const start = Date.now()
  const rows: LocalIcon[] = icons.map((from, i) => {
    const at = new Date(start + i).toISOString()
    const id = crypto.randomUUID()
    return {
      id,
      name: from.name,
      // Its internal ids get the copy's own prefix, as the server's pipeline gives them (ADR 0013).
      svg: from.svg.replaceAll(iconIdPrefix(from.id), iconIdPrefix(id)),
      user_id: userId,
      origin_icon_id: from.id,
      project_id: target.project.id,
      workspace_id: target.project.workspace_id,
      icon_status: target.review ? 'needs-review' : 'approved',
      revision: 1,
      aliases: [],
      // A copy means what its original means.
      label: from.label,
      description: from.description,
      decorative: from.decorative,
      tags: [...from.tags],
      ...newIconReview(target.review ? 'needs-review' : 'approved'),
      created_at: at,
      updated_at: at,
    }
  })
  await createIcons(rows)
  toast(appMessages.iconsCopied(rows.length, target.project.name), 'success')
  return rows
}

/** Adds (or removes) tags on every selected icon; an icon past MAX_TAGS keeps the first ones. */
export async function tagSelected(icons: readonly ShownIcon[], tags: readonly string[], add: boolean) {
  const words = normalTags(tags)
  await updateIconsMeaning(icons, (icon) => ({
    tags: add
      ? normalTags([...icon.tags, ...words]).slice(0, MAX_TAGS)
      : icon.tags.filter((t) => !words.includes(t)),
  }))
  const count = iconCount(icons.length)
  toast(add ? meaningMessages.tagsAddedTo(count) : meaningMessages.tagsRemovedFrom(count), 'success')
}

/** Marks every selected icon decorative (hidden from screen readers) or not. */
export async function markSelectedDecorative(icons: readonly ShownIcon[], decorative: boolean) {
  await updateIconsMeaning(icons, () => ({ decorative }))
  const count = iconCount(icons.length)
  toast(
    decorative ? meaningMessages.markedDecorative(count) : meaningMessages.markedLabelled(count),
    'success',
  )
}

export async function exportSelected(
  selected: readonly ShownIcon[],
  projectName: string,
  onProgress: (done: number, total: number) => void,
) {
  const icons = await fullIcons(selected)
  // As the project's export takes each icon: its former names (aliases.json) and meaning too.
  const result = await runExport({ kind: 'svg-zip', projectName, icons: icons.map(exportIcon) }, onProgress)
  saveFile(result)
  toast(appMessages.exportReady(result.fileName), 'success')
}
