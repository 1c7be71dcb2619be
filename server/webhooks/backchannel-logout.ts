/**
 * @module OpenID Connect Back-Channel Logout 1.0 through the webhook
 * outbox. When sessions end, each client they signed in to that
 * registered a `backchannel_logout_uri` gets one delivery (queued in the
 * transaction that ends them, so both commit or neither does), whose
 * stored event names the account (`sub`) and the session (`sid`). The
 * worker sends it as a logout token (§2.4): a JWT signed like id_tokens,
 * `typ: logout+jwt`, POSTed as `logout_token=…` (§2.5); a 200 or 204 is
 * success (§2.8), anything else is retried on the webhook schedule and
 * shown in the delivery log. The token is minted at each attempt, not at
 * queueing: it lives two minutes, and a retry an hour later with a token
 * minted then would be refused by every receiver that checks `exp`.
 */
import { randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.js'
import { logoutTargetsOfSessions } from '../grants/session-clients.js'
import { signRs256 } from '../grants/sign-jws.js'
import type { SigningKeys } from '../grants/signing-keys.js'
import { queueDelivery } from './deliveries.js'
import type { AttemptOutcome, SendOptions } from './send-delivery.js'
import { type WebhookEventRow, storeWebhookEvent } from './webhook-events.js'

/** The stored event of a logout-token delivery, as the delivery log names it. */
export const BACKCHANNEL_LOGOUT_EVENT = 'backchannel.logout'

/** The `events` member every logout token carries (§2.4). */
export const BACKCHANNEL_LOGOUT_EVENT_URI = 'http://schemas.openid.net/event/backchannel-logout'

/** How long a logout token is valid: long enough for one attempt, short enough that a captured one is soon useless. */
export const LOGOUT_TOKEN_SECONDS = 120

/** What the worker signs logout tokens with: the issuer and the keys that sign its id_tokens. */
export interface LogoutTokenSigner {
  issuer: string
  keys: Pick<SigningKeys, 'current'>
}

/** What a logout delivery's stored event holds. */
interface LogoutEventData {
  sub: string
  sid: string
}

/**
 * Queues a logout-token delivery to every client these (just ended)
 * sessions signed in to that registered a back-channel logout URI; run it
 * in the transaction that ends them.
 *
 * @example
 * await queueBackchannelLogouts(trx, [session.id], now)
 */
export async function queueBackchannelLogouts(db: Kysely<Database>, sessionIds: readonly number[], now: Date): Promise<number> {
  const targets = await logoutTargetsOfSessions(db, sessionIds)
  for (const target of targets) {
    const eventId = `evt_${randomBytes(16).toString('hex')}`
    const data: LogoutEventData = { sub: target.sub, sid: target.sid }
    await storeWebhookEvent(db, {
      id: eventId,
      event: BACKCHANNEL_LOGOUT_EVENT,
      client_id: target.clientRowId,
      data: JSON.stringify(data),
      created_at: now.toISOString(),
    })
    await queueDelivery(db, { eventId, clientId: target.clientRowId, url: target.backchannelLogoutUri, at: now })
  }
  return targets.length
}

/**
 * True for a delivery whose event is a back-channel logout, which the worker sends as a logout token.
 *
 * @example
 * if (isBackchannelLogout(delivery.event)) return sendLogoutToken(…)
 */
export const isBackchannelLogout = (event: Pick<WebhookEventRow, 'event'>): boolean => event.event === BACKCHANNEL_LOGOUT_EVENT

/**
 * Mints a logout token for a client (§2.4): `iss`, `aud`, `iat`, `exp`,
 * a fresh `jti`, the back-channel `events` member, `sub` and `sid`, and
 * no `nonce`; signed with the current id_token key, `typ: logout+jwt`.
 *
 * @example
 * const token = await mintLogoutToken(signer, { clientId: 'shop', sub: 'ACC1', sid: 'Yb3…' }, new Date())
 */
export async function mintLogoutToken(
  { issuer, keys }: LogoutTokenSigner,
  { clientId, sub, sid }: { clientId: string; sub: string; sid: string },
  at: Date,
): Promise<string> {
  const { kid, privateKey } = await keys.current()
  const iat = Math.floor(at.getTime() / 1000)
  return signRs256(
    { alg: 'RS256', kid, typ: 'logout+jwt' },
    {
      iss: issuer,
      aud: clientId,
      iat,
      exp: iat + LOGOUT_TOKEN_SECONDS,
      // Fresh each attempt: a receiver that keeps the jti of tokens it took (§2.6) never refuses a retry of one it did not.
      jti: randomBytes(16).toString('base64url'),
      sub,
      sid,
      events: { [BACKCHANNEL_LOGOUT_EVENT_URI]: {} },
    },
    privateKey,
  )
}

/**
 * Sends one attempt of a logout delivery: mints the token now and POSTs
 * it as a form; only a 200 or a 204 counts as delivered (§2.8).
 *
 * @example
 * const outcome = await sendLogoutToken({ signer, send, url, clientId, event, headers, timeoutMs, allowPrivate, at })
 */
export async function sendLogoutToken({
  signer,
  send,
  clientId,
  event,
  at,
  ...request
}: {
  signer: LogoutTokenSigner | undefined
  send: (options: SendOptions) => Promise<AttemptOutcome>
  clientId: string
  event: Pick<WebhookEventRow, 'data'>
  at: Date
} & Omit<SendOptions, 'body'>): Promise<AttemptOutcome> {
  if (!signer) return { ok: false, statusCode: null, durationMs: 0, responseExcerpt: null, error: 'this worker cannot sign logout tokens' }
  const { sub, sid } = JSON.parse(event.data) as LogoutEventData
  const token = await mintLogoutToken(signer, { clientId, sub, sid }, at)
  const outcome = await send({
    ...request,
    headers: { ...request.headers, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ logout_token: token }).toString(),
  })
  if (!outcome.ok || outcome.statusCode === 200 || outcome.statusCode === 204) return outcome
  return { ...outcome, ok: false, error: `answered ${outcome.statusCode}; a logout token is taken with 200 or 204` }
}
