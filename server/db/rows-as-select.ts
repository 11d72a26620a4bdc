// Many new rows of a table as one parameter, for drizzle's `insert(table).select(...)`: a select
// of every column, in the table's order, from `jsonb_to_recordset`, a column the rows do not give
// taking its default from the schema; a column the database makes (generated) is left out, as drizzle
// leaves it out of the insert's column list. drizzle's `values(rows)` sends each value as a parameter:
// 500 icons were 9,000 parameters, built one by one on the event loop (~60 ms) and parsed and bound
// by Postgres (~30 ms); as JSON, ~5 and ~15 ms (bench/README.md, round eight).
import { getTableColumns, is, SQL, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'

/** `select <every column> from jsonb_to_recordset($1) as v(<the columns given>)`. */
export function rowsAsSelect<T extends PgTable>(table: T, rows: readonly T['$inferInsert'][]): SQL {
  const columns = Object.entries(getTableColumns(table)).filter(
    ([, column]) => column.generated === undefined || column.generated.type === 'byDefault',
  )
  const given = new Set(rows.flatMap((row) => Object.keys(row)))
  const fields: SQL[] = []
  const picks: SQL[] = []
  for (const [key, column] of columns) {
    const type = sql.raw(column.getSQLType())
    const fallback = !column.hasDefault
      ? null
      : is(column.default, SQL)
        ? column.default
        : sql`${column.mapToDriverValue(column.default)}::${type}`
    if (!given.has(key)) {
      picks.push(fallback ?? sql`null::${type}`)
      continue
    }
    const name = sql.identifier(column.name)
    fields.push(sql`${name} ${type}`)
    picks.push(fallback ? sql`coalesce(v.${name}, ${fallback})` : sql`v.${name}`)
  }
  // JSON of each row by column name: dates as ISO strings, JSON columns as they are.
  const named = rows.map((row) =>
    Object.fromEntries(columns.map(([key, column]) => [column.name, (row as Record<string, unknown>)[key]])),
  )
  return sql`select ${sql.join(picks, sql`, `)} from jsonb_to_recordset(${JSON.stringify(named)}::jsonb) as v(${sql.join(fields, sql`, `)})`
}
