// Errors and hard limits of the SVG pipeline. Every message here is shown to users as is.

export const MAX_SVG_BYTES = 512 * 1024
export const MAX_SVG_DEPTH = 64
export const MAX_SVG_ELEMENTS = 20_000
/** Attributes on one element (real icon sets use at most 10, editor exports fewer than 20). */
export const MAX_SVG_ATTRIBUTES = 100
/** Characters in one element or attribute name (the longest real one: 27). */
export const MAX_SVG_NAME_LENGTH = 100
/** Elements the drawing becomes once every <use> (and url(#id) reference) is expanded. */
export const MAX_SVG_EXPANDED_ELEMENTS = 50_000
/** Path segments in one drawing, before optimisation (the most in the Iconify sets: 904). */
export const MAX_SVG_PATH_SEGMENTS = 10_000
/** Segments in one path: svgo's path step grows with their square (the most in the Iconify sets: 314). */
export const MAX_PATH_SEGMENTS = 2_000
/** Characters of one path's data (d or points), before optimisation (the most in the Iconify sets: 4,413). */
export const MAX_PATH_DATA_LENGTH = 100_000

/** 50000 → '50,000' */
const count = (n: number): string => n.toLocaleString('en-US')

export const SVG_ERROR_MESSAGES = {
  not_svg: 'This file is not an SVG image',
  malformed: 'The SVG is not well-formed XML',
  doctype: 'SVG files with a DTD or entity declarations are not accepted',
  encoding: 'The SVG must be UTF-8 text',
  too_large: 'The SVG is larger than 512 KB',
  too_deep: `The SVG is nested too deeply (more than ${MAX_SVG_DEPTH} levels)`,
  too_many_elements: 'The SVG has more than 20,000 elements',
  too_complex: 'The styles in this SVG are too complex',
  invalid_id_prefix: 'The id prefix must start with a letter and use only letters, digits, - and _',
  unknown_format: 'Unknown copy format',
  optimize_failed: 'The SVG could not be optimised',
  forbidden_character: 'The SVG contains a character that XML does not allow',
  too_many_attributes: `An element of the SVG has more than ${MAX_SVG_ATTRIBUTES} attributes`,
  name_too_long: `An element or attribute name in the SVG is longer than ${MAX_SVG_NAME_LENGTH} characters`,
  too_many_uses: `The SVG repeats its shapes through <use> into more than ${count(MAX_SVG_EXPANDED_ELEMENTS)} elements`,
  too_many_path_segments: `The paths of the SVG have more than ${count(MAX_SVG_PATH_SEGMENTS)} segments in all; simplify them`,
  path_too_complex: `A path of the SVG has more than ${count(MAX_PATH_SEGMENTS)} segments; simplify it`,
  path_too_long: `A path of the SVG has more than ${count(MAX_PATH_DATA_LENGTH)} characters of data; simplify it`,
  nothing_to_draw: 'Nothing is left to draw in this SVG once unsupported and unsafe parts are removed',
  too_slow: 'The SVG takes too long to process (more than 2 seconds of work); simplify its paths',
} as const

export type SvgErrorCode = keyof typeof SVG_ERROR_MESSAGES

export class SvgError extends Error {
  readonly code: SvgErrorCode

  constructor(code: SvgErrorCode, detail?: string) {
    const base = SVG_ERROR_MESSAGES[code]
    super(detail ? `${base}: ${detail}` : base)
    this.name = 'SvgError'
    this.code = code
  }
}

export function isSvgError(error: unknown): error is SvgError {
  return error instanceof SvgError
}
