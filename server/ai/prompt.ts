// What the maker asks an OpenAI-compatible chat model for: one icon as bare SVG.
export type ChatMessage = { role: 'system' | 'user'; content: string }

const SYSTEM_PROMPT = [
  'You draw user-interface icons as SVG.',
  'Answer with one complete <svg> document only: no explanation, no Markdown.',
  'Use xmlns="http://www.w3.org/2000/svg" and viewBox="0 0 24 24" without width or height.',
  'Draw with paths and basic shapes using stroke="currentColor" (stroke-width 2, round caps and joins,',
  'fill="none") or fill="currentColor"; no text, no images, no scripts, no styles, no links.',
  'Keep 2 units of padding and at most 20 elements.',
].join(' ')

/** The messages of one variant; several variants are asked to differ from each other. */
export function iconMessages(prompt: string, variant: number, variants: number): ChatMessage[] {
  const differ =
    variants > 1
      ? `\nThis is variant ${variant + 1} of ${variants}: make it clearly different from the others.`
      : ''
  return [
    { role: 'system', content: SYSTEM_PROMPT },
    { role: 'user', content: `Icon: ${prompt}${differ}` },
  ]
}
