// Field schemas shared by the request bodies: ids, names, descriptions, e-mail addresses.
// The one place that keeps control characters out of stored text (Postgres text cannot hold
// NUL, and the others steer terminals, logs and e-mail headers).
import { z } from 'zod'
import { appMessages } from '../messages.ts'

/** C0 and C1 control characters and DEL, tab and line breaks included (single-line text). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/
/** The same, but tab, line feed and carriage return are allowed (multi-line text). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
const CONTROL_CHARACTERS_BUT_WHITESPACE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/

/** Half of a UTF-16 surrogate pair without its other half (not valid Unicode text). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

/** Whether text is free of control characters and of lone UTF-16 surrogates. */
export function isCleanText(value: string, opts: { multiline?: boolean } = {}): boolean {
  const forbidden = opts.multiline ? CONTROL_CHARACTERS_BUT_WHITESPACE : CONTROL_CHARACTERS
  return !forbidden.test(value) && !LONE_SURROGATE.test(value)
}

/** A trimmed string, refused with appMessages.controlCharacters when it holds control characters. */
const cleanString = (message: string, opts: { multiline?: boolean } = {}) =>
  z
    .string({ error: message })
    .trim()
    .refine((v) => isCleanText(v, opts), { error: appMessages.controlCharacters, abort: true })

/** A required, trimmed, non-blank, single-line string with the given message (docs/product.md §Validation) when missing or blank. */
export const requiredText = (message: string, max = 200) =>
  cleanString(message)
    .min(1, { error: message })
    .max(max, { error: `Must be at most ${max} characters` })

export const requiredId = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .pipe(z.uuid({ error: 'Invalid id' }))

/** Free text over several lines: line breaks and tabs are kept, other control characters refused. */
export const optionalDescription = cleanString('Description must be text', { multiline: true })
  .max(2000, { error: 'Description must be at most 2000 characters' })
  .nullish()
  .transform((v) => v ?? '')

/** RFC 5321: a forward-path holds at most 254 characters of address. */
const MAX_EMAIL_LENGTH = 254

export const emailAddress = z
  .string({ error: 'E-mail is required' })
  .trim()
  .min(1, { error: 'E-mail is required' })
  .max(MAX_EMAIL_LENGTH, { error: appMessages.emailTooLong })
  .pipe(z.email({ error: appMessages.invalidEmail }))
  .transform((v) => v.toLowerCase())
