// Test support: type-checks generated modules with the TypeScript compiler API under
// `strict`, against the installed @types/react and the real react-native-svg (with
// react-native's own types). The modules are written as files into a fresh temporary folder
// and checked together as one program, in one compiler run.

import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))

const TYPECHECK_OPTIONS: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  allowJs: true,
  checkJs: false,
  jsx: ts.JsxEmit.ReactJSX,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  target: ts.ScriptTarget.ES2022,
  lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
  // Library declarations are the libraries' business; our modules are checked in full.
  skipLibCheck: true,
  types: [],
  // The folder lives outside the repository: bare imports resolve in its node_modules.
  baseUrl: ROOT,
  paths: { '*': [`${ROOT}node_modules/@types/*`, `${ROOT}node_modules/*`] },
}

// Declaration files of the libraries, parsed and bound once per process and shared by every
// program (as editors do), so a warm-up run pays for them ahead of the real one.
const libraryFiles = new Map<string, ts.SourceFile>()

function compilerHost(): ts.CompilerHost {
  const host = ts.createCompilerHost(TYPECHECK_OPTIONS)
  const getSourceFile = host.getSourceFile.bind(host)
  host.getSourceFile = (fileName, language, onError, shouldCreate) => {
    const shared = fileName.endsWith('.d.ts')
    const cached = shared ? libraryFiles.get(fileName) : undefined
    if (cached) return cached
    const file = getSourceFile(fileName, language, onError, shouldCreate)
    if (file && shared) libraryFiles.set(fileName, file)
    return file
  }
  return host
}

export interface TypeCheckResult {
  /** One line per error: `relative/path.tsx(line,col): message`. */
  problems: string[]
  files: number
  ms: number
}

/** What a package's consumer may set: module and moduleResolution (bundler by default). */
export type Resolution = 'bundler' | 'node16' | 'nodenext'
const RESOLUTIONS: Record<Resolution, ts.CompilerOptions> = {
  bundler: {},
  node16: { module: ts.ModuleKind.Node16, moduleResolution: ts.ModuleResolutionKind.Node16 },
  nodenext: { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext },
}
/** Node's resolutions find bare imports as a project does: in a node_modules beside the files. */
const NODE_STYLE: ts.CompilerOptions = { baseUrl: undefined, paths: undefined }
/** Files the compiler checks (others, such as package.json or README.md, are only written). */
const SOURCE = /\.[cm]?[jt]sx?$/

/**
 * Type-checks modules given as `relative path → code` (.tsx, .jsx…) in one program; other files
 * (package.json…) are written beside them. `resolution` other than bundler checks as a project with
 * that moduleResolution would (a fresh host: the shared declarations were parsed for bundler).
 */
export function typeCheck(
  modules: Record<string, string>,
  resolution: Resolution = 'bundler',
): TypeCheckResult {
  const t0 = performance.now()
  const dir = mkdtempSync(join(tmpdir(), 'iconvault-typecheck-'))
  try {
    const files: string[] = []
    for (const [name, code] of Object.entries(modules)) {
      const file = join(dir, name)
      mkdirSync(dirname(file), { recursive: true })
      writeFileSync(file, code)
      if (SOURCE.test(name)) files.push(file)
    }
    const nodeStyle = resolution !== 'bundler'
    if (nodeStyle) symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir')
    const options = { ...TYPECHECK_OPTIONS, ...RESOLUTIONS[resolution], ...(nodeStyle ? NODE_STYLE : {}) }
    const host = resolution === 'bundler' ? compilerHost() : ts.createCompilerHost(options)
    const program = ts.createProgram(files, options, host)
    const problems = ts
      .getPreEmitDiagnostics(program)
      .filter((d) => d.category === ts.DiagnosticCategory.Error)
      .map((d) => {
        const where =
          d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : undefined
        const file = d.file ? d.file.fileName.replace(`${dir}/`, '') : ''
        const at = where ? `(${where.line + 1},${where.character + 1})` : ''
        return `${file}${at}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`
      })
    return { problems, files: files.length, ms: performance.now() - t0 }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** Loads the libraries' declarations and warms the compiler up with one small check. */
export function warmUpTypeCheck(): TypeCheckResult {
  return typeCheck({
    'warm-up.tsx': [
      "import Svg, { Path } from 'react-native-svg'",
      "import type { SVGProps } from 'react'",
      'export const a = (props: SVGProps<SVGSVGElement>) => <svg {...props}><path d="M0 0" /></svg>',
      'export const b = <Svg><Path d="M0 0" /></Svg>',
    ].join('\n'),
  })
}
