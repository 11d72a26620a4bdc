// Requests of a project's releases and exports (ADR 0017, 0104):
// POST /api/projects/release, GET /api/projects/releases, GET /api/projects/release-preview and
// GET /api/projects/export.
import { z } from 'zod'
import { CLASS_PREFIX_PATTERN } from '../exports/class-prefix.ts'
import type { ExportKind } from '../exports/export-kinds.ts'
import { appMessages, exportMessages, messages } from '../messages.ts'
import { VERSION_PATTERN } from '../release-version.ts'
import { isCleanText, requiredId } from './fields.ts'
import type { ReleaseChanges } from './rows.ts'

const projectId = requiredId(messages.projectIdRequired)
export const MAX_RELEASE_NOTES = 5000

const version = z
  .string({ error: exportMessages.releaseVersionInvalid })
  .trim()
  .regex(VERSION_PATTERN, { error: exportMessages.releaseVersionInvalid })

export const releaseBody = z
  .strictObject({
    project_id: projectId,
    /** Empty or missing: the suggested version. */
    version: z
      .union([z.literal(''), version], { error: exportMessages.releaseVersionInvalid })
      .nullish()
      .transform((v) => v || null),
    notes: z
      .string({ error: 'Notes must be text' })
      .trim()
      .max(MAX_RELEASE_NOTES, { error: exportMessages.releaseNotesTooLong(MAX_RELEASE_NOTES) })
      .refine((v) => isCleanText(v, { multiline: true }), { error: appMessages.controlCharacters })
      .nullish()
      .transform((v) => v ?? ''),
  })
  .meta({ id: 'ReleaseBody' })
export type ReleaseBody = z.output<typeof releaseBody>

export const releasesQuery = z.strictObject({ project_id: projectId })

/** The formats of GET /api/projects/export and the export each builds (`svg`: the SVG ZIP). */
export const EXPORT_FORMATS = {
  svg: 'svg-zip',
  css: 'css',
  'react-ts': 'react-ts',
  'react-js': 'react-js',
  'react-native-ts': 'react-native-ts',
  sprite: 'sprite',
  font: 'font',
  iconify: 'iconify-json',
} as const satisfies Record<string, ExportKind>
export type ExportFormat = keyof typeof EXPORT_FORMATS

/** The format name of an export kind in GET /api/projects/export. */
export const exportFormatOf = (kind: ExportKind): ExportFormat =>
  (Object.keys(EXPORT_FORMATS) as ExportFormat[]).find((f) => EXPORT_FORMATS[f] === kind) ?? 'svg'

export const exportQuery = z.strictObject({
  project_id: projectId,
  format: z.enum(Object.keys(EXPORT_FORMATS) as [ExportFormat, ...ExportFormat[]], {
    error: exportMessages.exportFormatInvalid,
  }),
  /** A released version; none: the project as it is now. */
  release: z
    .union([z.literal(''), version], { error: exportMessages.releaseVersionInvalid })
    .optional()
    .transform((v) => v || null),
  /** css and font: the class prefix (ADR 0105); empty: none; missing: the project's default. */
  prefix: z
    .string({ error: exportMessages.classPrefixInvalid })
    .regex(CLASS_PREFIX_PATTERN, { error: exportMessages.classPrefixInvalid })
    .optional(),
})

/** One release (POST /api/projects/release, GET /api/projects/releases). */
export type Release = {
  version: string
  created_at: string
  notes: string
  changes: ReleaseChanges
}

/** GET /api/projects/release-preview: what a release now would be. */
export type ReleasePreview = {
  /** The latest release, if any. */
  latest: string | null
  /** The version suggested for a release now; null when nothing changed since the latest. */
  suggested: string | null
  changes: ReleaseChanges
}
