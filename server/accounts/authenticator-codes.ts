/**
 * @module Authenticator codes (TOTP, RFC 6238) as a second factor, over
 * the authenticators and recovery-codes repositories: a new secret and the
 * `otpauth://` URI an app reads from the QR code, and the check of a code
 * typed at sign-in, at set-up or to remove it. Codes are what Google
 * Authenticator, 1Password and Authy make by default (SHA-1, 6 digits, 30
 * seconds); one step either side is accepted for clocks a little off, and
 * a step already used is refused, so a code seen over a shoulder or in
 * transit cannot be typed again. A recovery code stands in for a code,
 * once each.
 */
import { Secret, TOTP } from 'otpauth'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.js'
import { authenticatorOf, removeAuthenticator, spendTimeStep } from './authenticators.js'
import { removeRecoveryCodes, spendRecoveryCode } from './recovery-codes.js'
import { inTransaction } from '../db/in-transaction.js'

const PERIOD_SECONDS = 30
const DIGITS = 6
/** Steps accepted either side of now: a phone's clock 30 seconds off still signs in. */
const WINDOW = 1
/** 160 bits, RFC 4226's recommended length for SHA-1. */
const SECRET_BYTES = 20

/** What a typed code did: accepted (as an app's code or a recovery code) or why not. */
export type CodeCheck = 'otp' | 'recovery' | 'wrong' | 'replayed' | 'used'

/**
 * A new random secret, base32 (what apps take when typed by hand).
 *
 * @example
 * newAuthenticatorSecret() // 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'
 */
export function newAuthenticatorSecret(): string {
  return new Secret({ size: SECRET_BYTES }).base32
}

const totpOf = (secret: string, issuer = '', label = '') =>
  new TOTP({ issuer, label, secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: DIGITS, period: PERIOD_SECONDS })

/**
 * The URI an authenticator app reads from the QR code: the deployment's
 * name as issuer (what the app lists it under) and the account's address as label.
 *
 * @example
 * otpauthUri({ secret, issuer: 'svc', label: 'ada@example.com' }) // 'otpauth://totp/svc:ada%40example.com?issuer=svc&secret=…'
 */
export function otpauthUri({ secret, issuer, label }: { secret: string; issuer: string; label: string }): string {
  return totpOf(secret, issuer, label).toString()
}

/**
 * The secret as people copy it by hand: groups of four.
 *
 * @example
 * groupedSecret('JBSWY3DPEHPK3PXP') // 'JBSW Y3DP EHPK 3PXP'
 */
export function groupedSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ')
}

/**
 * The time step a 6-digit code belongs to under `secret`, within one step of `now`; undefined when it is no such code.
 *
 * @example
 * timeStepOf(secret, '123456', new Date())
 */
export function timeStepOf(secret: string, typed: string, now: Date): number | undefined {
  const token = typed.replace(/\s/g, '')
  if (!/^\d{6}$/.test(token)) return undefined
  const delta = totpOf(secret).validate({ token, timestamp: now.getTime(), window: WINDOW })
  return delta === null ? undefined : Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta
}

/**
 * Checks a code from the account's authenticator app against its secret:
 * `otp` when right and not used before (its step is spent), `replayed`
 * when right but its step was spent already, `wrong` otherwise (no
 * authenticator included). `confirm` checks the code of a set-up waiting
 * for its first one, and activates it.
 *
 * @example
 * await checkAppCode(db, user.id, '492039', now) // 'otp'
 */
export async function checkAppCode(
  db: Kysely<Database>,
  userId: number,
  typed: string,
  now: Date,
  { confirm = false }: { confirm?: boolean } = {},
): Promise<'otp' | 'wrong' | 'replayed'> {
  const authenticator = await authenticatorOf(db, userId)
  if (!authenticator || authenticator.confirmed === confirm) return 'wrong'
  const step = timeStepOf(authenticator.secret, typed, now)
  if (step === undefined) return 'wrong'
  return (await spendTimeStep(db, userId, step, now, { confirm })) ? 'otp' : 'replayed'
}

/**
 * Checks what was typed as the second factor: a 6-digit code from the
 * app, or else one of the recovery codes.
 *
 * @example
 * const check = await checkSecondFactorCode(db, user.id, { code: '492039' }, now)
 */
export async function checkSecondFactorCode(
  db: Kysely<Database>,
  userId: number,
  { code, recoveryCode }: { code?: string; recoveryCode?: string },
  now: Date,
): Promise<CodeCheck> {
  if (recoveryCode) {
    const spent = await spendRecoveryCode(db, userId, recoveryCode, now)
    return spent === 'spent' ? 'recovery' : spent === 'used' ? 'used' : 'wrong'
  }
  return checkAppCode(db, userId, code ?? '', now)
}

/**
 * Removes the account's authenticator and its recovery codes: password sign-ins ask for no code after this.
 *
 * @example
 * await removeSecondFactor(db, user.id)
 */
export async function removeSecondFactor(db: Kysely<Database>, userId: number): Promise<void> {
  // Joins the caller's transaction when there is one (an administrator's removal records and mails in it).
  await inTransaction(db, async (trx) => {
    await removeRecoveryCodes(trx, userId)
    await removeAuthenticator(trx, userId)
  })
}
