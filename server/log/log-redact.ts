// Keeps API tokens out of the log (ADR 0014, 0021). A token travels in a path (the Iconify endpoint,
// `/api/iconify/<token>/…`) and a client may send that path in any form: another case
// (`/API/ICONIFY/…`), doubled slashes, an encoded slash (`%2F`), a percent-encoded prefix (`%69vt_`,
// `%2569vt_`). `redactPath` writes any path segment that holds a token, in whatever spelling, as
// `[token]`; `scrubTokens` is the logger's last pass over every line it writes (errors, their
// messages and stacks included), so a token reaching a line some other way is not written either.
import { TOKEN_PREFIX } from '../../common/schemas/tokens.ts'

/** How many layers of percent-encoding are undone; a segment encoded deeper is redacted whole. */
const MAX_DECODES = 4

const PREFIX = TOKEN_PREFIX.toLowerCase()
const ESCAPE = /%([0-9a-f]{2})/gi

/** One layer of percent-escapes undone, byte by byte (never throws on a malformed sequence). */
const unescapeOnce = (s: string) =>
  s.replace(ESCAPE, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))

/** Whether a path segment holds a token once decoded (any case, any depth of encoding). */
function holdsToken(segment: string): boolean {
  let s = segment
  for (let round = 0; round <= MAX_DECODES; round++) {
    if (s.toLowerCase().includes(PREFIX)) return true
    if (!s.includes('%')) return false
    const next = unescapeOnce(s)
    if (next === s) return false
    s = next
  }
  // Still changing after MAX_DECODES layers: nobody's real path; not written.
  return true
}

/** The path with every segment that holds a token written `[token]`. */
export function redactPath(path: string): string {
  // A token's prefix holds `_`, literally or encoded (`%5F`): a path with neither holds none.
  if (!path.includes('_') && !path.includes('%')) return path
  return path
    .split('/')
    .map((segment) => (holdsToken(segment) ? '[token]' : segment))
    .join('/')
}

/** Each character of the prefix, literal or percent-encoded to any depth (`i`, `%69`, `%2569`, …). */
const spelled = [...TOKEN_PREFIX]
  .map((ch) => {
    const code = ch.charCodeAt(0)
    const hex = [code, ch.toUpperCase().charCodeAt(0)].map((c) => c.toString(16).padStart(2, '0'))
    return `(?:${ch.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}|%(?:25)*(?:${[...new Set(hex)].join('|')}))`
  })
  .join('')
/** A token in a written line: its prefix in any spelling and what follows it up to a delimiter. */
const IN_LINE = new RegExp(`${spelled}[A-Za-z0-9_%-]*`, 'gi')

/** A log line (JSON or pretty) with anything that looks like a token replaced by `[token]`. */
export const scrubTokens = (line: string): string => line.replace(IN_LINE, '[token]')
