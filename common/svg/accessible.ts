// What every output says to assistive technology (ADR 0106): a decorative icon is hidden
// (aria-hidden, no title); a labelled SVG is role="img" named by aria-label, with a <title> (the same
// text, the tooltip) and a <desc> (its description) as its first children, none with an id: nothing
// points at an id that svgo's default cleanupIds would drop, so the name and description survive a
// user's svgo run. The label falls back to the words of the icon's name, so an icon nobody labelled
// is still named.
import { labelFromName } from '../icon-meaning.ts'
import { prefixIds } from './instance-ids.ts'
import type { SvgElement } from './tree.ts'

/** What an icon means, as the converters take it (ConvertOptions). */
export interface MeaningOptions {
  /** Its accessible name; the words of its name when blank. */
  label?: string
  /** A longer description (<desc>). */
  description?: string
  /** Hidden from assistive technology. */
  decorative?: boolean
}

/** The accessibility of one output: always a label (a React caller may un-hide a decorative icon). */
export interface Accessibility {
  decorative: boolean
  label: string
  description: string
}

const oneLine = (text: string | undefined) => (text ?? '').replace(/\s+/g, ' ').trim()

/**
 * The accessibility asked for, or null when the caller gave none of label, description and
 * decorative (the output stays as it always was: ADR 0100's contract).
 */
export function accessibilityOf(name: string, options: MeaningOptions): Accessibility | null {
  const { label, description, decorative } = options
  if (label === undefined && description === undefined && decorative === undefined) return null
  return {
    decorative: decorative === true,
    label: oneLine(label) || labelFromName(name),
    description: (description ?? '').trim(),
  }
}

/** Root attributes an output's accessibility replaces: the stored icon's own say nothing then. */
const OWN = /^(?:role|aria-.*)$/

/**
 * Drops the root's own accessibility: its role and aria-* attributes and its direct <title> and
 * <desc> children (the pipeline keeps them; the stored meaning replaces them).
 */
export function dropOwnAccessibility(root: SvgElement): void {
  for (const name of [...root.attrs.keys()]) if (OWN.test(name)) root.attrs.delete(name)
  root.children = root.children.filter(
    (c) => typeof c === 'string' || (c.name !== 'title' && c.name !== 'desc'),
  )
}

/** A fresh prefix for one copy's ids: a letter and 7 base-36 characters. */
export function freshInstance(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(7))
  return `i${[...bytes].map((b) => (b % 36).toString(36)).join('')}`
}

/**
 * Gives an SVG (an <svg> or a sprite's <symbol>) its accessibility, in place: a <title> and a <desc>
 * first, without ids. `instance`: the copy's id prefix (its drawing's ids become `${instance}-<id>`,
 * so two copies on a page share none); with one, the root is an image named by `aria-label` (SVG-AAM
 * takes the description from the <desc> child). Without one (a sprite's symbol, which a <use> does
 * not expose), only the title and description.
 */
export function makeAccessible(root: SvgElement, a11y: Accessibility, instance?: string): void {
  dropOwnAccessibility(root)
  if (instance) prefixIds(root, instance)
  if (a11y.decorative) {
    root.attrs.set('aria-hidden', 'true')
    return
  }
  const text = (name: 'title' | 'desc', value: string): SvgElement => ({
    name,
    attrs: new Map(),
    children: [value],
  })
  const described = a11y.description !== ''
  if (instance) {
    root.attrs.set('role', 'img')
    root.attrs.set('aria-label', a11y.label)
  }
  root.children.unshift(text('title', a11y.label), ...(described ? [text('desc', a11y.description)] : []))
}

/** A tree given what its icon (`name`) means, in place, without ids (a sprite's symbol); as is without meaning. */
export function makeAccessibleTree(root: SvgElement, name: string, options: MeaningOptions): void {
  const a11y = accessibilityOf(name, options)
  if (a11y) makeAccessible(root, a11y)
}
