// Search's sizes, apart from the search itself so that messages and schemas can name them without
// loading the index code.

/** The longest query searched (characters); the API refuses longer ones. */
export const MAX_QUERY_LENGTH = 200
/** Most hits one GET /api/icons/search answer carries. */
export const MAX_SEARCH_LIMIT = 1000
