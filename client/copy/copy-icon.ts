// Copies one icon to the clipboard in a copy format (common/svg convertSvg, loaded lazily) and
// says so: 'Copied {name} as {format}', or the converter's or clipboard's error (CSS classes under
// the project's class prefix, ADR 0105). In a toast by default; a caller whose controls a toast
// could cover (the detail panel) shows it in place.
import { appMessages, messages } from '@common/messages.ts'
import { toast } from '../lib/toast.ts'
import { classPrefixOf } from './class-prefix-store.ts'
import { type CopyFormat, formatLabel, getCopyFormat } from './copy-format-store.ts'
import { loadSvgPipeline } from './svg-pipeline.ts'

export interface CopyableIcon {
  name: string
  /** The markup, or its read (a grid's icon holds none: the click's activation is kept meanwhile). */
  svg: string | Promise<string>
  /** Its project: CSS classes take the project's class prefix (ADR 0105). */
  project_id?: string
  /** What it means (ADR 0106); an icon nobody labelled is named by its name's words. */
  label?: string
  description?: string
  decorative?: boolean
  /** SVG: the copy's id prefix (ADR 0106); a fresh one for each copy when not given. */
  instance?: string
}

/** A fresh id prefix for an SVG copy: a letter and 7 base-36 characters (as the converter makes one). */
export const copyInstance = () =>
  `c${[...crypto.getRandomValues(new Uint8Array(7))].map((b) => (b % 36).toString(36)).join('')}`

/**
 * The icon's code in `format` (what a copy puts on the clipboard; the detail panel shows it too),
 * accessible (ADR 0106): labelled or hidden; an SVG copy's ids are its own, so two pasted copies
 * never share one.
 */
export async function iconCode(icon: CopyableIcon, format: CopyFormat): Promise<string> {
  const [{ convertSvg }, svg] = await Promise.all([loadSvgPipeline(), icon.svg])
  const meaning = {
    label: icon.label ?? '',
    description: icon.description ?? '',
    decorative: icon.decorative ?? false,
  }
  if (format === 'svg') return convertSvg(svg, format, icon.name, { ...meaning, instance: icon.instance })
  if (format !== 'css') return convertSvg(svg, format, icon.name, meaning)
  return convertSvg(svg, format, icon.name, {
    ...meaning,
    classPrefix: await classPrefixOf(icon.project_id),
  })
}

/**
 * Writes the code to the clipboard. The ClipboardItem form takes a promise, so the browser keeps
 * the click's user activation while the converter loads.
 */
async function writeClipboard(code: Promise<string>) {
  if (typeof ClipboardItem !== 'undefined' && navigator.clipboard?.write) {
    const blob = code.then((text) => new Blob([text], { type: 'text/plain' }))
    await navigator.clipboard.write([new ClipboardItem({ 'text/plain': blob })])
    return
  }
  await navigator.clipboard.writeText(await code)
}

/** Where the outcome of a copy is said: a toast, unless the caller shows it itself. */
export type CopyNotice = (message: string, type: 'success' | 'error') => void

/** Copies the icon in `format` (the chosen one by default); resolves whether it worked. */
export async function copyIcon(
  icon: CopyableIcon,
  format: CopyFormat = getCopyFormat(),
  notify: CopyNotice = (message, type) => toast(message, type),
): Promise<boolean> {
  const code = iconCode(icon, format)
  try {
    await writeClipboard(code)
    notify(appMessages.iconCopied(icon.name, formatLabel(format)), 'success')
    return true
  } catch (error) {
    const reason = await code.then(
      () => (error instanceof Error ? error.message : String(error)),
      (convertError: unknown) =>
        convertError instanceof Error ? convertError.message : String(convertError),
    )
    notify(messages.iconError(reason), 'error')
    return false
  }
}
