// The meaning fields of an icon's create and update bodies: label, description,
// decorative, tags. Absent means "as it is" on update and "none" on create (ADR 0106).
import { z } from 'zod'
import {
  MAX_DESCRIPTION_LENGTH,
  MAX_LABEL_LENGTH,
  MAX_TAG_LENGTH,
  MAX_TAGS,
  normalTags,
} from '../icon-meaning.ts'
import { appMessages, meaningMessages } from '../messages.ts'
import { isCleanText } from './fields.ts'

const text = (message: string, max: number, multiline: boolean) =>
  z
    .string({ error: message })
    .trim()
    .refine((v) => isCleanText(v, { multiline }), { error: appMessages.controlCharacters, abort: true })
    .refine((v) => v.length <= max, { error: message })

const tag = z
  .string({ error: meaningMessages.tagInvalid })
  .refine((v) => isCleanText(v), { error: meaningMessages.tagInvalid, abort: true })
  .refine((v) => v.trim().length <= MAX_TAG_LENGTH, { error: meaningMessages.tagTooLong })

/** The optional meaning fields of POST /api/icons/create, /create-many's items and /update. */
export const iconMeaningFields = {
  label: text(meaningMessages.labelTooLong, MAX_LABEL_LENGTH, false).optional(),
  description: text(meaningMessages.descriptionTooLong, MAX_DESCRIPTION_LENGTH, true).optional(),
  decorative: z.boolean({ error: meaningMessages.decorativeInvalid }).optional(),
  /** Normalised (common/icon-meaning.ts: trimmed, lower case, deduplicated); at most MAX_TAGS after. */
  tags: z
    .array(tag, { error: meaningMessages.tagsInvalid })
    .transform(normalTags)
    .refine((tags) => tags.length <= MAX_TAGS, { error: meaningMessages.tooManyTags })
    .optional(),
}
