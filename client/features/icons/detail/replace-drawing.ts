// Replacing an icon's drawing from a file (issue 22, ADR 0407), shared by "Replace SVG…" in the
// detail panel and a file dropped on a tile: exactly one .svg file, run through the client's SVG
// pipeline with the icon's own id prefix (as the maker's save does), then replaceIconSvg (local
// first, queued as icons/replace): the icon keeps its id, name, aliases and history. What the
// pipeline refuses is toasted with its message; the server checks again and a refusal rolls back.
import { iconIdPrefix } from '@common/icon-rules.ts'
import { appMessages, messages } from '@common/messages.ts'
import { loadSvgPipeline } from '../../../copy/svg-pipeline.ts'
import { replaceIconSvg } from '../../../data/icons.ts'
import { toast } from '../../../lib/toast.ts'
import type { LocalIcon } from '../../../local/db.ts'

const isSvgFile = (file: File) => /\.svg$/i.test(file.name) || file.type === 'image/svg+xml'

/** Why these files cannot replace a drawing (not exactly one SVG file), or null. */
export function replaceFilesRefusal(files: readonly Pick<File, 'name' | 'type'>[]): string | null {
  if (files.length !== 1) return appMessages.replaceOneFile
  const [file] = files
  return isSvgFile(file as File) ? null : appMessages.replaceNotSvg(file!.name)
}

/**
 * Replaces the icon's drawing with the file's; `refusal` is why saving is refused here (role, plan),
 * checked first. Resolves true when the new drawing was written and queued.
 */
export async function replaceDrawing(
  icon: LocalIcon,
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
  try {
    await replaceIconSvg(icon, svg)
  } catch (error) {
    toast(messages.iconError(error instanceof Error ? error.message : String(error)))
    return false
  }
  toast(appMessages.drawingReplaced, 'success')
  return true
}
