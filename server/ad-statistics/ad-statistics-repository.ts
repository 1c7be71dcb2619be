/**
 * @module The ad statistics repository: adds counts to the hourly rows with
 * one additive upsert per chunk in one transaction (safe across replicas,
 * as each adds rather than sets), and reads an organisation's rows over an
 * hour range, and sums them per hour, ad or slot for reports; the one
 * module that reads and writes `ad_statistics`.
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

/** A column reports group the counts by. */
export type AdStatisticsGrouping = 'hour' | 'ad_code' | 'slot'

/** Summed counts of one group. */
export interface AdCountTotals {
  key: string
  served: number
  viewable: number
  clicks: number
}

/**
 * An organisation's counts over the hours `[fromHour, toHour)`, summed per
 * hour, ad or slot, optionally of one ad or one slot only; groups without
 * rows are absent.
 *
 * @example
 * await adCountTotals(db, org.id, '2025-05-01T04:00:00.000Z', '2025-05-08T04:00:00.000Z', 'ad_code', { slot: 'home' })
 */
export async function adCountTotals(
  db: Kysely<Database>,
  organisationId: number,
  fromHour: string,
  toHour: string,
  groupBy: AdStatisticsGrouping,
  only: { ad?: string | undefined; slot?: string | undefined } = {},
): Promise<AdCountTotals[]> {
  let query = db
    .selectFrom('ad_statistics')
    .select((eb) => [
      eb.ref(groupBy).as('key'),
      eb.fn.sum<number | string>('served').as('served'),
      eb.fn.sum<number | string>('viewable').as('viewable'),
      eb.fn.sum<number | string>('clicks').as('clicks'),
    ])
    .where('organisation_id', '=', organisationId)
    .where('hour', '>=', fromHour)
    .where('hour', '<', toHour)
  if (only.ad !== undefined) query = query.where('ad_code', '=', only.ad)
  if (only.slot !== undefined) query = query.where('slot', '=', only.slot)
  const rows = await query.groupBy(groupBy).orderBy(groupBy).execute()
  // PostgreSQL sums integers as bigint, which pg hands over as text.
  return rows.map((row) => ({ key: row.key, served: Number(row.served), viewable: Number(row.viewable), clicks: Number(row.clicks) }))
}
