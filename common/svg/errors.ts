// Errors and hard limits of the SVG pipeline. Every message here is shown to users as is.

export const MAX_SVG_BYTES = 512 * 1024
export const MAX_SVG_DEPTH = 64
export const MAX_SVG_ELEMENTS = 20_000

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
