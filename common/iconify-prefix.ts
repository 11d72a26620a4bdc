// A project's Iconify prefix (ADR 0021): what `@provider:prefix:name` names it by. Iconify's
// rule: lowercase words of a-z and 0-9 joined by single hyphens. The database derives one from the
// project's name by the one slug (common/slug.ts; in SQL: drizzle/0017_one_slug.sql), then "-2",
// "-3"… while a live project of its scope holds it; an admin may change it, unique in its workspace.
import { slug } from './slug.ts'

/** Iconify's prefix rule (as @iconify/utils' matchIconName for prefixes). */
const ICONIFY_PREFIX = /^[a-z0-9]+(-[a-z0-9]+)*$/

/** The longest prefix accepted (the derived ones are at most 40 characters, plus a "-n" suffix). */
const MAX_ICONIFY_PREFIX_LENGTH = 48

export const isIconifyPrefix = (value: string): boolean =>
  value.length <= MAX_ICONIFY_PREFIX_LENGTH && ICONIFY_PREFIX.test(value)

/** The derived prefix before "-2", "-3"…: the name's slug, at most 40 characters, "icons" when none. */
export const iconifyPrefixBase = (projectName: string): string =>
  slug(projectName).slice(0, 40).replace(/-+$/, '') || 'icons'
