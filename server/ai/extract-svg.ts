// Finds the SVG document in a chat model's answer: inside a fenced code block or in prose.
// What it returns is still untrusted: the caller sends it through the SVG pipeline.

const TAG = /<(\/?)svg\b[^>]*?(\/?)>/gi

/** The first complete <svg>…</svg> (nested <svg> elements counted) in `text`, or null. */
function firstSvg(text: string): string | null {
  let depth = 0
  let start = -1
  for (const match of text.matchAll(TAG)) {
    const closing = match[1] === '/'
    const selfClosing = match[2] === '/'
    if (!closing && depth === 0) start = match.index
    if (!closing && !selfClosing) depth++
    else if (closing) depth = Math.max(0, depth - 1)
    if (start >= 0 && depth === 0) return text.slice(start, match.index + match[0].length)
  }
  return null
}

/** The SVG of an answer: the first fenced block holding one, else the first one anywhere. */
export function extractSvg(answer: string): string | null {
  for (const block of answer.matchAll(/```[\w-]*[^\S\n]*\n?([\s\S]*?)```/g)) {
    const svg = firstSvg(block[1] ?? '')
    if (svg) return svg
  }
  return firstSvg(answer)
}
