/**
 * @module Whether an operator requires a second factor of everyone who
 * holds a console role: one deployment-wide switch, kept in the
 * `settings` table (`db/settings.ts` owns it) under
 * `console-second-factor`, so every replica reads the same. Off unless
 * turned on. What counts as a second factor is the sign-in's, not the
 * account's: a passkey sign-in (`hwk`/`swk`, phishing-resistant) or a
 * first factor followed by an authenticator's code (`mfa`); an account
 * that holds an authenticator but signed in with the password alone
 * (before it set one up) has not used it yet.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.js'
import { deleteSetting, replaceSetting, setting } from '../db/settings.js'
import { ACR, acrFor } from '../grants/authentication-methods.js'
import type { AuditActor } from '../audit/audit-actions.js'
import { recordAuditEvent } from '../audit/audit-events.js'

const SETTING = 'console-second-factor'

/**
 * Whether console roles need a second factor.
 *
 * @example
 * if (await secondFactorRequired(db)) askForIt()
 */
export async function secondFactorRequired(db: Kysely<Database>): Promise<boolean> {
  return (await setting(db, SETTING)) === 'required'
}

/**
 * Turns the requirement on or off, and records it in the audit log when
 * that changed it; true when it did.
 *
 * @example
 * await requireSecondFactor(db, cliActor(), true)
 */
export async function requireSecondFactor(db: Kysely<Database>, actor: AuditActor, required: boolean): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if ((await secondFactorRequired(trx)) === required) return false
    if (required) await replaceSetting(trx, SETTING, 'required')
    else await deleteSetting(trx, SETTING)
    await recordAuditEvent(trx, {
      actor,
      action: required ? 'console.second_factor_required' : 'console.second_factor_not_required',
      target: { kind: 'setting', code: SETTING, name: 'Second factor for console roles' },
      detail: { before: { required: !required }, after: { required } },
    })
    return true
  })
}

/**
 * Whether a sign-in made with `amr` used a second factor (or a passkey, which counts as one).
 *
 * @example
 * signedInWithSecondFactor(['pwd']) // false
 * signedInWithSecondFactor(['hwk']) // true
 */
export function signedInWithSecondFactor(amr: readonly string[]): boolean {
  return acrFor(amr) !== ACR.oneFactor
}
