// The URL hash naming the icon the vault opens in its detail panel, `#icon=<id>`: written by every
// link to an icon (the maker's "Open in Icons", an icon's origin), read by the vault.

/** The hash (without '#', as router links take it) that opens icon `id` in /icons. */
export const iconHash = (id: string): string => `icon=${id}`

/** The icon id a hash names (`#icon=<id>`, alone or among `&`-separated parts), or null. */
export function iconIdFromHash(hash: string): string | null {
  return /(?:^#?|&)icon=([\w-]+)/.exec(hash)?.[1] ?? null
}
