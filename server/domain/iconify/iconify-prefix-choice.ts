// Which project an Iconify prefix answers (ADR 0021), as one pure rule: among the projects of the user
// that carry the prefix, in the user's order (their personal projects first, then by the workspace they
// joined first: the workspace access row's creation), the pinned one answers while the user still sees
// it under that prefix; without a pin, the first in order answers and becomes the pin. So a project that
// takes a prefix later (another workspace's admin renaming theirs) never displaces the one answering.
// A token limited to projects answers the user's project when it reaches it, else the first it reaches.

/** A pin as stored: the project, and whether the user chose it (not only recorded at a first answer). */
export type PrefixPin = { projectId: string; chosen: boolean }

export type PrefixChoice<P> = {
  /** What a token of every project answers (and what the pin must name). */
  user: P
  /** What this token answers: `user` when it reaches it, else the first it reaches; null for none. */
  answer: P | null
  /** The candidates this token reaches, in order. */
  reached: P[]
  /** Two or more reached, and the user never chose among them: the answer says so. */
  ambiguous: boolean
  /** The user chose `user` (Account → Tokens). */
  chosen: boolean
  /** The pin is missing, or names a project the user no longer sees under this prefix: record `user`. */
  record: boolean
}

/**
 * The choice for one prefix. `candidates` are in the user's order (never empty); `narrowed` is the
 * token's projects when it is limited to some.
 */
export function choosePrefix<P extends { id: string }>(
  candidates: readonly P[],
  pin: PrefixPin | undefined,
  narrowed: ReadonlySet<string> | null,
): PrefixChoice<P> {
  const pinned = pin ? candidates.find((c) => c.id === pin.projectId) : undefined
  const user = pinned ?? candidates[0]!
  const chosen = pinned !== undefined && pin!.chosen
  const reached = narrowed ? candidates.filter((c) => narrowed.has(c.id)) : [...candidates]
  const answer = reached.includes(user) ? user : (reached[0] ?? null)
  const ambiguous = reached.length > 1 && !(chosen && answer === user)
  return { user, answer, reached, ambiguous, chosen, record: pinned === undefined }
}
