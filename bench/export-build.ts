// `node bench/export-build.ts [icons]`: the one export builder (common/exports, ADR 0104) as the server
// runs it for GET /api/projects/export (yielding every 25 icons): the total time of each format for
// N icons (default 5,000; every tenth with a deprecated alias) and the longest the event loop waited
// meanwhile (the server's other requests wait that long at worst). The icon font (format=font, built
// on the server only, in a worker thread, ADR 0105) last, twice: from filled icons, and from
// Lucide-style stroked ones (every stroke outlined); its loop wait is the worker's, not the server's.
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { buildExport } from '../common/exports/build-export.ts'
import { EXPORT_KINDS, SERVER_ONLY_KINDS } from '../common/exports/export-kinds.ts'
import { buildIconFont } from '../server/domain/exports/icon-font.ts'

const count = Number(process.argv[2] ?? 5000)
const svg = (i: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor"><path d="M${i % 20} 2h20v20H2z M3 9l9-7 9 7 l${i} 3 c1 2 3 4 5 6"/><circle cx="12" cy="12" r="${i % 9}"/></svg>`
const icons = Array.from({ length: count }, (_, i) => ({
  name: `icon-${i}`,
  svg: svg(i),
  aliases: i % 10 ? [] : [{ name: `old-${i}`, deprecated: true, remove_in: '2.0.0' }],
}))

const filled = (i: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path fill-rule="evenodd" d="M${2 + (i % 5)} 2h20v20H2z M6 6h${4 + (i % 9)}v12H6z"/><circle cx="12" cy="12" r="${1 + (i % 3)}"/><rect x="3" y="3" width="4" height="4" rx="1"/></svg>`
const fontIcons = icons.map((icon, i) => ({
  ...icon,
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  svg: filled(i),
}))

for (const kind of EXPORT_KINDS) {
  const delay = monitorEventLoopDelay({ resolution: 5 })
  delay.enable()
  const started = performance.now()
  const result = SERVER_ONLY_KINDS.includes(kind)
    ? await buildIconFont({ projectName: 'Bench', icons: fontIcons })
    : await buildExport({ kind, projectName: 'Bench', icons }, () => {}, 25)
  const ms = performance.now() - started
  delay.disable()
  console.log(
    JSON.stringify({
      kind,
      icons: count,
      total_ms: Math.round(ms),
      max_loop_delay_ms: Math.round(delay.max / 1e6),
      bytes: result.bytes.length,
    }),
  )
}

// The icon font again from Lucide-style icons (strokes 2 wide, round caps and joins; a circle, a
// check, a house with rounded corners): every stroke outlined.
{
  const lucide = (i: number) =>
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor" ' +
    'stroke-width="2" stroke-linecap="round" stroke-linejoin="round">' +
    `<circle cx="12" cy="12" r="${4 + (i % 6)}"/><path d="m9 12 2 2 4-4"/>` +
    '<path d="M3 10a2 2 0 0 1 .709-1.528l7-5.999a2 2 0 0 1 2.582 0l7 5.999A2 2 0 0 1 21 10v9a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z"/></svg>'
  const started = performance.now()
  const stroked = await buildIconFont({
    projectName: 'Bench',
    icons: fontIcons.map((icon, i) => ({ ...icon, svg: lucide(i) })),
  })
  console.log(
    JSON.stringify({
      kind: 'font (stroked)',
      icons: count,
      total_ms: Math.round(performance.now() - started),
      skipped: stroked.skipped.length,
      bytes: stroked.bytes.length,
    }),
  )
}
