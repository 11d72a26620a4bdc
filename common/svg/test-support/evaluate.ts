// Test support: runs generated component code. React formats are transpiled with
// TypeScript and rendered with react-dom/server; React Native output goes through a tiny
// renderer that maps react-native-svg components back to SVG elements.

import { createRequire } from 'node:module'
import { createElement, Fragment, type FunctionComponent } from 'react'
import * as jsxRuntime from 'react/jsx-runtime'
import { renderToStaticMarkup } from 'react-dom/server'
import ts from 'typescript'
import { CSS_PROPERTIES } from '../allowlist.ts'

const require = createRequire(import.meta.url)

/** Transpiles a TSX/JSX module to CommonJS; throws on syntax errors. */
export function transpile(code: string, classicFactory?: string): string {
  const out = ts.transpileModule(code, {
    reportDiagnostics: true,
    fileName: 'icon.tsx',
    compilerOptions: {
      module: ts.ModuleKind.CommonJS,
      target: ts.ScriptTarget.ES2022,
      jsx: classicFactory ? ts.JsxEmit.React : ts.JsxEmit.ReactJSX,
      jsxFactory: classicFactory,
      verbatimModuleSyntax: false,
    },
  })
  const errors = (out.diagnostics ?? []).filter((d) => d.category === ts.DiagnosticCategory.Error)
  if (errors.length) throw new Error(ts.flattenDiagnosticMessageText(errors[0]!.messageText, '\n'))
  return out.outputText
}

type Exports = Record<string, unknown>

function run(js: string, modules: Record<string, unknown>, globals: Record<string, unknown> = {}): Exports {
  const exports: Exports = {}
  const load = (id: string): unknown => {
    if (id in modules) return modules[id]
    throw new Error(`generated code imports ${id}`)
  }
  const names = Object.keys(globals)
  new Function('require', 'exports', ...names, js)(load, exports, ...names.map((n) => globals[n]))
  return exports
}

/** The default export of generated React code, evaluated. */
function loadReactComponent(code: string): FunctionComponent<Record<string, unknown>> {
  const exports = run(transpile(code), { 'react/jsx-runtime': jsxRuntime, react: require('react') })
  return exports.default as FunctionComponent<Record<string, unknown>>
}

/**
 * Renders the default export of generated React code to static markup (react-dom/server),
 * with `props`; `copies` > 1 renders that many instances side by side in one fragment.
 */
export function renderReactModule(code: string, props: Record<string, unknown> = {}, copies = 1): string {
  const component = loadReactComponent(code)
  if (copies === 1) return renderToStaticMarkup(createElement(component, props))
  const instances = Array.from({ length: copies }, (_, key) => createElement(component, { ...props, key }))
  return renderToStaticMarkup(createElement(Fragment, null, ...instances))
}

interface Node {
  type: unknown
  props: Record<string, unknown>
  children: unknown[]
}

const escapeXml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;')

function svgAttributeName(prop: string): string {
  const hyphenated = prop.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)
  return CSS_PROPERTIES.has(hyphenated) ? hyphenated : prop
}

function toSvg(node: unknown): string {
  if (typeof node === 'string') return escapeXml(node)
  if (Array.isArray(node)) return node.map(toSvg).join('')
  const { type, props, children } = node as Node
  if (typeof type === 'function') return toSvg(type({ ...props, children }))
  const tag = String(type).replace('rn:', '')
  const name = tag === 'TSpan' ? 'tspan' : tag[0]!.toLowerCase() + tag.slice(1)
  const attrs = Object.entries(props)
    .filter(([k]) => k !== 'children')
    .map(([k, v]) => ` ${svgAttributeName(k)}="${escapeXml(String(v))}"`)
  if (name === 'svg') attrs.unshift(' xmlns="http://www.w3.org/2000/svg"')
  // Native text renders its strings literally, like xml:space="preserve".
  if (name === 'text') attrs.push(' xml:space="preserve"')
  return `<${name}${attrs.join('')}>${toSvg(children)}</${name}>`
}

/** Renders generated react-native-svg code to SVG markup with a tiny stand-in renderer. */
export function renderReactNativeModule(code: string, props: Record<string, unknown> = {}): string {
  const components = new Proxy({} as Record<string, string>, {
    get: (_t, key) => (key === '__esModule' ? true : key === 'default' ? 'rn:Svg' : `rn:${String(key)}`),
  })
  const h = (type: unknown, props: Record<string, unknown> | null, ...children: unknown[]): Node => ({
    type,
    props: props ?? {},
    children: children.flat(),
  })
  const exports = run(transpile(code, 'h'), { 'react-native-svg': components }, { h })
  const component = exports.default as (props: object) => unknown
  return toSvg(component(props))
}
