/** @module The outboxes' tables: webhook endpoints, secrets, events, deliveries and attempts, and the mail outbox. */
import type { ColumnType, Generated } from 'kysely'

/** Where a client's webhooks go (migration 0029): several a client, each subscribed to chosen events. */
export interface WebhookEndpointsTable {
  /** `ep_…` */
  id: string
  client_id: number
  url: string
  description: string
  /** JSON array of event names, or `["*"]`: every event. */
  events: string
  /** When it stopped receiving, and why (said by a person, or by the sender); null while enabled. */
  disabled_at: string | null
  disabled_reason: string | null
  created_at: string
  /**
   * The start of the first failed attempt since the endpoint's last
   * success; null while its last attempt succeeded (migration 0031). The
   * worker disables an endpoint failing for `SVC_WEBHOOK_DISABLE_AFTER`.
   */
  failing_since: ColumnType<string | null, string | null | undefined, string | null>
}

export interface WebhookSecretsTable {
  id: Generated<number>
  /** The client whose endpoint it signs for; the secret is sealed under it. */
  client_id: number
  /** The endpoint it signs for (migration 0029). */
  endpoint_id: string | null
  /** Encrypted (db/secret-box.ts, migration 0023), not hashed: svc must sign with it. */
  secret: string
  created_at: string
  removed_at: string | null
}

export interface WebhookEventsTable {
  /** `evt_…`: the envelope's id, stable across deliveries and replays. */
  id: string
  event: string
  client_id: number
  /** JSON of the envelope's `data`. */
  data: string
  created_at: string
}

export interface WebhookDeliveriesTable {
  /** A UUID: `X-SVC-Delivery`, the same across attempts and replays. */
  id: string
  event_id: string
  client_id: number
  /** The endpoint it goes to (migration 0029); null only for deliveries queued before their client had one. */
  endpoint_id: string | null
  /** Where it was queued to go; the worker sends to its endpoint's URL as it is at each attempt. */
  url: string
  /** `held`: queued while its endpoint is disabled, not sent until recovered (migration 0031). */
  state: 'pending' | 'delivered' | 'dead' | 'held'
  attempts: number
  /** Milliseconds since the epoch. */
  next_attempt_at: number
  lease_owner: string | null
  /** Milliseconds since the epoch; a claim past it may be taken over. */
  lease_expires_at: number | null
  created_at: string
  delivered_at: string | null
}

export interface WebhookAttemptsTable {
  id: Generated<number>
  delivery_id: string
  attempted_at: string
  duration_ms: number
  status_code: number | null
  /** The first 4 KB of the answer's body (1 KiB before migration 0032). */
  response_excerpt: string | null
  error: string | null
  /** The request's headers as sent, a JSON array of `[name, value]` pairs (migration 0032; null before). */
  request_headers: string | null
  /** The request's body as sent (migration 0032; null before). */
  request_body: string | null
  /** The answer's headers as received, a JSON array of `[name, value]` pairs, capped (migration 0032). */
  response_headers: string | null
  /** 1 when the answer's body was longer than what `response_excerpt` keeps (migration 0032). */
  response_truncated: Generated<number>
  /** When the next attempt is due (ISO 8601); null once delivered or with no retry left (migration 0032). */
  next_attempt_at: string | null
}

/** Mails waiting to be sent, and sent ones for the record (migration 0012). */
export interface MailOutboxTable {
  id: Generated<number>
  recipient: string
  subject: string
  text: string
  html: string
  state: 'pending' | 'sent'
  attempts: number
  /** Milliseconds since the epoch. */
  next_attempt_at: number
  lease_owner: string | null
  lease_expires_at: number | null
  last_error: string | null
  created_at: ColumnType<string, string, never>
  sent_at: string | null
}
