// The worst SVG inputs we know for the server's pipeline, for tests and bench/hostile-svg.ts:
// the reported path-heavy reproductions (over common/svg's input limits, refused at once) and the
// costliest drawings just under those limits (accepted, about 0.5 s of CPU each).

const svg = (body: string) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">${body}</svg>`
const path = (segment: string, count: number) => `<path d="M0 0${segment.repeat(count)}"/>`

/** The reported reproduction: one path, `M0 0` then ` l1.123 2.456` ten thousand times (127 KB). */
export const ISSUE_ICON = svg(path(' l1.123 2.456', 10_000))

/** The second reported one: forty thousand segments (480 KB). */
export const ISSUE_ICON_40K = svg(path(' l1.123 2.456', 40_000))

/** Within every input limit (5 paths of 1,999 curve segments, 250 KB): ~0.5 s of CPU. */
export const WORST_ALLOWED = svg(path(' c1.1 2.2 3.3 4.4 5.5 6.6', 1999).repeat(5))

/**
 * The costliest drawing within every input limit we know (5 paths of 1,999 elliptical arcs, 240 KB):
 * 0.25 s of warm CPU on a fast machine, 1.7 times the curves of WORST_ALLOWED. What a deadline test
 * sends: past a 100 ms deadline whatever the machine's speed so far.
 */
export const SLOWEST_ALLOWED = svg(path(' a1.3 2.1 17 0 1 2.7 1.9', 1999).repeat(5))

/** Just under the limits too: 20 paths of 499 line segments (9,980 in all). */
export const MANY_PATHS_ALLOWED = svg(path(' l1.123 2.456', 499).repeat(20))

/** A <use> fan-out just under the expansion limit: 480 uses of a group of 100 paths (48,100 elements). */
export const USE_FANOUT = svg(
  `<defs><g id="g">${'<path d="M0 0h1v1z"/>'.repeat(100)}</g></defs>${'<use href="#g"/>'.repeat(480)}`,
)

/** 19,990 elements, none with path data (the element limit is 20,000). */
export const MANY_ELEMENTS = svg('<circle r="1"/>'.repeat(19_990))

/**
 * Drawings the duplicate check's renderer (resvg) took long over, in one native call no deadline
 * stops: a noise filter of 100 octaves over a large region (~70 s; it panicked on a <rect>), and 200
 * finely dashed lines (~2 s). The fingerprint draws their shapes only (fingerprint.ts, ADR 0421).
 */
export const NOISE_FILTER = svg(
  '<filter id="f" x="-5000%" y="-5000%" width="10000%" height="10000%"><feTurbulence baseFrequency=".9" numOctaves="100"/></filter><rect width="24" height="24" filter="url(#f)"/>',
)
export const FINE_DASHES = svg(
  `<path stroke="#000" stroke-width=".01" stroke-dasharray=".0001 .0001" d="${Array.from(
    { length: 200 },
    (_, i) => `M0 ${i / 10}L24 ${24 - i / 10}`,
  ).join('')}"/>`,
)

/** Each input by name, in the order the benchmark cycles through them. */
export const HOSTILE_SVGS: Record<string, string> = {
  'issue-10k-segments': ISSUE_ICON,
  'worst-allowed-curves': WORST_ALLOWED,
  'issue-40k-segments': ISSUE_ICON_40K,
  'many-paths-allowed': MANY_PATHS_ALLOWED,
  'use-fanout': USE_FANOUT,
  'many-elements': MANY_ELEMENTS,
  'noise-filter': NOISE_FILTER,
  'fine-dashes': FINE_DASHES,
}
