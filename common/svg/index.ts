// The one SVG pipeline of Iconvault, shared by server and browser.
//
//   processSvg(input, { idPrefix })  parse → sanitize → normalize → optimize → sanitize;
//                                    the server stores only its output
//   sanitizeSvg(input)               allowlist rebuild of untrusted SVG
//   normalizeSvg(svg, { idPrefix })  viewBox, no fixed size, <style> inlined, ids prefixed
//   optimizeSvg(svg)                 svgo 4, loaded lazily
//   importSvg(input)                 the processSvg pipeline, synchronous, never throws:
//                                    { svg } or { error }; ids get a hash-based prefix
//   convertSvg(svg, format, name, options?)  the copy formats (alias convert); options: the CSS
//                                    class prefix, what the icon means (label, description,
//                                    decorative: every format emits it, ADR 0106) and the
//                                    SVG copy's id prefix (instance)
//
// The tree (readSvg: parse + allowlist into SvgElement; serialize) and a few CSS and reference
// helpers are exported for the maker's editing ops and the sprite export, which work on it; the
// raw parse (parseSvgTree into RawElement), the allowlist step on it (sanitizeRaw) and
// RENAMED_ELEMENTS for the maker's report of what the allowlist removed (editor/removals.ts).
// This file is the only way into common/svg from outside it (scripts/check-boundaries.ts, ADR 0010).
//
// Everything else throws SvgError (with a user-facing message and a `code`) when it refuses input:
// beyond the limits of errors.ts (size, depth, elements, attributes, names, <use> expansion,
// path segments), characters XML forbids, DTDs (a public DOCTYPE without internal subset is dropped),
// and, for processSvg and importSvg, a drawing with nothing left to draw.

import { convertSvg } from './convert.ts'
import { importSvg } from './import-svg.ts'
import { normalizeSvg } from './normalize.ts'
import { optimizeSvg } from './optimize.ts'
import { processSvg } from './pipeline.ts'
import { sanitizeSvg } from './sanitize.ts'

export { makeAccessibleTree } from './accessible.ts'
export { RENAMED_ELEMENTS } from './allowlist.ts'
export {
  COPY_FORMAT_LABELS,
  COPY_FORMATS,
  type ConvertOptions,
  type CopyFormat,
  convertSvg,
  isCopyFormat,
} from './convert.ts'
export { svgDataUri } from './convert-css.ts'
export { type Declaration, parseDeclarations, serializeDeclarations } from './css.ts'
export {
  isSvgError,
  MAX_PATH_DATA_LENGTH,
  MAX_PATH_SEGMENTS,
  MAX_SVG_ATTRIBUTES,
  MAX_SVG_BYTES,
  MAX_SVG_DEPTH,
  MAX_SVG_ELEMENTS,
  MAX_SVG_EXPANDED_ELEMENTS,
  MAX_SVG_NAME_LENGTH,
  MAX_SVG_PATH_SEGMENTS,
  SVG_ERROR_MESSAGES,
  SvgError,
  type SvgErrorCode,
} from './errors.ts'
export { type IconifyIconData, isMulticolour, toIconifyIcon } from './iconify.ts'
export { hashString, importIdPrefix, importSvg, SVGO_NOT_LOADED } from './import-svg.ts'
export { inlineStyles } from './inline-styles.ts'
export { componentName, cssClassName } from './names.ts'
export { type NormalizeOptions, normalizeSvg, parseViewBox } from './normalize.ts'
export { loadSvgo, optimizeSvg } from './optimize.ts'
export { parseSvgTree } from './parse.ts'
export { processSvg } from './pipeline.ts'
export { readSvg, sanitizeRaw, sanitizeSvg } from './sanitize.ts'
export { shapePath } from './shape-path.ts'
export { SVGO_CONFIG } from './svgo-config.ts'
export { type SvgElement, serialize } from './tree.ts'
export { localRefId } from './values.ts'
export type { RawElement } from './xml-reader.ts'

/** `convert` is part of the contract (ADR 0100: checks outside the codebase call it), beside `importSvg`. */
export const convert = convertSvg

const svgPipeline = /* @__PURE__ */ Object.freeze({
  processSvg,
  sanitizeSvg,
  normalizeSvg,
  optimizeSvg,
  convertSvg,
  importSvg,
})

export default svgPipeline
