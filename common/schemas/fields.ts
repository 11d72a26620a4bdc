// Field schemas shared by the request bodies: ids, names, e-mail addresses.
import { z } from 'zod'

/** A required, trimmed, non-blank string with the seed's message when missing or blank. */
export const requiredText = (message: string, max = 200) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `Must be at most ${max} characters` })

export const requiredId = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .pipe(z.uuid({ error: 'Invalid id' }))

export const optionalDescription = z
  .string({ error: 'Description must be text' })
  .trim()
  .max(2000, { error: 'Description must be at most 2000 characters' })
  .nullish()
  .transform((v) => v ?? '')

export const emailAddress = z
  .string({ error: 'E-mail is required' })
  .trim()
  .min(1, { error: 'E-mail is required' })
  .max(254, { error: 'Enter a valid e-mail address' })
  .pipe(z.email({ error: 'Enter a valid e-mail address' }))
  .transform((v) => v.toLowerCase())
