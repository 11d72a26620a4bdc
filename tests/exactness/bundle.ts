// Packs many generated component modules into a few files for one TypeScript run (one file
// per module costs the compiler ~2.3× more per component). Each module must have exactly
// the shape convertSvg writes; its function goes verbatim into its own block, its import
// lines are checked against the names it uses and replaced by one import per file, and its
// `export` keywords are dropped (block-scoped functions cannot collide across modules).

export interface Unpacked {
  /** The import lines, as written. */
  imports: string[]
  /** `function Name(props: …) { … }`, verbatim but for the dropped `export`. */
  fn: string
  name: string
}

const REACT_IMPORTS = new Set([
  "import type { SVGProps } from 'react'",
  "import { type SVGProps, useId } from 'react'",
])

/** Splits a React TS module into its parts; throws when it does not have the expected shape. */
export function unpackReact(code: string): Unpacked {
  const m =
    /^(import [^\n]+)\n\nexport (function ([A-Za-z_$][\w$]*)\(props: SVGProps<SVGSVGElement>\) \{\n[\s\S]*\n\})\n\nexport default \3\n$/.exec(
      code,
    )
  if (!m) throw new Error(`unexpected React TS module shape:\n${code.slice(0, 300)}`)
  const [, imports, fn, name] = m as unknown as [string, string, string, string]
  if (!REACT_IMPORTS.has(imports)) throw new Error(`unexpected import: ${imports}`)
  if (imports.includes('useId') !== fn.includes('  const uid = useId()\n'))
    throw new Error(
      `${name}: useId imported ${imports.includes('useId') ? 'but not used' : 'but not imported'}`,
    )
  return { imports: [imports], fn, name }
}

/** Splits a React Native TS module into its parts; throws when it does not have the expected shape. */
export function unpackNative(code: string): Unpacked & { components: string[] } {
  const m =
    /^((?:\/\/[^\n]*\n)*)(import Svg(?:, \{ ([A-Za-z, ]+) \})? from 'react-native-svg')\nimport type \{ SvgProps \} from 'react-native-svg'\n\nexport (function ([A-Za-z_$][\w$]*)\((?:props: SvgProps|\{ size = 24, \.\.\.props \}: SvgProps & \{ size\?: number \| string \})\) \{\n[\s\S]*\n\})\n\nexport default \5\n$/.exec(
      code,
    )
  if (!m) throw new Error(`unexpected React Native TS module shape:\n${code.slice(0, 300)}`)
  const [, , importLine, named, fn, name] = m as unknown as [
    string,
    string,
    string,
    string | undefined,
    string,
    string,
  ]
  const components = named ? named.split(', ') : []
  const used = new Set([...fn.matchAll(/<([A-Z]\w*)/g)].map((u) => u[1]!))
  used.delete('Svg')
  if ([...used].sort().join() !== components.join())
    throw new Error(`${name}: imports ${components.join()} but uses ${[...used].sort().join()}`)
  return { imports: [importLine], fn, name, components }
}

/** One file holding many React TS components. */
export function reactBundle(parts: Unpacked[]): string {
  return ["import { type SVGProps, useId } from 'react'", '', ...parts.map((p) => `{\n${p.fn}\n}\n`)].join(
    '\n',
  )
}

/** One file holding many React Native TS components. */
export function nativeBundle(parts: (Unpacked & { components: string[] })[]): string {
  const names = [...new Set(parts.flatMap((p) => p.components))].sort()
  return [
    `import Svg${names.length ? `, { ${names.join(', ')} }` : ''} from 'react-native-svg'`,
    "import type { SvgProps } from 'react-native-svg'",
    '',
    ...parts.map((p) => `{\n${p.fn}\n}\n`),
  ].join('\n')
}
