// Checks of the routes' search parameters (validateSearch), written out rather than with zod so
// that the route tree, which is in the entry, does not carry zod (ADR 0406). Like the zod objects
// they replace, each returns only its own parameters; a bad one throws (the route's error view
// names it) unless a fallback is given.

class SearchParamError extends Error {
  constructor(name: string, value: unknown) {
    super(`Invalid search parameter "${name}": expected a non-empty string, received ${typeof value}`)
    this.name = 'SearchParamError'
  }
}

const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0

/** A non-empty string, or undefined when absent; anything else throws. */
export function optionalText(search: Record<string, unknown>, name: string): string | undefined {
  const value = search[name]
  if (value === undefined) return undefined
  if (!isText(value)) throw new SearchParamError(name, value)
  return value
}

/** A non-empty string; anything else (absent too) throws. */
export function requiredText(search: Record<string, unknown>, name: string): string {
  const value = search[name]
  if (!isText(value)) throw new SearchParamError(name, value)
  return value
}

/** A non-empty string, or undefined for anything else. */
export const textOrNothing = (value: unknown): string | undefined => (isText(value) ? value : undefined)
