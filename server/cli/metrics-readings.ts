/**
 * @module What `/metrics` reads from the database at a scrape: the webhook
 * backlog and the signing key's age. Made here, where `serve` puts the
 * app together, so `server/metrics/` imports neither the webhooks nor the
 * grants it reports on.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.js'
import { signingKeyList } from '../grants/signing-keys.js'
import type { DatabaseReadings } from '../metrics/svc-metrics.js'
import { deliveryBacklog } from '../webhooks/deliveries.js'

/**
 * The readings of `db` the metrics' gauges report.
 *
 * @example
 * const metrics = svcMetrics({ readings: databaseReadings(db) })
 */
export function databaseReadings(db: Kysely<Database>, now = () => new Date()): DatabaseReadings {
  return {
    webhookBacklog: () => deliveryBacklog(db),
    signingKeySince: async () => {
      const signing = (await signingKeyList(db, now())).find((key) => key.state === 'signing')
      return signing ? Date.parse(signing.signs_from) : null
    },
  }
}
