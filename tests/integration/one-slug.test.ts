// One name, one slug (common/slug.ts, ADR 0104): a table of names (camelCase, accents, digits,
// punctuation, other scripts, emoji, names with no slug at all) run through every output that names
// an icon or a project by a slug, each asserting the same slug: the CSS copy format, the SVG ZIP, CSS
// and sprite exports, the icon font's classes, the Iconify names (endpoint and package), the CLI's
// file names, the download's file name; and, for projects, the export file names, the default class
// prefix and the database's default Iconify prefix (on PGlite and Postgres, through app.request()).
import { randomUUID } from 'node:crypto'
import { strFromU8, unzipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildFiles } from '../../cli/lib/build-files.ts'
import { buildExport } from '../../common/exports/build-export.ts'
import { defaultClassPrefix } from '../../common/exports/class-prefix.ts'
import type { ExportKind } from '../../common/exports/export-kinds.ts'
import { iconifyNames } from '../../common/exports/iconify-json.ts'
import { iconifyPrefixBase } from '../../common/iconify-prefix.ts'
import { iconSlug, projectSlug, slug } from '../../common/slug.ts'
import { convertSvg } from '../../common/svg/index.ts'
import { buildIconFont } from '../../server/domain/exports/icon-font.ts'
import { createTestApp, type TestApp } from '../setup/test-app.ts'
import { dbKinds } from '../setup/test-db.ts'

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M4 4h16v16H4z"/></svg>'

/** Name → its slug (what every output names it). */
const TABLE: [string, string][] = [
  ['ArrowLeft', 'arrow-left'],
  ['arrow left', 'arrow-left'],
  ['HTMLParser', 'html-parser'],
  ['iPhone', 'i-phone'],
  ['Café Icons', 'cafe-icons'],
  ['Crème brûlée', 'creme-brulee'],
  ['Ünïcode', 'unicode'],
  ['3d box', 'icon-3d-box'],
  ['icon2x', 'icon2x'],
  ['h1Title', 'h1-title'],
  ['arrow/left (old)!', 'arrow-left-old'],
  ['a--b__c', 'a-b-c'],
  ['ﬁle', 'file'],
  ['ＡＢＣ', 'abc'],
  ['Pfeil→links', 'pfeil-links'],
  ['rocket 🚀 launch', 'rocket-launch'],
  ['стрелка вправо', 'icon'],
  ['矢印', 'icon'],
  ['🙂', 'icon'],
  ['!!!', 'icon'],
]

const one = (name: string) => [{ id: randomUUID(), name, svg: SVG, aliases: [] }]
const files = async (kind: ExportKind, name: string) =>
  unzipSync((await buildExport({ kind, projectName: 'P', icons: one(name) }, () => {})).bytes)
const text = async (kind: ExportKind, name: string) =>
  strFromU8(
    (await buildExport({ kind, projectName: 'P', icons: one(name), classPrefix: '' }, () => {})).bytes,
  )

/** Each output: the slug it gives an icon named `name`. */
const OUTPUTS: [string, (name: string) => string | Promise<string>][] = [
  [
    'CSS copy format',
    (name) => /^\.([^\s{,]+) \{/m.exec(convertSvg(SVG, 'css', name, { classPrefix: '' }))![1]!,
  ],
  ['SVG ZIP export', async (name) => Object.keys(await files('svg-zip', name))[0]!.replace(/\.svg$/, '')],
  ['CSS export', async (name) => /^\.([^\s{,]+) \{/m.exec(await text('css', name))![1]!],
  ['sprite export', async (name) => /<symbol id="([^"]+)"/.exec(await text('sprite', name))![1]!],
  [
    'icon font',
    async (name) => {
      const font = await buildIconFont({ projectName: 'P', icons: one(name), classPrefix: '' })
      return Object.keys(JSON.parse(strFromU8(unzipSync(font.bytes)['codepoints.json']!)))[0]!
    },
  ],
  ['Iconify name', (name) => iconifyNames(one(name)).named[0]!.name],
  [
    'Iconify package',
    async (name) =>
      Object.keys(JSON.parse(strFromU8((await files('iconify-json', name))['icons.json']!)).icons)[0]!,
  ],
  ['CLI file name', (name) => buildFiles(one(name), 'svg', '')!.icons[0]!.file.replace(/\.svg$/, '')],
]

describe('one slug for every output', () => {
  it('the slug function itself', () => {
    for (const [name, expected] of TABLE) expect(iconSlug(name), name).toBe(expected)
    expect(slug('🙂')).toBe('')
    expect(slug('3d box')).toBe('3d-box')
  })

  for (const [output, of] of OUTPUTS)
    it(`${output}: the same slug for every name of the table`, async () => {
      for (const [name, expected] of TABLE)
        expect(await of(name), `${output} of ${JSON.stringify(name)}`).toBe(expected)
    })

  it('Iconify keeps the name an icon had before as an alias of it ("ArrowLeft" was arrowleft)', () => {
    const { named, aliases } = iconifyNames([...one('ArrowLeft'), ...one('Café'), ...one('3d box')])
    expect(named.map((n) => n.name)).toEqual(['icon-3d-box', 'arrow-left', 'cafe'])
    expect(aliases).toEqual({ '3d-box': 'icon-3d-box', arrowleft: 'arrow-left' })
  })

  it('a project name: export file names and the default class prefix from the same slug', async () => {
    for (const [name] of TABLE) {
      const base = projectSlug(name)
      expect(base, name).toBe(slug(name) || 'icons')
      const built = await buildExport({ kind: 'svg-zip', projectName: name, icons: one('a') }, () => {})
      expect(built.fileName).toBe(`${base}-svg.zip`)
    }
    expect(defaultClassPrefix('Café Icons')).toBe('cafe-')
    expect(defaultClassPrefix('BrandIcons')).toBe('brand-')
  })
})

describe.each(dbKinds)('the database derives the Iconify prefix by the same slug (%s)', (kind) => {
  let t: TestApp
  let cookie: string

  beforeAll(async () => {
    t = await createTestApp(kind)
    cookie = await t.signIn(`slug-${kind}@example.com`)
    await t.setPlan(`slug-${kind}@example.com`, 'pro')
  })
  afterAll(() => t?.close())

  it('each project name of the table, and a long one cut at 40 characters', async () => {
    const long = 'A Very Long Project Name For Brand Icons Of The Marketing Site'
    for (const name of [...TABLE.map(([n]) => n), long]) {
      const id = randomUUID()
      const created = await t.post('/api/projects/create', cookie, { id, name, workspace_id: null })
      expect(created.status, JSON.stringify(created.body)).toBe(200)
      expect(created.body.data.iconify_prefix, name).toBe(iconifyPrefixBase(name))
      // Gone again, so that two names with one slug do not get "-2".
      expect((await t.post('/api/projects/delete', cookie, { id })).status).toBe(200)
    }
    expect(iconifyPrefixBase(long)).toBe('a-very-long-project-name-for-brand-icons')
  })

  it('the downloaded file is named by the icon slug', async () => {
    const project = randomUUID()
    await t.post('/api/projects/create', cookie, { id: project, name: 'Downloads', workspace_id: null })
    for (const [name, expected] of TABLE.slice(0, 6)) {
      const id = randomUUID()
      const created = await t.post('/api/icons/create', cookie, { id, name, svg: SVG, project_id: project })
      expect(created.status, JSON.stringify(created.body)).toBe(200)
      const res = await t.request(`/api/icons/download?id=${id}`, { cookie })
      expect(res.headers.get('content-disposition'), name).toBe(`attachment; filename="${expected}.svg"`)
    }
  })
})
