// Request bodies and rows of /api/tokens (ADR 0019): personal API tokens.
import { z } from 'zod'
import { isIconifyPrefix } from '../iconify-prefix.ts'
import { appMessages, iconifyMessages, messages } from '../messages.ts'
import { requiredId, requiredText } from './fields.ts'

const TOKEN_SCOPES = ['read', 'write'] as const
export type TokenScope = (typeof TOKEN_SCOPES)[number]

/** What every token starts with: a scanner (or a person) recognises a leaked one. */
export const TOKEN_PREFIX = 'ivt_'

/** Live tokens (not revoked, not expired) one user may hold at once (ADR 0019). */
export const MAX_ACTIVE_TOKENS = 100

/** The most projects one token may be limited to. */
const MAX_TOKEN_PROJECTS = 500

export const createTokenBody = z.strictObject({
  name: requiredText(appMessages.tokenNameRequired, 100),
  scope: z.enum(TOKEN_SCOPES, { error: appMessages.tokenScopeInvalid }),
  /** Left out (or null): every project of the user, now and later. */
  project_ids: z
    .array(requiredId(appMessages.tokenProjectsInvalid), { error: appMessages.tokenProjectsInvalid })
    .min(1, { error: appMessages.tokenProjectsInvalid })
    .max(MAX_TOKEN_PROJECTS, { error: appMessages.tokenProjectsInvalid })
    .nullish()
    .transform((v) => (v ? [...new Set(v)] : null)),
  /** An ISO 8601 date-time in the future; left out (or null): never expires. */
  expires_at: z
    .string({ error: appMessages.tokenExpiryInvalid })
    .trim()
    .pipe(z.iso.datetime({ offset: true, error: appMessages.tokenExpiryInvalid }))
    .refine((v) => Date.parse(v) > Date.now(), { error: appMessages.tokenExpiryInvalid })
    .nullish()
    .transform((v) => v ?? null),
})
export type CreateTokenBody = z.output<typeof createTokenBody>

export const revokeTokenBody = z.strictObject({ id: requiredId(appMessages.tokenNotFound) })

/** One token as GET /api/tokens lists it (never the token itself). */
const apiTokenRow = z.object({
  id: z.string(),
  name: z.string(),
  scope: z.enum(TOKEN_SCOPES),
  project_ids: z.array(z.string()).nullable(),
  expires_at: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
})
export type ApiTokenRow = z.infer<typeof apiTokenRow>

/** POST /api/tokens/pin-prefix: the project an Iconify prefix answers for the caller's tokens (ADR 0021). */
export const pinPrefixBody = z.strictObject({
  prefix: z.string({ error: iconifyMessages.prefixInvalid }).refine(isIconifyPrefix, {
    error: iconifyMessages.prefixInvalid,
  }),
  project_id: requiredId(messages.projectIdRequired),
})
export type PinPrefixBody = z.output<typeof pinPrefixBody>

/** A project that carries a prefix, as GET /api/tokens/prefixes lists it. */
type PrefixProject = { id: string; name: string; workspace_name: string | null }

/** One Iconify prefix the caller's live tokens reach (GET /api/tokens/prefixes). */
export type IconifyPrefixRow = {
  prefix: string
  /** The project it answers for a token of every project. */
  project_id: string
  /** The caller chose that project (else it was the first to answer, or first in their order). */
  chosen: boolean
  /** Several projects carry it and the caller chose none. */
  ambiguous: boolean
  /** Every project of the caller's that carries it, in their order (personal, then workspaces joined first). */
  projects: PrefixProject[]
  /** The live tokens that reach it, with the project each answers. */
  tokens: { id: string; name: string; project_id: string }[]
}
