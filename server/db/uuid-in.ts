// `column = any($1::uuid[])`: many ids as one parameter. As an IN list (drizzle's inArray), 500 ids
// were 500 parameters, parsed and bound by Postgres (~20 ms a statement) and built one by one on the
// event loop; a create of 500 icons makes three such statements. Only for ids already checked to
// be UUIDs (the request schemas' requiredId): anything else would fail the cast.
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm'

export const uuidIn = (column: SQLWrapper, ids: readonly string[]): SQL =>
  sql`${column} = any(${`{${ids.join(',')}}`}::uuid[])`
