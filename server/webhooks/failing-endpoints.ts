/**
 * @module Automatic disabling of failing webhook endpoints, as Svix does
 * it. After each attempt the worker keeps the endpoint's failing clock
 * (`failing_since`: the start of the first failed attempt since its last
 * success); when an attempt fails and the clock has run for the window
 * (`SVC_WEBHOOK_DISABLE_AFTER`, 5 days), the endpoint is disabled with
 * the reason `failing`, its waiting deliveries are held, the audit log
 * records it, and each of the client's developers is mailed once: the
 * disabling is one conditional update, so of several workers only the
 * one that made it tells anyone.
 */
import type { Kysely } from 'kysely'
import { userBySub, allUsers, usersOfOrganisation } from '../accounts/users.js'
import { recordAuditEvent } from '../audit/audit-events.js'
import { clientTarget } from '../audit/audit-targets.js'
import type { Branding } from '../branding.js'
import { clientById } from '../clients/clients.js'
import type { ClientRow, Database, UserRow } from '../db/schema.js'
import { queueMail } from '../mail/mail-outbox.js'
import { endpointDisabledMail } from '../mail/messages/endpoint-disabled-mail.js'
import { organisationById } from '../orgs/organisations.js'
import { isPlainEmailAddress } from '../../shared/email-address.js'
import { disableAfterInWords } from './disable-after.js'
import { failingBannerId, recoveryStart } from './recovery-since.js'
import { disableFailingEndpoint, noteEndpointAttempt, type WebhookEndpoint } from './endpoints.js'
import { log } from '../log.js'

/** What the worker needs to disable failing endpoints and tell their developers. */
export interface FailingEndpointPolicy {
  /** How long every attempt may fail before the endpoint is disabled. */
  disableAfterMs: number
  /** Where the portal is, for the mail's link; without it no mail is sent (the log says so). */
  issuer?: string
  branding: Branding
}

/**
 * Keeps the endpoint's failing clock after an attempt and, on a failure
 * past the window, disables it and tells its developers; returns the
 * endpoint when this attempt disabled it. Run it in the attempt's transaction.
 *
 * @example
 * const disabled = await afterEndpointAttempt(trx, endpoint, { ok: false, startedAt, now: new Date() }, policy)
 */
export async function afterEndpointAttempt(
  db: Kysely<Database>,
  endpoint: Pick<WebhookEndpoint, 'id' | 'client_id' | 'failing_since'>,
  { ok, startedAt, now }: { ok: boolean; startedAt: Date; now: Date },
  policy: FailingEndpointPolicy,
): Promise<WebhookEndpoint | undefined> {
  // The sender's usual case, a success to an endpoint that was not failing when the delivery was
  // claimed, writes nothing more. A failure of another attempt in between is left for the next
  // success to clear: the clock is then off by the length of one attempt.
  if (ok && endpoint.failing_since === null) return undefined
  await noteEndpointAttempt(db, endpoint.id, { ok, at: startedAt })
  if (ok) return undefined
  const disabled = await disableFailingEndpoint(db, endpoint.id, { failingBefore: new Date(now.getTime() - policy.disableAfterMs), now })
  if (!disabled) return undefined
  const client = await clientById(db, endpoint.client_id)
  if (!client) return disabled
  const window = disableAfterInWords(policy.disableAfterMs)
  await recordAuditEvent(
    db,
    {
      actor: { kind: 'system' },
      action: 'webhook.endpoint_disabled',
      target: clientTarget(client),
      detail: { endpoint: disabled.id, reason: disabled.disabled_reason, failing_since: disabled.failing_since, window },
    },
    now,
  )
  await tellDevelopers(db, client, disabled, window, policy, now)
  return disabled
}

async function tellDevelopers(
  db: Kysely<Database>,
  client: ClientRow,
  endpoint: WebhookEndpoint,
  window: string,
  { issuer, branding }: FailingEndpointPolicy,
  now: Date,
): Promise<void> {
  if (issuer === undefined) {
    log('warn', `webhook endpoint ${endpoint.id} of ${client.client_id} was disabled after failing for ${window}; no issuer is known to link the mail`)
    return
  }
  // The anchor lands on the endpoint's banner, at the top of the client's page.
  const link = `${issuer}/console/clients/${encodeURIComponent(client.client_id)}#${failingBannerId(endpoint.id)}`
  const failingSince = endpoint.failing_since ?? endpoint.disabled_at!
  const facts = { id: endpoint.id, url: endpoint.url, failing_since: failingSince, disabled_at: endpoint.disabled_at!, recover_from: recoveryStart(failingSince) }
  for (const to of await developersOf(db, client))
    await queueMail(db, endpointDisabledMail({ to, endpoint: facts, client: client.name, window, link, branding }), now)
}

const reachable = (user: UserRow | undefined): user is UserRow => user !== undefined && user.disabled_at === null && isPlainEmailAddress(user.email)

/**
 * Who looks after a client's webhooks, by address: the developers and
 * admins of its organisation and the developer who registered it; for a
 * client no one of them looks after (one the command line registered),
 * the operators.
 *
 * @example
 * const addresses = await developersOf(db, client) // ['dev@shop.example']
 */
export async function developersOf(db: Kysely<Database>, client: ClientRow): Promise<string[]> {
  const organisation = client.organisation_id === null ? undefined : await organisationById(db, client.organisation_id)
  const members = organisation ? await usersOfOrganisation(db, organisation.code) : []
  const owner = client.owner_sub === null ? undefined : await userBySub(db, client.owner_sub)
  const people = [...members.filter((user) => user.svc_role === 'developer' || user.svc_role === 'admin'), owner].filter(reachable)
  // Rare (a client nobody in the portal owns), so reading every account is affordable.
  const chosen = people.length > 0 ? people : (await allUsers(db)).filter((user) => user.svc_master === 1 && reachable(user))
  return [...new Set(chosen.map((user) => user.email))]
}
