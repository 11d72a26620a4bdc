// Limits of the icon endpoints that the browser's sync engine needs too, apart from the zod schemas
// that check them (schemas/icons.ts imports them): importing a number from here does not load zod
// into the page (ADR 0406).

/** Most icons one POST /api/icons/create-many takes (the API's 1 MiB body limit applies too). */
export const MAX_ICONS_PER_BATCH = 500

/** Most icons one POST /api/icons/move takes. */
export const MAX_ICONS_PER_MOVE = 1000
