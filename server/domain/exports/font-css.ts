// The icon font's stylesheet (ADR 0105): the @font-face of its WOFF2, a base rule on every class of
// the prefix (the class list when the prefix is empty), then one `::before` rule per icon, its
// aliases as more selectors, its content the icon's code point.

/** A code point as CSS and codepoints.json write it. */
export const hex = (point: number) => point.toString(16)

export function fontCss(
  family: string,
  file: string,
  prefix: string,
  rules: { classes: string[]; point: number }[],
) {
  const all = rules.flatMap((r) => r.classes)
  const base = prefix
    ? `[class^="${prefix}"],\n[class*=" ${prefix}"]`
    : all.map((c) => `.${c}`).join(',\n') || '.icon-none'
  return [
    `/* ${family}: ${rules.length} icons, from Iconvault. Code points stay the same across exports. */`,
    '@font-face {',
    `  font-family: "${family}";`,
    `  src: url("fonts/${file}") format("woff2");`,
    '  font-weight: normal;',
    '  font-style: normal;',
    '  font-display: block;',
    '}',
    '',
    `${base} {`,
    `  font-family: "${family}" !important;`,
    '  speak: never;',
    '  font-style: normal;',
    '  font-weight: normal;',
    '  font-variant: normal;',
    '  text-transform: none;',
    '  line-height: 1;',
    '  -webkit-font-smoothing: antialiased;',
    '  -moz-osx-font-smoothing: grayscale;',
    '}',
    '',
    ...rules.map(
      ({ classes, point }) =>
        `${classes.map((c) => `.${c}::before`).join(',\n')} {\n  content: "\\${hex(point)}";\n}\n`,
    ),
  ].join('\n')
}
