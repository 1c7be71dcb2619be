/**
 * @module The webhook event catalogue: for each event svc sends, when it
 * fires and a zod schema of its `data`, from which the JSON Schemas
 * (draft 2020-12) served at `{issuer}/webhooks/schemas` and the table in
 * docs/webhooks.md are both made, so neither can drift from the other.
 * The schemas are closed (`additionalProperties: false`): they say exactly
 * what this version sends, and a test checks every event svc sends
 * against them.
 */
import { z } from 'zod'
import { ACCOUNT_EVENT_NAMES, type AccountEventMap, type AccountEventName } from '../accounts/account-events.js'

const account = z
  .string()
  .regex(/^ACC\d{10}$/)
  .describe('The account: its `sub` in the tokens svc issued the client (`ACC` and ten digits).')
const scopes = z.array(z.string()).describe('The scopes, as space-separated in the request, one per item.')
const provider = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,39}$/)
  .describe("The external identity provider's slug, as an operator named it (`svc-bff provider add --slug`).")

/** What one catalogue entry says of its event. */
interface CatalogueEntry<E extends AccountEventName> {
  /** When svc sends it, for the docs' table and the schema's description. */
  firedWhen: string
  data: z.ZodType<AccountEventMap[E]>
}

/**
 * Every event, with its data. Typed against `AccountEventMap`, so an event
 * added there, or data changed there, fails to compile until it is described here.
 */
export const WEBHOOK_EVENT_CATALOGUE: { [E in AccountEventName]: CatalogueEntry<E> } = {
  'account.signed_in': {
    firedWhen: 'a user signed in to the client: an authorization code was issued, or FedCM gave it a token',
    data: z.object({
      account,
      scopes: scopes.describe('The scopes granted with this sign-in.'),
      ip: z.string().describe("The browser's IP address as svc saw it (through `SVC_TRUSTED_PROXIES`), or `unknown`."),
      user_agent: z.string().describe("The browser's `User-Agent` header, empty when it sent none."),
    }),
  },
  'account.signed_out': {
    firedWhen: 'the user signed out through the client (RP-initiated logout)',
    data: z.object({ account }),
  },
  'account.consent_granted': {
    firedWhen: 'the user granted the client scopes it did not hold',
    data: z.object({
      account,
      scopes: scopes.describe('The scopes the user agreed to this time, at least one of them new to the client.'),
    }),
  },
  'account.consent_revoked': {
    firedWhen: 'consent was withdrawn: "Remove access" on the account page, FedCM\'s disconnect, or `user revoke-consent`',
    data: z.object({ account, scopes: scopes.describe('The scopes the client held until now.') }),
  },
  'account.linked': {
    firedWhen: 'the user linked an external identity provider to the account',
    data: z.object({ account, provider }),
  },
  'account.unlinked': {
    firedWhen: 'an external identity provider was unlinked: by the user, or by svc when an address is confirmed',
    data: z.object({ account, provider }),
  },
  'account.deleted': {
    firedWhen: 'the account was deleted (`user delete` or the account page); sent to every client it used',
    data: z.object({ account }),
  },
  'tokens.revoked': {
    firedWhen: "tokens the client held for the user were revoked; the client's tokens no longer work",
    data: z.object({
      account,
      tokens: z.number().int().min(1).describe('How many access and refresh tokens were revoked.'),
      reason: z
        .string()
        .describe(
          'Why, in a short English phrase for logs and people, not for code to switch on (new ones may come): `signed out`, ' +
            '`access token revoked by the client`, `refresh token revoked by the client`, `authorization code replayed`, ' +
            '`retired refresh token reused`, `consent revoked`, `password changed`, `password reset`, `account disabled`, ' +
            '`address confirmed`, `signed out by an administrator`.',
        ),
    }),
  },
  ping: {
    firedWhen: "someone asked for a test event: `webhooks ping`, or the management API's `POST /api/v1/webhook-endpoints/{id}/pings`",
    data: z.object({ message: z.string().describe('A free text, such as `ping 1 of 3`.') }),
  },
}

// The other direction of the check above: data the catalogue describes and svc does not send fails to compile.
type Described = { [E in AccountEventName]: z.infer<(typeof WEBHOOK_EVENT_CATALOGUE)[E]['data']> }
const everyFieldSent: { [E in AccountEventName]: AccountEventMap[E] extends Described[E] ? true : never } = {
  'account.signed_in': true,
  'account.signed_out': true,
  'account.consent_granted': true,
  'account.consent_revoked': true,
  'account.linked': true,
  'account.unlinked': true,
  'account.deleted': true,
  'tokens.revoked': true,
  ping: true,
}
void everyFieldSent

/** Where the catalogue is served, below the issuer. */
export const SCHEMAS_PATH = '/webhooks/schemas'

/**
 * The zod schema of an event's whole body: svc's envelope around its data.
 *
 * @example
 * webhookEnvelopeSchema('ping').parse(JSON.parse(body))
 */
export function webhookEnvelopeSchema<E extends AccountEventName>(event: E) {
  const entry = WEBHOOK_EVENT_CATALOGUE[event] as CatalogueEntry<E>
  return z
    .object({
      id: z
        .string()
        .regex(/^evt_[0-9a-f]{32}$/)
        .describe('The event: the same on every attempt and replay, and on each endpoint it goes to. Use it to de-duplicate.'),
      event: z.literal(event).describe('The event type, also in the `X-SVC-Event` header.'),
      created_at: z.iso.datetime().describe('When the event happened (UTC), not when this attempt was sent.'),
      client_id: z.string().min(1).describe('The public `client_id` of the client the event is for.'),
      data: entry.data,
    })
    .meta({ title: event, description: `Sent when ${entry.firedWhen}.` })
}

/**
 * The JSON Schema (draft 2020-12) of an event's body, with the URL it is served at as `$id`.
 *
 * @example
 * webhookEventJsonSchema('account.deleted', 'https://id.example.com') // { $id: 'https://id.example.com/webhooks/schemas/account.deleted', … }
 */
export function webhookEventJsonSchema(event: AccountEventName, issuer: string): Record<string, unknown> {
  const { $schema, ...rest } = z.toJSONSchema(webhookEnvelopeSchema(event), { target: 'draft-2020-12' })
  return { $schema, $id: webhookSchemaUrl(event, issuer), ...rest }
}

/**
 * Where an event's schema is served.
 *
 * @example
 * webhookSchemaUrl('ping', 'https://id.example.com') // 'https://id.example.com/webhooks/schemas/ping'
 */
export const webhookSchemaUrl = (event: AccountEventName, issuer: string): string => `${issuer.replace(/\/$/, '')}${SCHEMAS_PATH}/${event}`

/** One line of the catalogue's index. */
export interface CatalogueIndexEntry {
  event: AccountEventName
  description: string
  schema: string
}

/**
 * The catalogue's index: each event, when it fires, and its schema's URL.
 *
 * @example
 * webhookCatalogueIndex('https://id.example.com').events[0] // { event: 'account.signed_in', description: 'Sent when …', schema: 'https://…/webhooks/schemas/account.signed_in' }
 */
export function webhookCatalogueIndex(issuer: string): { events: CatalogueIndexEntry[] } {
  return {
    events: ACCOUNT_EVENT_NAMES.map((event) => ({
      event,
      description: `Sent when ${WEBHOOK_EVENT_CATALOGUE[event].firedWhen}.`,
      schema: webhookSchemaUrl(event, issuer),
    })),
  }
}
