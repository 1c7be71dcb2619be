/**
 * @module The account events the identity provider records where they
 * happen, each with the `data` its webhook carries. Recording takes the
 * same database handle (or transaction) as the change it reports, so an
 * event is stored exactly when its change is: the webhook outbox.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.js'

/** The webhook `data` of each event. */
export interface AccountEventMap {
  'account.signed_in': { account: string; scopes: string[]; ip: string; user_agent: string }
  'account.signed_out': { account: string }
  'account.consent_granted': { account: string; scopes: string[] }
  'account.consent_revoked': { account: string; scopes: string[] }
  'account.linked': { account: string; provider: string }
  'account.unlinked': { account: string; provider: string }
  'account.deleted': { account: string }
  'tokens.revoked': { account: string; tokens: number; reason: string }
  ping: { message: string }
}

export type AccountEventName = keyof AccountEventMap

/** Every event's name, for what checks a name at run time (the management API's delivery filter). */
export const ACCOUNT_EVENT_NAMES = [
  'account.signed_in',
  'account.signed_out',
  'account.consent_granted',
  'account.consent_revoked',
  'account.linked',
  'account.unlinked',
  'account.deleted',
  'tokens.revoked',
  'ping',
] as const satisfies readonly AccountEventName[]

// An event added to the map and not to the list fails to compile here.
const everyEventListed: Record<Exclude<AccountEventName, (typeof ACCOUNT_EVENT_NAMES)[number]>, never> = {}
void everyEventListed

/** Records events; `clientId` is the public id of the client the event belongs to. */
export interface AccountEvents {
  record<E extends AccountEventName>(db: Kysely<Database>, event: E, clientId: string, data: AccountEventMap[E]): Promise<void>
}
