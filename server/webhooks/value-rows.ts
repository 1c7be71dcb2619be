/**
 * @module The `values` lists of statements that write many rows at once
 * (the worker's settled batch: one insert of its attempts, one update of
 * its deliveries), as SQL text made once per dialect and row count and
 * then run with new parameters: building such a statement with Kysely's
 * builder cost about as much per row as SQLite takes to write it. Rows go
 * in chunks whose sizes are powers of two, so a batch of any size uses a
 * handful of statement texts, which SQLite's statement cache keeps.
 */
import { CompiledQuery, type Kysely } from 'kysely'
import { isPostgres } from '../db/open-database.js'
import type { Database } from '../db/schema.js'

/** The most rows one statement writes (of 11 columns: far under either dialect's parameter limit). */
const LARGEST_CHUNK = 256

/** A statement text for a number of rows, given the `values` list of that many. */
export type ManyRowsStatement = (valuesList: string) => string

/**
 * Runs `statement` over `rows` (each the parameters of one row, in the
 * order of `types`, PostgreSQL's type of each column) in as few statements
 * as powers of two allow; returns the rows the statements returned.
 *
 * @example
 * await writeRows(trx, insertAttempts, ['text', 'integer'], [['d1', 200], ['d2', 500]])
 */
export async function writeRows<Row>(
  db: Kysely<Database>,
  statement: ManyRowsStatement,
  types: readonly string[],
  rows: readonly (readonly unknown[])[],
): Promise<Row[]> {
  const postgres = isPostgres(db)
  const returned: Row[] = []
  for (let start = 0; start < rows.length;) {
    const size = Math.min(LARGEST_CHUNK, 2 ** Math.floor(Math.log2(rows.length - start)))
    const chunk = rows.slice(start, start + size)
    start += size
    const text = statementText(statement, types, postgres, size)
    const result = await db.executeQuery<Row>(CompiledQuery.raw(text, chunk.flat()))
    returned.push(...result.rows)
  }
  return returned
}

const texts = new WeakMap<ManyRowsStatement, Map<string, string>>()

function statementText(statement: ManyRowsStatement, types: readonly string[], postgres: boolean, size: number): string {
  let bySize = texts.get(statement)
  if (!bySize) texts.set(statement, (bySize = new Map()))
  const key = `${postgres ? 'pg' : 'sqlite'}:${size}`
  let text = bySize.get(key)
  if (!text) bySize.set(key, (text = statement(valuesList(types, postgres, size))))
  return text
}

/**
 * `(?, ?), (?, ?)` for SQLite; `($1::text, $2::integer), …` for PostgreSQL,
 * whose untyped parameters in a `values` list would all be text. Either
 * names the list's columns `column1`, `column2`, … .
 */
function valuesList(types: readonly string[], postgres: boolean, size: number): string {
  let parameter = 0
  const row = () => `(${types.map((type) => (postgres ? `$${++parameter}::${type}` : '?')).join(', ')})`
  return Array.from({ length: size }, row).join(', ')
}
