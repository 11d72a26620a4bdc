// Applies a transform into the drawing itself (path data, shape coordinates, stroke widths)
// instead of wrapping it in <g transform="matrix(…)">, so the maker's edits write clean code.
// Works for similarity transforms (uniform scale, quarter or any turn, flips, moves) on paths,
// basic shapes and groups; anything it cannot carry exactly (text, <use>, images, references
// through url(), lengths in %, non-uniform scales) makes it decline, and the caller wraps.

import type { SvgElement } from '@common/svg/index.ts'
import { apply, isIdentity, type Matrix, multiply, num, parseTransform, scaleOf } from './matrix.ts'
import { isPainted, walkShapes } from './paint-walk.ts'
import { type PathCommand, parsePath } from './path-data.ts'
import { getProp, META, setProp } from './props.ts'

class Decline extends Error {}
const decline = (): never => {
  throw new Decline()
}

/** A uniform scale with a turn and maybe a mirror: angles and circles stay what they are. */
const isSimilarity = (m: Matrix, epsilon = 1e-9) =>
  (Math.abs(m[0] - m[3]) < epsilon && Math.abs(m[1] + m[2]) < epsilon) ||
  (Math.abs(m[0] + m[3]) < epsilon && Math.abs(m[1] - m[2]) < epsilon)

const SCALED_PROPS = ['stroke-width', 'stroke-dashoffset'] as const
const SHAPES = new Set(['path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon'])

function plainNumber(value: string): number {
  const match = /^\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?)(px)?\s*$/i.exec(value)
  return match ? Number(match[1]) : decline()
}

/** Lengths that scale with the drawing: stroke widths and dashes. */
function scaleLengths(el: SvgElement, s: number): void {
  if (Math.abs(s - 1) < 1e-12) return
  for (const prop of SCALED_PROPS) {
    const value = getProp(el, prop)
    if (value !== undefined) setProp(el, prop, num(plainNumber(value) * s))
  }
  const dashes = getProp(el, 'stroke-dasharray')
  if (dashes !== undefined && dashes.trim() !== 'none')
    setProp(
      el,
      'stroke-dasharray',
      dashes
        .split(/[\s,]+/)
        .filter(Boolean)
        .map((d) => num(plainNumber(d) * s))
        .join(' '),
    )
}

function refusesReferences(el: SvgElement): void {
  for (const value of el.attrs.values()) if (/url\(/i.test(value)) decline()
  if (el.attrs.has('vector-effect')) decline()
}

const point = (m: Matrix, x: number, y: number) => apply(m, x, y).map((v) => num(v))
const attrNumber = (el: SvgElement, name: string, fallback?: number): number => {
  const raw = el.attrs.get(name)
  if (raw === undefined) return fallback ?? decline()
  return plainNumber(raw)
}

/** Path data under `m`, in absolute commands; arcs keep their shape (m is a similarity). */
function transformPathData(d: string, m: Matrix): string {
  const out: string[] = []
  let [cx, cy, sx, sy] = [0, 0, 0, 0]
  const s = scaleOf(m)
  const mirrored = m[0] * m[3] - m[1] * m[2] < 0
  const emit = (cmd: string, values: (string | number)[]) => out.push(cmd + values.join(' '))
  for (const { cmd, args } of parsePath(d) as PathCommand[]) {
    const rel = cmd === cmd.toLowerCase()
    const c = cmd.toUpperCase()
    const abs = (i: number, base: number) => (rel ? args[i]! + base : args[i]!)
    switch (c) {
      case 'M':
      case 'L':
      case 'T': {
        const [x, y] = [abs(0, cx), abs(1, cy)]
        emit(c, point(m, x, y))
        ;[cx, cy] = [x, y]
        if (c === 'M') [sx, sy] = [x, y]
        break
      }
      case 'H':
      case 'V': {
        const [x, y] = c === 'H' ? [abs(0, cx), cy] : [cx, abs(0, cy)]
        emit('L', point(m, x, y))
        ;[cx, cy] = [x, y]
        break
      }
      case 'C':
      case 'S':
      case 'Q': {
        const pts: number[] = []
        for (let i = 0; i < args.length; i += 2) pts.push(abs(i, cx), abs(i + 1, cy))
        emit(
          c,
          pts.flatMap((_, i) => (i % 2 ? [] : point(m, pts[i]!, pts[i + 1]!))),
        )
        ;[cx, cy] = [pts[pts.length - 2]!, pts[pts.length - 1]!]
        break
      }
      case 'A': {
        const [rx, ry, angle, large, sweep] = args as [number, number, number, number, number]
        const [x, y] = [abs(5, cx), abs(6, cy)]
        const rad = (angle * Math.PI) / 180
        const axis = [
          m[0] * Math.cos(rad) + m[2] * Math.sin(rad),
          m[1] * Math.cos(rad) + m[3] * Math.sin(rad),
        ]
        const turned = (Math.atan2(axis[1]!, axis[0]!) * 180) / Math.PI
        emit('A', [
          num(Math.abs(rx) * s),
          num(Math.abs(ry) * s),
          num(((turned % 360) + 360) % 360),
          large ? 1 : 0,
          (sweep ? 1 : 0) ^ (mirrored ? 1 : 0),
          ...point(m, x, y),
        ])
        ;[cx, cy] = [x, y]
        break
      }
      default:
        out.push('Z')
        ;[cx, cy] = [sx, sy]
    }
  }
  return out.join('')
}

function shapeToPathData(el: SvgElement): string {
  const n = (name: string, fallback?: number) => attrNumber(el, name, fallback)
  switch (el.name) {
    case 'rect': {
      const [x, y, w, h] = [n('x', 0), n('y', 0), n('width'), n('height')]
      if (el.attrs.has('rx') || el.attrs.has('ry')) decline()
      return `M${x} ${y}H${x + w}V${y + h}H${x}Z`
    }
    case 'circle':
    case 'ellipse': {
      const [cx, cy] = [n('cx', 0), n('cy', 0)]
      const rx = el.name === 'circle' ? n('r') : n('rx')
      const ry = el.name === 'circle' ? rx : n('ry')
      // From the rightmost point, clockwise, as SVG draws the shape: dashes fall where they did.
      return `M${cx + rx} ${cy}A${rx} ${ry} 0 1 1 ${cx - rx} ${cy}A${rx} ${ry} 0 1 1 ${cx + rx} ${cy}Z`
    }
    case 'line':
      return `M${n('x1', 0)} ${n('y1', 0)}L${n('x2', 0)} ${n('y2', 0)}`
    default: {
      const pts = (el.attrs.get('points') ?? '')
        .trim()
        .split(/[\s,]+/)
        .filter(Boolean)
        .map(Number)
      if (pts.length < 2 || pts.some((v) => !Number.isFinite(v))) decline()
      const pairs = pts.slice(0, pts.length - (pts.length % 2))
      return `M${pairs.join(' ')}${el.name === 'polygon' ? 'Z' : ''}`
    }
  }
}

const GEOMETRY = ['x', 'y', 'width', 'height', 'rx', 'ry', 'cx', 'cy', 'r', 'x1', 'y1', 'x2', 'y2', 'points']

/** Keeps a circle, ellipse or rect as itself when `m` maps it onto the same kind of shape. */
function keepShape(el: SvgElement, m: Matrix): boolean {
  const axisAligned = Math.abs(m[1]) < 1e-12 && Math.abs(m[2]) < 1e-12
  const quarterTurned = Math.abs(m[0]) < 1e-12 && Math.abs(m[3]) < 1e-12
  const n = (name: string, fallback?: number) => attrNumber(el, name, fallback)
  const s = scaleOf(m)
  if (el.name === 'circle') {
    const [cx, cy] = point(m, n('cx', 0), n('cy', 0))
    el.attrs.set('cx', cx!)
    el.attrs.set('cy', cy!)
    el.attrs.set('r', num(n('r') * s))
    return true
  }
  if (!axisAligned && !quarterTurned) return false
  if (el.name === 'ellipse') {
    const [cx, cy] = point(m, n('cx', 0), n('cy', 0))
    const [rx, ry] = quarterTurned ? [n('ry'), n('rx')] : [n('rx'), n('ry')]
    el.attrs.set('cx', cx!)
    el.attrs.set('cy', cy!)
    el.attrs.set('rx', num(rx * s))
    el.attrs.set('ry', num(ry * s))
    return true
  }
  if (el.name === 'rect') {
    const [x, y, w, h] = [n('x', 0), n('y', 0), n('width'), n('height')]
    const corners = [apply(m, x, y), apply(m, x + w, y + h)]
    const xs = corners.map((c) => c[0])
    const ys = corners.map((c) => c[1])
    el.attrs.set('x', num(Math.min(...xs)))
    el.attrs.set('y', num(Math.min(...ys)))
    el.attrs.set('width', num(Math.abs(xs[1]! - xs[0]!)))
    el.attrs.set('height', num(Math.abs(ys[1]! - ys[0]!)))
    const rx = el.attrs.has('rx') ? n('rx') : undefined
    const ry = el.attrs.has('ry') ? n('ry') : undefined
    const [rx2, ry2] = quarterTurned ? [ry, rx] : [rx, ry]
    if (rx2 === undefined) el.attrs.delete('rx')
    else el.attrs.set('rx', num(rx2 * s))
    if (ry2 === undefined) el.attrs.delete('ry')
    else el.attrs.set('ry', num(ry2 * s))
    return true
  }
  return false
}

const dashedHere = (el: SvgElement) => {
  const dashes = getProp(el, 'stroke-dasharray')?.trim()
  return dashes !== undefined && dashes !== 'none'
}

/**
 * Carries `m` into the element (its own transform composed); throws Decline when it cannot.
 * `dashed`: a dash pattern applies from above, so a shape must keep where its outline starts.
 */
function carry(el: SvgElement, m: Matrix, dashed = false): void {
  if (META.has(el.name)) return
  refusesReferences(el)
  const own = el.attrs.has('transform') ? parseTransform(el.attrs.get('transform')) : null
  if (el.attrs.has('transform') && !own) decline()
  const total = own ? multiply(m, own) : m
  if (!isSimilarity(total)) decline()
  el.attrs.delete('transform')
  scaleLengths(el, scaleOf(total))
  const dashes = dashed || dashedHere(el)
  if (el.name === 'g') {
    for (const child of el.children) if (typeof child !== 'string') carry(child, total, dashes)
    return
  }
  if (!SHAPES.has(el.name)) decline()
  if (isIdentity(total, 1e-12)) return
  // A turned rect or circle starts its outline elsewhere: with dashes, it becomes path data.
  if (!dashes && keepShape(el, total)) return
  const d = el.name === 'path' ? (el.attrs.get('d') ?? '') : shapeToPathData(el)
  if (el.name !== 'path') {
    for (const name of GEOMETRY) el.attrs.delete(name)
    el.name = 'path'
  }
  el.attrs.set('d', transformPathData(d, total))
}

/** Whether some stroked shape takes the default width (no stroke-width on it or above it). */
function strokesAtDefaultWidth(root: SvgElement): boolean {
  const explicit = new Set<SvgElement>()
  const mark = (el: SvgElement, inherited: boolean) => {
    const has = inherited || getProp(el, 'stroke-width') !== undefined
    if (has) explicit.add(el)
    for (const child of el.children) if (typeof child !== 'string') mark(child, has)
  }
  mark(root, false)
  let found = false
  walkShapes(root, ({ el, stroke }) => {
    found ||= isPainted(stroke) && !explicit.has(el)
  })
  return found
}

const clone = (el: SvgElement): SvgElement => ({
  name: el.name,
  attrs: new Map(el.attrs),
  children: el.children.map((c) => (typeof c === 'string' ? c : clone(c))),
})

/**
 * The root's drawing with `m` applied into it, or null when that cannot be done exactly (the
 * caller then wraps the drawing in a transform). Root stroke widths scale along.
 */
export function flattenInto(root: SvgElement, m: Matrix): SvgElement | null {
  if (!isSimilarity(m)) return null
  const copy = clone(root)
  try {
    refusesReferences({ ...copy, attrs: new Map([...copy.attrs].filter(([k]) => k !== 'viewBox')) })
    for (const child of copy.children) if (typeof child !== 'string') carry(child, m, dashedHere(copy))
    const s = scaleOf(m)
    if (Math.abs(s - 1) > 1e-12) {
      scaleLengths(copy, s)
      // Strokes at the default width (1) grow with the drawing too.
      if (strokesAtDefaultWidth(copy)) setProp(copy, 'stroke-width', num(s))
    }
    return copy
  } catch (error) {
    if (error instanceof Decline) return null
    throw error
  }
}
