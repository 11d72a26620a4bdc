// Test support: type-checks generated modules in memory against the installed @types/react,
// and react-native-svg against a small stand-in declaration (the package is not installed).

import ts from 'typescript'

const RN_STUB = `declare module 'react-native-svg' {
  import type { ComponentType, ReactNode } from 'react'
  export interface SvgProps { width?: number | string; height?: number | string; color?: string; viewBox?: string; children?: ReactNode; [prop: string]: unknown }
  type El = ComponentType<{ [prop: string]: unknown; children?: ReactNode }>
  const Svg: ComponentType<SvgProps>
  export default Svg
  export const ${'__ELEMENTS__'}: El
}`

/** Diagnostics (as text) of the given .tsx modules, type-checked together. */
export function typeCheck(modules: Record<string, string>, nativeElements: string[] = []): string[] {
  const files = new Map(Object.entries(modules).map(([name, code]) => [`/virtual/${name}`, code]))
  const stub = RN_STUB.replace('__ELEMENTS__', nativeElements.join(': El\n  export const ') || '_Unused')
  files.set('/virtual/react-native-svg.d.ts', stub)
  const options: ts.CompilerOptions = {
    strict: true,
    allowJs: true,
    checkJs: false,
    noEmit: true,
    jsx: ts.JsxEmit.ReactJSX,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    target: ts.ScriptTarget.ES2022,
    skipLibCheck: true,
    types: [],
    typeRoots: [`${process.cwd()}/node_modules/@types`],
  }
  const host = ts.createCompilerHost(options)
  const read = host.readFile.bind(host)
  const exists = host.fileExists.bind(host)
  host.readFile = (f) => files.get(f) ?? read(f)
  host.fileExists = (f) => files.has(f) || exists(f)
  host.getSourceFile = (f, lang) => {
    const text = host.readFile(f)
    return text === undefined ? undefined : ts.createSourceFile(f, text, lang)
  }
  host.getCurrentDirectory = () => process.cwd()
  const program = ts.createProgram([...files.keys()], options, host)
  return ts
    .getPreEmitDiagnostics(program)
    .map((d) => `${d.file?.fileName ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`)
}
