// Replacing an icon's drawing from a file (ADR 0407), shared by "Replace SVG…" in the
// detail panel and a file dropped on a tile: exactly one .svg file, run through the client's SVG
// pipeline with the icon's own id prefix (as the maker's save does), then replaceIconSvg (local
// first, queued as icons/replace): the icon keeps its id, name, aliases and history. What the
// pipeline refuses is toasted with its message; the server checks again and a refusal rolls back.
// "Drawing replaced" offers Undo (a restore of the version it replaced) when the server has that
// version, i.e. nothing of the icon was still queued. A drawing another icon of the project already
// has (or nearly) is said too, and the drawing the icon already has is not queued at all (ADR 0109).
import { iconIdPrefix } from '@common/icon-rules.ts'
import { appMessages, messages } from '@common/messages.ts'
import { loadSvgPipeline } from '../../../copy/svg-pipeline.ts'
import { duplicateWarning } from '../../../data/duplicates.ts'
import { fullIcon, type ShownIcon } from '../../../data/icon-svgs.ts'
import { replaceIconSvg, restoreIconVersion } from '../../../data/icons.ts'
import { toast } from '../../../lib/toast.ts'
import { db, rowKey } from '../../../local/db.ts'

const isSvgFile = (file: File) => /\.svg$/i.test(file.name) || file.type === 'image/svg+xml'

/** Why these files cannot replace a drawing (not exactly one SVG file), or null. */
function replaceFilesRefusal(files: readonly Pick<File, 'name' | 'type'>[]): string | null {
  if (files.length !== 1) return appMessages.replaceOneFile
  const [file] = files
  return isSvgFile(file as File) ? null : appMessages.replaceNotSvg(file!.name)
}

/**
 * Replaces the icon's drawing with the file's; `refusal` is why saving is refused here (role, plan),
 * checked first. Resolves true when the new drawing was written and queued.
 */
export async function replaceDrawing(
  icon: ShownIcon,
  files: readonly File[],
  refusal: string | null,
): Promise<boolean> {
  const wrong = refusal ?? replaceFilesRefusal(files)
  if (wrong) {
    toast(wrong)
    return false
  }
  const file = files[0]!
  let svg: string
  try {
    const { processSvg } = await loadSvgPipeline()
    svg = await processSvg(await file.text(), { idPrefix: iconIdPrefix(icon.id) })
  } catch (error) {
    toast(appMessages.replaceRefused(file.name, error instanceof Error ? error.message : String(error)))
    return false
  }
  // The version it replaces, when the server has it (nothing of the icon queued): Undo restores it.
  const before = (await db.icons.get(icon.id)) ?? (await fullIcon(icon))
  // The same drawing (ADR 0109's rule, as the server decides it): nothing to queue, and said so.
  const { drawingKey } = await import('@common/drawing-hash.ts')
  if (drawingKey(svg) === drawingKey(before.svg)) {
    toast(appMessages.drawingUnchanged, 'info')
    return false
  }
  const settled = (await db.outbox.where('keys').equals(rowKey('icons', icon.id)).count()) === 0
  // Another icon of the project with this drawing is said after the replace (ADR 0109).
  const warning = duplicateWarning(icon.project_id, svg, icon.id)
  try {
    await replaceIconSvg(before, svg)
  } catch (error) {
    toast(messages.iconError(error instanceof Error ? error.message : String(error)))
    return false
  }
  const undo = async () => {
    const now = await db.icons.get(icon.id)
    if (!now) return
    await restoreIconVersion(now, { version: before.revision, name: before.name, svg: before.svg })
    toast(appMessages.iconVersionRestored(before.revision), 'success')
  }
  toast(
    appMessages.drawingReplaced,
    'success',
    settled ? { action: { label: appMessages.undo, run: undo } } : {},
  )
  const repeated = await warning
  if (repeated) toast(repeated, 'info')
  return true
}
