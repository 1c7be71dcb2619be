/**
 * @module The webhook outbox: recording an event stores it and, when its
 * client has a webhook URL, one pending delivery due at once. Called with
 * the transaction of the change the event reports, so both commit or
 * neither does.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.js'
import type { AccountEventMap, AccountEventName, AccountEvents } from '../oidc/account-events.js'

/** Event data is small by design; a cap keeps a bug from sending megabytes to every receiver. */
const MAX_DATA_BYTES = 64 * 1024

/**
 * Makes the outbox for a clock.
 *
 * @example
 * const events = webhookOutbox()
 * await db.transaction().execute((trx) => events.record(trx, 'account.signed_out', client.client_id, { account: user.sub }))
 */
export function webhookOutbox({ now = () => new Date() }: { now?: () => Date } = {}): AccountEvents {
  return {
    async record<E extends AccountEventName>(db: Kysely<Database>, event: E, clientId: string, data: AccountEventMap[E]) {
      const json = JSON.stringify(data)
      if (Buffer.byteLength(json) > MAX_DATA_BYTES) throw new RangeError(`the ${event} event's data is larger than ${MAX_DATA_BYTES} bytes`)
      const client = await db.selectFrom('clients').select(['id', 'webhook_url']).where('client_id', '=', clientId).executeTakeFirst()
      if (!client) return
      const at = now()
      const eventId = `evt_${randomBytes(16).toString('hex')}`
      await db
        .insertInto('webhook_events')
        .values({ id: eventId, event, client_id: client.id, data: json, created_at: at.toISOString() })
        .execute()
      if (client.webhook_url === null) return
      await db
        .insertInto('webhook_deliveries')
        .values({
          id: randomUUID(),
          event_id: eventId,
          client_id: client.id,
          url: client.webhook_url,
          state: 'pending',
          attempts: 0,
          next_attempt_at: at.getTime(),
          lease_owner: null,
          lease_expires_at: null,
          created_at: at.toISOString(),
          delivered_at: null,
        })
        .execute()
    },
  }
}
