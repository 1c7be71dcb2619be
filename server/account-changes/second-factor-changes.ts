/**
 * @module What happens around a change to a person's second factor
 * beyond the change itself: the audit entry and the mail to the
 * account's own address, as Google and GitHub tell of them. An
 * authenticator app turned on or removed on the account page, recovery
 * codes made again, a recovery code used to sign in (with how many are
 * left), and an operator or admin removing someone's authenticator for a
 * lost phone. Each writes, records and queues its mail in one
 * transaction, so a mail is never sent for a change that did not happen.
 */
import { removeSecondFactor } from '../accounts/authenticator-codes.js'
import { hasAuthenticator } from '../accounts/authenticators.js'
import { newRecoveryCodes, RECOVERY_CODE_COUNT, recoveryCodesLeft } from '../accounts/recovery-codes.js'
import type { AuditActor } from '../audit/audit-actions.js'
import { recordAuditEvent } from '../audit/audit-events.js'
import { personTarget } from '../audit/audit-targets.js'
import type { Database, UserRow } from '../db/schema.js'
import type { Locale } from '../i18n/locale.js'
import { mailedLink } from '../i18n/request-locale.js'
import { queueMail } from '../mail/mail-outbox.js'
import { nameToGreet } from '../mail/messages/render-mail.js'
import { type SecondFactorChange, secondFactorMail } from '../mail/messages/second-factor-mails.js'
import type { Kysely } from 'kysely'
import { Refusal } from '../refusal.js'
import type { LifecycleContext } from './signup.js'

/** Refused: the person has no authenticator app to remove. */
export class NoAuthenticator extends Refusal {
  override name = 'NoAuthenticator'
  readonly status = 409
  constructor(person: string) {
    super(`${person} has no authenticator app set up: there is nothing to remove.`)
  }
}

const AUDIT_ACTION: Record<Exclude<SecondFactorChange, 'authenticatorRemovedByAdmin'>, Parameters<typeof recordAuditEvent>[1]['action']> = {
  authenticatorAdded: 'account.authenticator_added',
  authenticatorRemoved: 'account.authenticator_removed',
  recoveryCodesRenewed: 'account.recovery_codes_renewed',
  recoveryCodeUsed: 'account.recovery_code_used',
}

/** Queues the mail of `change` to the account, linking its account page in `locale`. */
async function mailChange(
  db: Kysely<Database>,
  ctx: LifecycleContext,
  user: UserRow,
  change: SecondFactorChange,
  locale: Locale,
  left?: number,
): Promise<void> {
  const link = `${mailedLink(`${ctx.issuer}/console/account`, locale)}#authenticator`
  const counts = left === undefined ? {} : { left, total: RECOVERY_CODE_COUNT }
  await queueMail(
    db,
    secondFactorMail({ change, to: user.email, name: nameToGreet(user), link, locale, branding: ctx.branding, ...counts }),
    ctx.now(),
  )
}

/**
 * Records and mails a change the person made to their own second factor
 * (`actor` is them); `recoveryCodeUsed` says how many codes are left.
 *
 * @example
 * await tellOfSecondFactorChange(ctx, accountActor(session), user, 'authenticatorAdded', 'de')
 */
export async function tellOfSecondFactorChange(
  ctx: LifecycleContext,
  actor: AuditActor,
  user: UserRow,
  change: Exclude<SecondFactorChange, 'authenticatorRemovedByAdmin'>,
  locale: Locale,
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const left = change === 'recoveryCodeUsed' ? await recoveryCodesLeft(trx, user.id) : undefined
    await recordAuditEvent(
      trx,
      {
        actor,
        action: AUDIT_ACTION[change],
        target: personTarget(user),
        organisation: user.svc_app,
        ...(left === undefined ? {} : { detail: { recovery_codes_left: left } }),
      },
      ctx.now(),
    )
    await mailChange(trx, ctx, user, change, locale, left)
  })
}

/**
 * Makes the account's recovery codes again (the earlier ones stop
 * working), records it and mails the account; returns the new codes, to
 * show once.
 *
 * @example
 * const codes = await renewRecoveryCodes(ctx, accountActor(session), user, 'en')
 */
export async function renewRecoveryCodes(ctx: LifecycleContext, actor: AuditActor, user: UserRow, locale: Locale): Promise<string[]> {
  const codes = await newRecoveryCodes(ctx.db, user.id, ctx.now())
  await tellOfSecondFactorChange(ctx, actor, user, 'recoveryCodesRenewed', locale)
  return codes
}

/**
 * An operator's or admin's removal of someone's authenticator app and
 * recovery codes (a lost phone): password sign-ins ask for no code
 * after it. Their sessions stay, as Google's and Keycloak's
 * administrators' resets leave them: the person lost a phone, not their
 * password, and "Sign out everywhere" is one click away if it was stolen.
 * Recorded as `person.authenticator_removed`; the person is mailed.
 * Refused when there is no authenticator to remove.
 *
 * @example
 * await removePersonAuthenticator(ctx, cliActor(), person, 'en')
 */
export async function removePersonAuthenticator(ctx: LifecycleContext, actor: AuditActor, person: UserRow, locale: Locale): Promise<void> {
  if (!(await hasAuthenticator(ctx.db, person.id))) throw new NoAuthenticator(person.name)
  await ctx.db.transaction().execute(async (trx) => {
    await removeSecondFactor(trx, person.id)
    await recordAuditEvent(
      trx,
      { actor, action: 'person.authenticator_removed', target: personTarget(person), organisation: person.svc_app },
      ctx.now(),
    )
    await mailChange(trx, ctx, person, 'authenticatorRemovedByAdmin', locale)
  })
}
