// Search's sizes, apart from the search itself so that messages and schemas can name them without
// loading the index code. They bound the work one query can ask for (ADR 0108, "Bounded work").

/** The longest query searched (characters); the API refuses longer ones. */
export const MAX_QUERY_LENGTH = 200
/** Distinct words of a query searched: the first ones; words past them are not searched. */
export const MAX_QUERY_WORDS = 10
/** Most edits forgiven in a typed word, however long (a typo, not a different word). */
export const MAX_EDITS = 2
/** Most hits one GET /api/icons/search answer carries. */
export const MAX_SEARCH_LIMIT = 1000
