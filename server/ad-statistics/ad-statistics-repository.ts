/**
 * @module The ad statistics repository: adds counts to the hourly rows with
 * one additive upsert per chunk in one transaction (safe across replicas,
 * as each adds rather than sets), and reads an organisation's rows over an
 * hour range; the one module that reads and writes `ad_statistics`.
 */
import type { Kysely } from 'kysely'
import type { AdStatisticsTable, Database } from '../db/schema.js'

/** One row's worth of counts to add. */
export type AdCounts = AdStatisticsTable

// 7 parameters a row: far below SQLite's and PostgreSQL's parameter limits.
const ROWS_PER_STATEMENT = 500

/**
 * Adds each row's counts to the stored row of its (organisation, hour, ad,
 * slot), creating it when missing, all in one transaction.
 *
 * @example
 * await addAdCounts(db, [{ organisation_id: 1, hour: '2025-05-01T13:00:00.000Z', ad_code: 'ADS1', slot: 'home', served: 3, viewable: 2, clicks: 0 }])
 */
export async function addAdCounts(db: Kysely<Database>, rows: readonly AdCounts[]): Promise<void> {
  if (rows.length === 0) return
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
      await trx
        .insertInto('ad_statistics')
        .values(rows.slice(start, start + ROWS_PER_STATEMENT))
        .onConflict((conflict) =>
          conflict.columns(['organisation_id', 'hour', 'ad_code', 'slot']).doUpdateSet((eb) => ({
            served: eb('ad_statistics.served', '+', eb.ref('excluded.served')),
            viewable: eb('ad_statistics.viewable', '+', eb.ref('excluded.viewable')),
            clicks: eb('ad_statistics.clicks', '+', eb.ref('excluded.clicks')),
          })),
        )
        .execute()
    }
  })
}

/**
 * An organisation's rows whose hour is in `[fromHour, toHour)`, oldest first.
 *
 * @example
 * await adStatisticsFor(db, org.id, '2025-05-01T00:00:00.000Z', '2025-05-02T00:00:00.000Z')
 */
export async function adStatisticsFor(db: Kysely<Database>, organisationId: number, fromHour: string, toHour: string): Promise<AdCounts[]> {
  return db
    .selectFrom('ad_statistics')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .where('hour', '>=', fromHour)
    .where('hour', '<', toHour)
    .orderBy('hour')
    .orderBy('ad_code')
    .orderBy('slot')
    .execute()
}

/**
 * The start of the UTC hour `at` falls in, as stored.
 *
 * @example
 * hourOf(new Date('2025-05-01T13:42:07Z')) // '2025-05-01T13:00:00.000Z'
 */
export function hourOf(at: Date): string {
  return new Date(Math.floor(at.getTime() / 3_600_000) * 3_600_000).toISOString()
}
