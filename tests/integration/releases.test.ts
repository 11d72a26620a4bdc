// Releases through the API (ADR 0017, 0104): the version suggested from the changes
// (rename home → house keeps `home` as a deprecated alias: minor), editable upward only; a release's
// React TS package exports House and a deprecated Home that still compiles, with tsc's deprecation
// suggestion; a release's export stays byte-identical after later edits; the server's export of the
// latest state is the in-app builder's on the same rows; who may release (project:release).
import { randomUUID } from 'node:crypto'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import { strFromU8, unzipSync } from 'fflate'
import ts from 'typescript'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildExport } from '../../common/exports/build-export.ts'
import { exportIcon } from '../../common/exports/export-kinds.ts'
import { exportMessages } from '../../common/messages.ts'
import { EXPORT_FORMATS, type ExportFormat } from '../../common/schemas/releases.ts'
import { postgresOnly } from '../setup/postgres-only.ts'
import { seedTeam } from '../setup/seed-team.ts'
import { createTestApp, type Json, type TestApp } from '../setup/test-app.ts'
import type { DbKind } from '../setup/test-db.ts'

const drawing = (d: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor"><path d="${d}"/></svg>`
const FORMATS = Object.keys(EXPORT_FORMATS) as ExportFormat[]
const ROOT = fileURLToPath(new URL('../..', import.meta.url))

/** Compiles `files` (written under .cache/, so `react` resolves from node_modules) with tsc. */
function compile(files: Record<string, string>, entry: string) {
  const dir = join(ROOT, '.cache', 'test', `release-${randomUUID()}`)
  mkdirSync(dir, { recursive: true })
  try {
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text)
    const options: ts.CompilerOptions = {
      strict: true,
      noEmit: true,
      jsx: ts.JsxEmit.ReactJSX,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      target: ts.ScriptTarget.ES2022,
      skipLibCheck: true,
      types: [],
    }
    const names = Object.keys(files).map((f) => join(dir, f))
    const host: ts.LanguageServiceHost = {
      getScriptFileNames: () => names,
      getScriptVersion: () => '1',
      getScriptSnapshot: (f) => {
        const text = ts.sys.readFile(f)
        return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text)
      },
      getCurrentDirectory: () => dir,
      getCompilationSettings: () => options,
      getDefaultLibFileName: ts.getDefaultLibFilePath,
      fileExists: ts.sys.fileExists,
      readFile: ts.sys.readFile,
      readDirectory: ts.sys.readDirectory,
      directoryExists: ts.sys.directoryExists,
      getDirectories: ts.sys.getDirectories,
    }
    const service = ts.createLanguageService(host)
    const program = service.getProgram()!
    const errors = ts
      .getPreEmitDiagnostics(program)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))
    const suggestions = service.getSuggestionDiagnostics(join(dir, entry)).map((d) => ({
      code: d.code,
      text: ts.flattenDiagnosticMessageText(d.messageText, '\n'),
    }))
    return { errors, suggestions }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

function releaseFlow(kind: DbKind) {
  let t: TestApp
  let owner: string
  let admin: string
  let member: string
  let viewer: string
  const wsId = randomUUID()
  const projectId = randomUUID()
  const ids: Record<string, string> = {}

  const create = async (name: string, d: string) => {
    const id = randomUUID()
    const res = await t.post('/api/icons/create', owner, {
      id,
      name,
      svg: drawing(d),
      project_id: projectId,
      workspace_id: wsId,
    })
    expect(res.status).toBe(200)
    ids[name] = id
    return id
  }
  const release = (cookie: string, body: Json = {}) =>
    t.post('/api/projects/release', cookie, { project_id: projectId, ...body })
  const exported = async (format: ExportFormat, release?: string, cookie = viewer) => {
    const res = await t.request(
      `/api/projects/export?project_id=${projectId}&format=${format}${release ? `&release=${release}` : ''}`,
      { cookie },
    )
    expect(res.status, `${format} ${release}`).toBe(200)
    return { res, bytes: new Uint8Array(await res.arrayBuffer()) }
  }

  beforeAll(async () => {
    t = await createTestApp(kind)
    const team = await seedTeam(t, {
      owner: 'rel-owner@example.com',
      members: {
        'rel-admin@example.com': 'admin',
        'rel-member@example.com': 'member',
        'rel-viewer@example.com': 'viewer',
      },
      wsId,
    })
    owner = team.owner
    admin = team.members['rel-admin@example.com']!
    member = team.members['rel-member@example.com']!
    viewer = team.members['rel-viewer@example.com']!
    const made = await t.post('/api/projects/create', owner, {
      id: projectId,
      name: 'Release Set',
      workspace_id: wsId,
    })
    expect(made.status).toBe(200)
    await create('home', 'M3 9l9-7 9 7')
    await create('star', 'M12 2l3 7h7l-6 4 2 8-6-5-6 5 2-8-6-4h7z')
  })
  afterAll(() => t?.close())

  it('the first release is 1.0.0 with everything added; only admins and the owner may release', async () => {
    for (const cookie of [viewer, member]) {
      const refused = await release(cookie)
      expect(refused.status).toBe(403)
      expect(refused.body.code).toBe('not_authorized')
    }
    const preview = await t.get(`/api/projects/release-preview?project_id=${projectId}`, viewer)
    expect(preview.status).toBe(200)
    expect(preview.body.data).toMatchObject({ latest: null, suggested: '1.0.0' })
    const first = await release(admin, { notes: 'First set' })
    expect(first.status).toBe(200)
    expect(first.body.data).toMatchObject({ version: '1.0.0', notes: 'First set' })
    expect(first.body.data.changes.added.map((a: Json) => a.name)).toEqual(['home', 'star'])
    expect(Object.keys(first.body.data).sort()).toEqual(['changes', 'created_at', 'notes', 'version'])
    const again = await release(owner)
    expect(again.status).toBe(409)
    expect(again.body).toEqual({ error: exportMessages.nothingChanged('1.0.0'), code: 'unchanged' })
  })

  it('renaming home to house is minor; the version is editable upward only', async () => {
    const renamed = await t.post('/api/icons/update', owner, { id: ids.home, name: 'house' })
    expect(renamed.status).toBe(200)
    expect(renamed.body.data.aliases).toEqual([expect.objectContaining({ name: 'home', deprecated: true })])
    const preview = await t.get(`/api/projects/release-preview?project_id=${projectId}`, member)
    expect(preview.body.data).toMatchObject({
      latest: '1.0.0',
      suggested: '1.1.0',
      changes: {
        renamed: [{ id: ids.home, from: 'home', to: 'house' }],
        deprecated: [expect.objectContaining({ icon_id: ids.home, name: 'home' })],
        added: [],
        removed: [],
      },
    })
    const lower = await release(owner, { version: '1.0.9' })
    expect(lower.status).toBe(400)
    expect(lower.body.error).toBe(exportMessages.releaseVersionTooLow('1.1.0'))
    expect((await release(owner, { version: 'v1.2' })).status).toBe(400)
    expect((await release(owner, { version: '1.0.0' })).status).toBe(400)
    const minor = await release(owner, { notes: 'House' })
    expect(minor.status).toBe(200)
    expect(minor.body.data.version).toBe('1.1.0')
    expect(minor.body.data.changes.renamed).toEqual([{ id: ids.home, from: 'home', to: 'house' }])
  })

  it("the release's React TS package exports House and a deprecated Home that still compiles", async () => {
    const { res, bytes } = await exported('react-ts', '1.1.0')
    expect(res.headers.get('content-type')).toBe('application/zip')
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="release-set-react-ts-1.1.0.zip"',
    )
    const files = Object.fromEntries(
      Object.entries(unzipSync(bytes)).map(([name, data]) => [name, strFromU8(data)]),
    )
    expect(files['index.ts']).toContain("export { House } from './House.js'")
    expect(files['index.ts']).toContain(
      "export { /** @deprecated Use House. */ House as Home } from './House.js'",
    )
    expect(JSON.parse(files['package.json']!).version).toBe('1.1.0')
    const sources: Record<string, string> = {}
    for (const [name, text] of Object.entries(files))
      if (name.endsWith('.ts') || name.endsWith('.tsx')) sources[name] = text
    // The generated package is the folder `icons` imports from: index.ts next to the app file.
    const app =
      'import { Home, House } from \'./index\'\n\nexport const icons = [<Home key="a" />, <House key="b" />]\n'
    const { errors, suggestions } = compile({ ...sources, 'app.tsx': app }, 'app.tsx')
    expect(errors).toEqual([])
    expect(suggestions).toContainEqual({ code: 6385, text: "'Home' is deprecated." })
    expect(suggestions.filter((s) => s.text.includes('House'))).toEqual([])
  })

  it('a release downloads under a file name with its version, the latest state without one', async () => {
    for (const format of FORMATS) {
      // As the owner: the viewer's exports of the other tests stay within the per-user limit.
      const release = (await exported(format, '1.1.0', owner)).res.headers.get('content-disposition')
      const latest = (await exported(format, undefined, owner)).res.headers.get('content-disposition')
      expect(release, format).toMatch(/^attachment; filename="release-set-[a-z-]*1\.1\.0\.(zip|svg|css)"$/)
      expect(latest, format).not.toContain('1.1.0')
      expect(release!.replace('-1.1.0', ''), format).toBe(latest)
    }
  })

  it("a release's export is byte-identical after later edits; the latest is the in-app builder's", async () => {
    const before = await Promise.all(FORMATS.map(async (f) => (await exported(f, '1.1.0')).bytes))
    // Later edits: a rename, a new drawing, a delete, an addition, the project renamed.
    expect((await t.post('/api/icons/update', admin, { id: ids.star, name: 'sparkle' })).status).toBe(200)
    expect(
      (await t.post('/api/icons/replace', admin, { id: ids.home, svg: drawing('M2 2h20v20H2z') })).status,
    ).toBe(200)
    await create('moon', 'M12 3a9 9 0 1 0 9 9 7 7 0 0 1-9-9z')
    expect((await t.post('/api/icons/delete', owner, { id: ids.moon })).status).toBe(200)
    expect((await t.post('/api/icons/delete', owner, { id: ids.star })).status).toBe(200)
    await create('sun', 'M12 7a5 5 0 1 0 0 10 5 5 0 0 0 0-10z')
    expect((await t.post('/api/projects/update', owner, { id: projectId, name: 'Renamed Set' })).status).toBe(
      200,
    )
    const after = await Promise.all(FORMATS.map(async (f) => (await exported(f, '1.1.0')).bytes))
    for (const [i, format] of FORMATS.entries())
      expect(Buffer.from(after[i]!).equals(Buffer.from(before[i]!)), format).toBe(true)

    // The latest state: the same bytes as the builder run on the rows the browser holds.
    const list = await t.get(`/api/icons?project_id=${projectId}`, viewer)
    expect(list.status).toBe(200)
    const rows = list.body.data as Json[]
    expect(rows.map((r) => r.name).sort()).toEqual(['house', 'sun'])
    // The icon font is built on the server only (ADR 0105): its release bytes are compared above.
    for (const format of FORMATS.filter((f) => f !== 'font')) {
      const { res, bytes } = await exported(format)
      const inApp = await buildExport(
        // The Iconify package is named by the project's Iconify prefix, which a rename keeps (ADR 0021).
        {
          kind: EXPORT_FORMATS[format],
          projectName: 'Renamed Set',
          icons: rows.map(exportIcon),
          iconifyPrefix: 'release-set',
        },
        () => {},
      )
      expect(Buffer.from(bytes).equals(Buffer.from(inApp.bytes)), format).toBe(true)
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${inApp.fileName}"`)
    }
    const sprite = await exported('sprite')
    expect(sprite.res.headers.get('content-type')).toBe('image/svg+xml')
    expect((await exported('css')).res.headers.get('content-type')).toBe('text/css; charset=utf-8')

    const missing = await t.request(`/api/projects/export?project_id=${projectId}&format=svg&release=3.0.0`, {
      cookie: viewer,
    })
    expect(missing.status).toBe(404)
    expect(await missing.json()).toEqual({ error: exportMessages.releaseNotFound, code: 'not_found' })
  })

  it('a removal is major; the list is newest first with each changelog', async () => {
    const preview = await t.get(`/api/projects/release-preview?project_id=${projectId}`, viewer)
    expect(preview.body.data.suggested).toBe('2.0.0')
    expect(preview.body.data.changes.removed).toEqual([{ id: ids.star, name: 'star' }])
    expect(preview.body.data.changes.changed).toEqual([
      expect.objectContaining({
        id: ids.home,
        name: 'house',
        after: expect.stringContaining('M2 2h20v20H2z'),
      }),
    ])
    const major = await release(admin, { version: '2.1.0' })
    expect(major.status).toBe(200)
    expect(major.body.data.version).toBe('2.1.0')
    expect((await release(admin)).status).toBe(409)
    const list = await t.get(`/api/projects/releases?project_id=${projectId}`, viewer)
    expect(list.status).toBe(200)
    expect(list.body.data.map((r: Json) => r.version)).toEqual(['2.1.0', '1.1.0', '1.0.0'])
    expect(list.body.data[2].notes).toBe('First set')
    expect(list.body.data[0].changes.added).toEqual([{ id: ids.sun, name: 'sun' }])
    expect(Object.keys(list.body.data[0].changes)).not.toContain('project_name')
  })

  it('in personal mode the owner releases', async () => {
    const me = await t.signIn('rel-personal@example.com')
    await t.setPlan('rel-personal@example.com', 'pro')
    const own = randomUUID()
    expect(
      (await t.post('/api/projects/create', me, { id: own, name: 'Mine', workspace_id: null })).status,
    ).toBe(200)
    const first = await t.post('/api/projects/release', me, { project_id: own })
    expect(first.status).toBe(200)
    expect(first.body.data.version).toBe('1.0.0')
    // A version some release of the project already has (here one stored as older than 1.0.0, as a
    // release made meanwhile would be): 409 version_taken, what the dialog reads the list again on.
    await t.ctx.store.db.execute(sql`
      insert into project_releases (project_id, version, notes, user_id, icons, changes, created_at)
      select project_id, '1.5.0', notes, user_id, icons, changes, created_at - interval '1 day'
      from project_releases where project_id = ${own} and version = '1.0.0'`)
    const added = await t.post('/api/icons/create', me, {
      id: randomUUID(),
      name: 'moon',
      svg: drawing('M4 4h16v16H4z'),
      project_id: own,
      workspace_id: null,
    })
    expect(added.status).toBe(200)
    const taken = await t.post('/api/projects/release', me, { project_id: own, version: '1.5.0' })
    expect(taken).toEqual({
      status: 409,
      body: { error: exportMessages.releaseVersionTaken('1.5.0'), code: 'version_taken' },
    })
    // Somebody else's personal project is not found at all.
    expect((await t.post('/api/projects/release', owner, { project_id: own })).status).toBe(404)
  })
}

describe('releases on pglite', () => releaseFlow('pglite'))
postgresOnly('releases on postgres', () => {
  releaseFlow('postgres')

  describe('two releases at once', () => {
    let t: TestApp
    afterAll(() => t?.close())
    it('one gets the version, the other is told nothing changed since it', async () => {
      t = await createTestApp('postgres')
      const me = await t.signIn('rel-race@example.com')
      await t.setPlan('rel-race@example.com', 'pro')
      const project = randomUUID()
      expect(
        (await t.post('/api/projects/create', me, { id: project, name: 'Race', workspace_id: null })).status,
      ).toBe(200)
      const answers = await Promise.all(
        [1, 2].map(() => t.post('/api/projects/release', me, { project_id: project })),
      )
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409])
      expect(answers.find((a) => a.status === 409)?.body.error).toBe(exportMessages.nothingChanged('1.0.0'))
    })
  })
})
