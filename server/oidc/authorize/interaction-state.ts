/**
 * @module The state a login or consent form carries back to the
 * authorization endpoint: the original request's query and when the
 * interaction began, sealed with an HMAC so it cannot be altered (a fresh
 * sign-in counts for `prompt=login` only if it happened after that time).
 */
import { createHmac, timingSafeEqual } from 'node:crypto'

export interface InteractionState {
  /** The authorization request's raw query string. */
  query: string
  /** Unix seconds when the interaction began. */
  startedAt: number
  /** On consent forms: the session that passed the sign-in checks the consent applies to. */
  satisfiedBy?: number
}

/**
 * Seals the state as `payload.mac`, both base64url.
 *
 * @example
 * const sealed = sealInteraction(secret, { query: 'client_id=…', startedAt: 1700000000 })
 */
export function sealInteraction(secret: Buffer, state: InteractionState): string {
  const payload = Buffer.from(JSON.stringify(state)).toString('base64url')
  return `${payload}.${createHmac('sha256', secret).update(payload).digest('base64url')}`
}

/**
 * Opens sealed state, or returns `undefined` when it was altered or is malformed.
 *
 * @example
 * const state = openInteraction(secret, form.interaction)
 */
export function openInteraction(secret: Buffer, sealed: string): InteractionState | undefined {
  const [payload, mac] = sealed.split('.')
  if (!payload || !mac) return undefined
  const expected = createHmac('sha256', secret).update(payload).digest()
  const actual = Buffer.from(mac, 'base64url')
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return undefined
  try {
    const state = JSON.parse(Buffer.from(payload, 'base64url').toString()) as InteractionState
    const valid =
      typeof state.query === 'string' &&
      typeof state.startedAt === 'number' &&
      (state.satisfiedBy === undefined || typeof state.satisfiedBy === 'number')
    return valid ? state : undefined
  } catch {
    return undefined
  }
}
