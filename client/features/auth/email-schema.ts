// The sign-in form's e-mail check, loaded when the form is first sent (ADR 0406: zod is not part
// of what the sign-in page needs to show): the one e-mail rule of common/schemas/fields.ts (trimmed,
// at most 254 characters, an address, lowercased), as the server's own forms use it.
export { emailAddress as emailSchema } from '@common/schemas/fields.ts'
