/**
 * @module What every identity-provider endpoint works with: the database,
 * the issuer URL, the signing keys, the clock, the account-event bus, and
 * the branding its pages, mails and FedCM dialog show.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.js'
import type { AccountEvents } from '../accounts/account-events.js'
import type { SigningKeys } from './signing-keys.js'
import type { Branding } from '../branding.js'
import type { SvcMetrics } from '../metrics/svc-metrics.js'

/** svc's own identity provider, as its endpoints see it (named so, not `Provider`, because external providers are the ones svc signs in through). */
export interface IdentityProviderContext {
  db: Kysely<Database>
  /** The issuer URL, without a trailing slash. */
  issuer: string
  keys: SigningKeys
  now: () => Date
  events: AccountEvents
  /** The product name, logo and colours of the deployment (`SVC_BRAND_*`). */
  branding: Branding
  /** Where sign-ins and token grants are counted, when metrics are on. */
  metrics?: SvcMetrics
}

/** Lifetimes fixed by the handbook, in seconds. */
export const LIFETIMES = {
  authorizationCode: 60,
  accessToken: 3600,
  idToken: 3600,
  refreshTokenIdle: 14 * 24 * 3600,
  refreshTokenAbsolute: 90 * 24 * 3600,
  session: 14 * 24 * 3600,
} as const

/**
 * Unix seconds of the provider's clock.
 *
 * @example
 * const iat = epochSeconds(provider.now())
 */
export const epochSeconds = (date: Date): number => Math.floor(date.getTime() / 1000)
