/**
 * @module The webhook outbox: recording an event stores it and queues one
 * pending delivery, due at once, for each enabled endpoint of its client
 * subscribed to the event, and a held one for each endpoint the sender
 * disabled for failing, so a recovery sends it. Called with the
 * transaction of the change the event reports, so all commit or none does.
 */
import { randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import { clientByClientId } from '../clients/clients.js'
import type { Database } from '../db/schema.js'
import type { AccountEventMap, AccountEventName, AccountEvents } from '../accounts/account-events.js'
import { queueDelivery } from './deliveries.js'
import { endpointsKeeping } from './endpoints.js'
import { storeWebhookEvent } from './webhook-events.js'

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
      const client = await clientByClientId(db, clientId)
      if (!client) return
      const at = now()
      const eventId = `evt_${randomBytes(16).toString('hex')}`
      await storeWebhookEvent(db, { id: eventId, event, client_id: client.id, data: json, created_at: at.toISOString() })
      for (const endpoint of await endpointsKeeping(db, client.id, event))
        await queueDelivery(db, { eventId, clientId: client.id, endpointId: endpoint.id, url: endpoint.url, at, held: !endpoint.enabled })
    },
  }
}
