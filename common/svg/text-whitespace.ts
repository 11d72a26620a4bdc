// XML whitespace handling of SVG text, done ahead of time for targets that render text
// strings literally (react-native-svg): default mode drops newlines, turns tabs into
// spaces, collapses runs of spaces and trims each <text>; xml:space="preserve" only turns
// newlines and tabs into spaces.

import { type SvgElement, walk } from './tree.ts'

interface Piece {
  parent: SvgElement
  index: number
  preserve: boolean
}

function textPieces(text: SvgElement, inherited: boolean): Piece[] {
  const pieces: Piece[] = []
  const visit = (el: SvgElement, preserve: boolean): void => {
    const space = el.attrs.get('xml:space')
    const mode = space === 'preserve' ? true : space === 'default' ? false : preserve
    el.children.forEach((child, index) => {
      if (typeof child === 'string') pieces.push({ parent: el, index, preserve: mode })
      else visit(child, mode)
    })
  }
  visit(text, inherited)
  return pieces
}

function collapse(text: SvgElement, inherited: boolean): void {
  const pieces = textPieces(text, inherited)
  let lastWasSpace = true // strips leading spaces
  let lastSpace: Piece | null = null
  for (const piece of pieces) {
    const source = piece.parent.children[piece.index] as string
    let out = ''
    for (const raw of source) {
      const newline = raw === '\n' || raw === '\r'
      if (newline && !piece.preserve) continue
      const c = raw === '\t' || newline ? ' ' : raw
      if (c === ' ' && !piece.preserve) {
        if (lastWasSpace) continue
        lastWasSpace = true
        lastSpace = piece
      } else {
        lastWasSpace = false
        lastSpace = null
      }
      out += c
    }
    piece.parent.children[piece.index] = out
  }
  if (lastSpace) {
    const text = lastSpace.parent.children[lastSpace.index] as string
    lastSpace.parent.children[lastSpace.index] = text.slice(0, -1)
  }
  walk(text, (el) => {
    el.children = el.children.filter((c) => c !== '')
    el.attrs.delete('xml:space')
  })
}

/** Applies XML whitespace rules to every <text> element's strings, in place. */
export function collapseTextWhitespace(root: SvgElement): SvgElement {
  const visit = (el: SvgElement, preserve: boolean): void => {
    const space = el.attrs.get('xml:space')
    const mode = space === 'preserve' ? true : space === 'default' ? false : preserve
    if (el.name === 'text') {
      collapse(el, mode)
      return
    }
    for (const child of el.children) if (typeof child !== 'string') visit(child, mode)
  }
  visit(root, false)
  return root
}
