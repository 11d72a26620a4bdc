// A shape element (path, rect with its rounded corners, circle, ellipse, line, polygon, polyline) as
// path data in its own coordinates: one reading for the icon font's outlines (server/domain/exports/icon-font.ts)
// and the review rules' bounds (common/review-rules/bounds.ts).
import type { SvgElement } from './tree.ts'

const num = (value: string | undefined) => {
  const n = Number.parseFloat(value ?? '')
  return Number.isFinite(n) ? n : 0
}

/** A shape element's path data, in its own coordinates, or null when it has none. */
export function shapePath(el: SvgElement): string | null {
  const a = (key: string) => num(el.attrs.get(key))
  switch (el.name) {
    case 'path':
      return el.attrs.get('d') ?? null
    case 'rect': {
      const [x, y, w, h] = [a('x'), a('y'), a('width'), a('height')]
      if (w <= 0 || h <= 0) return null
      let rx = el.attrs.has('rx') ? a('rx') : a('ry')
      let ry = el.attrs.has('ry') ? a('ry') : rx
      rx = Math.min(Math.max(rx, 0), w / 2)
      ry = Math.min(Math.max(ry, 0), h / 2)
      if (!rx || !ry) return `M${x} ${y}H${x + w}V${y + h}H${x}Z`
      return (
        `M${x + rx} ${y}H${x + w - rx}A${rx} ${ry} 0 0 1 ${x + w} ${y + ry}V${y + h - ry}` +
        `A${rx} ${ry} 0 0 1 ${x + w - rx} ${y + h}H${x + rx}A${rx} ${ry} 0 0 1 ${x} ${y + h - ry}` +
        `V${y + ry}A${rx} ${ry} 0 0 1 ${x + rx} ${y}Z`
      )
    }
    case 'circle':
    case 'ellipse': {
      const [cx, cy] = [a('cx'), a('cy')]
      const rx = el.name === 'circle' ? a('r') : a('rx')
      const ry = el.name === 'circle' ? a('r') : a('ry')
      if (rx <= 0 || ry <= 0) return null
      return `M${cx - rx} ${cy}A${rx} ${ry} 0 1 0 ${cx + rx} ${cy}A${rx} ${ry} 0 1 0 ${cx - rx} ${cy}Z`
    }
    case 'line':
      return `M${a('x1')} ${a('y1')}L${a('x2')} ${a('y2')}`
    case 'polygon':
    case 'polyline': {
      const n = (el.attrs.get('points') ?? '').match(/-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?/gi) ?? []
      if (n.length < 4) return null
      const pairs: string[] = []
      for (let i = 0; i + 1 < n.length; i += 2) pairs.push(`${n[i]} ${n[i + 1]}`)
      return `M${pairs.join('L')}${el.name === 'polygon' ? 'Z' : ''}`
    }
    default:
      return null
  }
}
