// Presentation properties as they apply on an element, and the elements that draw nothing: shared
// by the tree (tree.ts) and the walks under it (flatten.ts, paint-walk.ts), so those import this
// small module and not tree.ts, which imports them (no import cycle, ADR 0010).
import { parseDeclarations, type SvgElement, serializeDeclarations } from '@common/svg/index.ts'

/** Elements that hold no drawing of their own and stay direct children of the root. */
export const META = new Set(['title', 'desc', 'metadata'])

/** A presentation property as it applies on the element itself (style="" wins over the attribute). */
export function getProp(el: SvgElement, name: string): string | undefined {
  const declared = parseDeclarations(el.attrs.get('style') ?? '').find((d) => d.property === name)
  return declared?.value ?? el.attrs.get(name)
}

/** Sets (or with null removes) a presentation property as an attribute, clearing it from style="". */
export function setProp(el: SvgElement, name: string, value: string | null): void {
  const style = el.attrs.get('style')
  if (style !== undefined) {
    const rest = parseDeclarations(style).filter((d) => d.property !== name)
    const text = serializeDeclarations(rest)
    if (text) el.attrs.set('style', text)
    else el.attrs.delete('style')
  }
  if (value === null) el.attrs.delete(name)
  else el.attrs.set(name, value)
}
