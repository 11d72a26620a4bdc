// The Iconify endpoint's inputs (ADR 0021), described in GET /api/openapi.json. The
// route is lenient as Iconify's API is (unknown names end in not_found; at most 500 names are read).
import { z } from 'zod'
import { TOKEN_PREFIX } from './tokens.ts'

/** The API token (TOKEN_PREFIX…) in the path: read or write, only reads are routed. */
export const iconifyToken = z.string().describe(`An API token (${TOKEN_PREFIX}…), read or write`)
/** A project's Iconify prefix. */
export const iconifyPrefix = z
  .string()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/)
  .describe("A project's Iconify prefix")
/** An icon's Iconify name (or a former name of it). */
export const iconifyName = z.string().describe("An icon's Iconify name or one of its former names")

/** `<prefix>.json?icons=a,b` */
export const iconifyIconsQuery = z.object({
  icons: z
    .string()
    .optional()
    .describe(
      'Icon names, comma-separated; unknown ones, and any past the first 500 distinct names, are listed in not_found',
    ),
})

/** `last-modified?prefixes=a,b` */
export const iconifyLastModifiedQuery = z.object({
  prefixes: z
    .string()
    .optional()
    .describe('Prefixes, comma-separated; none: every project the token reaches'),
})
