/**
 * @module The account events the identity provider raises where they
 * happen (sign-in, sign-out, consent, revocation, deletion). Other
 * features subscribe without touching the endpoints: the webhook sender
 * turns them into deliveries.
 */
import { EventEmitter } from 'node:events'

export interface AccountEventMap {
  'account.signed_in': { user: string; client: string; scopes: string[]; ip: string; userAgent: string }
  'account.signed_out': { user: string; client: string }
  'account.consent_granted': { user: string; client: string; scopes: string[] }
  'account.consent_revoked': { user: string; client: string }
  'account.deleted': { user: string }
  'tokens.revoked': { user: string; client: string; tokens: number; reason: string }
}

export type AccountEventName = keyof AccountEventMap

/** A typed event bus: `emit` and `on` only accept the events above with their data. */
export interface AccountEvents {
  emit<E extends AccountEventName>(event: E, data: AccountEventMap[E]): void
  on<E extends AccountEventName>(event: E, listener: (data: AccountEventMap[E]) => void): void
}

/**
 * Makes an event bus.
 *
 * @example
 * const events = accountEvents()
 * events.on('account.signed_in', ({ user, client }) => …)
 */
export function accountEvents(): AccountEvents {
  const emitter = new EventEmitter()
  return {
    emit: (event, data) => void emitter.emit(event, data),
    on: (event, listener) => void emitter.on(event, listener as (data: unknown) => void),
  }
}
