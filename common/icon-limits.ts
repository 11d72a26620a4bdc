// Limits of the icon endpoints that the browser's sync engine needs too, apart from the zod schemas
// that check them (schemas/icons.ts imports them): importing a number from here does not load zod
// into the page (ADR 0406).

/** The largest request body the API accepts, in bytes (a larger one is refused with 413). */
export const MAX_REQUEST_BODY_BYTES = 1024 * 1024

/** Most icons one POST /api/icons/create-many takes (the API's 1 MiB body limit applies too). */
export const MAX_ICONS_PER_BATCH = 500

/** Most icons one POST /api/icons/move takes. */
export const MAX_ICONS_PER_MOVE = 1000

/**
 * Most bytes of SVG markup the icons of one POST /api/icons/move may hold together: its answer
 * carries them all, so a larger move is refused (413) before any markup is read (ADR 0308).
 */
export const MAX_MOVE_MARKUP_BYTES = 4 * 1024 * 1024

/**
 * What the browser puts in one queued move, by its local rows' markup: half the server's budget,
 * room for markup the server stores differently from the local copy. One icon (at most 512 KB)
 * always fits.
 */
export const MOVE_PART_MARKUP_BYTES = MAX_MOVE_MARKUP_BYTES / 2

/** The UTF-8 bytes of a text (what Postgres's octet_length counts), without encoding it. */
export function utf8Bytes(text: string): number {
  let bytes = 0
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c < 0x80) bytes += 1
    else if (c < 0x800) bytes += 2
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      bytes += 4
      i++
    } else bytes += 3
  }
  return bytes
}

/** Most icons one GET /api/icons/first answers: a screen of the smallest tiles on a large monitor. */
export const MAX_FIRST_SCREEN = 500

/** What a page asks GET /api/icons/first for when it does not say (a tall screen of the usual tiles). */
export const DEFAULT_FIRST_SCREEN = 200
