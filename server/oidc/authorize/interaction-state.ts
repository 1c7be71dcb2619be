/**
 * @module The state a login or consent form carries back to the
 * authorization endpoint: the original request's query and when the
 * interaction began, sealed (http/seal.ts) so it cannot be altered (a
 * fresh sign-in counts for `prompt=login` only if it happened after that
 * time).
 */
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.js'
import { type Seal, SealError, sealFor } from '../../http/seal.js'

export interface InteractionState {
  /** The authorization request's raw query string. */
  query: string
  /** Unix seconds when the interaction began. */
  startedAt: number
  /** On consent forms: the session that passed the sign-in checks the consent applies to. */
  satisfiedBy?: number
}

/**
 * The seal of the deployment's interaction states.
 *
 * @example
 * const interactions = interactionSeal(provider.db)
 */
export function interactionSeal(db: Kysely<Database>): Seal<InteractionState> {
  return sealFor<InteractionState>(db, 'interaction')
}

/**
 * Seals the state for a form's hidden field.
 *
 * @example
 * const sealed = await sealInteraction(interactions, { query: 'client_id=…', startedAt: 1700000000 })
 */
export function sealInteraction(seal: Seal<InteractionState>, state: InteractionState): Promise<string> {
  return seal.seal(state)
}

/**
 * Opens sealed state, or returns `undefined` when it was altered or is malformed.
 *
 * @example
 * const state = await openInteraction(interactions, form.interaction)
 */
export async function openInteraction(seal: Seal<InteractionState>, sealed: string): Promise<InteractionState | undefined> {
  let state: InteractionState
  try {
    state = await seal.open(sealed)
  } catch (error) {
    if (error instanceof SealError) return undefined
    throw error
  }
  const valid =
    typeof state?.query === 'string' &&
    typeof state.startedAt === 'number' &&
    (state.satisfiedBy === undefined || typeof state.satisfiedBy === 'number')
  return valid ? state : undefined
}
