// The icon font's demo page (ADR 0105): every icon drawn from the font with its class and code point,
// and the icons left out with why.
import type { ExportResult } from '../../../common/exports/export-kinds.ts'
import { hex } from './font-css.ts'

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

export function demoPage(
  title: string,
  cssFile: string,
  rows: { name: string; className: string; point: number }[],
  skipped: ExportResult['skipped'],
) {
  const items = rows
    .map(
      (r) =>
        `      <li><i class="${r.className}" aria-hidden="true"></i><span class="name">${escapeXml(r.name)}</span>` +
        `<code>.${r.className}</code><code>U+${hex(r.point).toUpperCase()}</code></li>`,
    )
    .join('\n')
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>${escapeXml(title)}: icon font</title>
    <link rel="stylesheet" href="${cssFile}">
    <style>
      body { font: 14px/1.4 system-ui, sans-serif; margin: 2rem; color: #1f2328; background: #fff; }
      ul { list-style: none; padding: 0; display: grid; gap: .75rem; grid-template-columns: repeat(auto-fill, minmax(14rem, 1fr)); }
      li { display: grid; grid-template-columns: 3rem 1fr; column-gap: .75rem; align-items: center; border: 1px solid #d0d7de; border-radius: .5rem; padding: .75rem; }
      li i { grid-row: span 3; font-size: 2rem; justify-self: center; }
      code { font-size: 12px; color: #57606a; }
      .skipped li { display: list-item; border: 0; padding: 0; }
    </style>
  </head>
  <body>
    <main>
      <h1>${escapeXml(title)}</h1>
      <p>${rows.length} icons. Use a class, e.g. <code>&lt;i class="${rows[0]?.className ?? ''}"&gt;&lt;/i&gt;</code>, with <code>${cssFile}</code>; the code point of each icon stays the same across exports.</p>
      <ul>
${items}
      </ul>${
        skipped.length
          ? `\n      <h2>Not in the font</h2>\n      <ul class="skipped">\n${skipped
              .map((x) => `        <li>${escapeXml(x.error)}</li>`)
              .join('\n')}\n      </ul>`
          : ''
      }
    </main>
  </body>
</html>
`
}
