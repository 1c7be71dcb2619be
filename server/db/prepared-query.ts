/**
 * @module Kysely queries built and compiled once, then run with new values:
 * building and compiling a query costs more than SQLite takes to run it,
 * which matters on the hot paths (refresh grants, userinfo). The query is
 * written with Kysely's typed builder as usual; the values it is built
 * with are stand-ins that the compiled parameters are matched against.
 * Each prepared query is defined in the repository module of its table.
 */
import { type Compilable, type CompiledQuery, createQueryId, type Kysely, type QueryResult } from 'kysely'
import type { Database } from './schema.js'

const STAND_IN = '\u0000svc-prepared-value:'

/**
 * Prepares `build`, which must use its values only as query values (never
 * to decide the query's shape), since it runs once per SQL dialect.
 *
 * @example
 * // In the repository that owns the table (`userByIdQuery` in accounts/users.ts):
 * const userById = preparedQuery((db, values: { id: number }) => db.selectFrom(…).selectAll().where('id', '=', values.id))
 * const { rows } = await userById(db, { id: 7 })
 */
export function preparedQuery<Values extends Record<string, unknown>, Row>(
  build: (db: Kysely<Database>, values: Values) => Compilable<Row>,
): (db: Kysely<Database>, values: Values) => Promise<QueryResult<Row>> {
  // One compiled form per dialect; a transaction shares its database's adapter class.
  const compiled = new Map<unknown, CompiledQuery<Row>>()
  return (db, values) => {
    const dialect = db.getExecutor().adapter.constructor
    let template = compiled.get(dialect)
    if (!template) {
      const standIns = new Proxy({}, { get: (_, name) => `${STAND_IN}${String(name)}` }) as Values
      template = build(db, standIns).compile()
      compiled.set(dialect, template)
    }
    const parameters = template.parameters.map((parameter) =>
      typeof parameter === 'string' && parameter.startsWith(STAND_IN) ? values[parameter.slice(STAND_IN.length)] : parameter,
    )
    return db.executeQuery<Row>({ ...template, parameters, queryId: createQueryId() })
  }
}
