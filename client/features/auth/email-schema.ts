// The sign-in form's e-mail check, loaded when the form is first sent (ADR 0406: zod is not part
// of what the sign-in page needs to show).
import { appMessages } from '@common/messages.ts'
import { z } from 'zod'

export const emailSchema = z.string().trim().toLowerCase().pipe(z.email(appMessages.invalidEmail))
