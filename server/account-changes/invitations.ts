/**
 * @module Invitations: an operator or organisation admin makes an account
 * for someone (e-mail unverified, no usable password, the svc claims they
 * chose) and, in the same transaction, queues a mail whose single-use link
 * (7 days) opens the set-password page; choosing a password there confirms
 * the address and signs the person in. Works whatever `SVC_SIGNUP` says.
 */
import { type InvitedAs, invitationMail } from '../mail/messages/invitation-mail.js'
import type { Database, UserRow } from '../db/schema.js'
import type { Kysely } from 'kysely'
import { organisationWithCode } from '../orgs/organisations.js'
import { UNUSABLE_PASSWORD_HASH } from '../accounts/passwords.js'
import type { LifecycleContext } from './signup.js'
import { createUser } from '../accounts/users.js'
import type { Locale } from '../i18n/locale.js'
import { mailAccountLink } from './mail-account-link.js'
import { voidAccountTokens } from '../accounts/account-tokens.js'

import { INVITABLE_ROLES, type InvitableRole } from '../../shared/invitable-roles.js'

// Who may give which role is the shared rule's (`shared/invitable-roles.ts`); the CLI runs as an operator.
export { INVITABLE_ROLES, type InvitableRole }

/** The svc.access a role brings with it: a marketer edits ads (see `console/roles.ts`). */
export const ACCESS_OF_ROLE: Record<InvitableRole, string[]> = { admin: [], marketer: ['Ads:Edit'], developer: [] }

export interface Invitation {
  email: string
  /** The account's name (the mail greets no one by name); the e-mail's local part when not given. */
  name?: string
  svcApp?: string
  svcRole?: string
  svcAccess?: string[]
  svcMaster?: boolean
  /** Who invites, as the mail names them; the product's team when unsaid. */
  inviter?: string
  /** The language of the mail and of the pages its link opens; English by default. */
  locale?: Locale
}

/**
 * Makes the invited account and queues its mail; rejects with `InvalidInput`
 * (field `email`) when the address already has an account.
 *
 * @example
 * const user = await invite(ctx, { email: 'grace@example.com', svcApp: 'ORG…', svcRole: 'marketer', svcAccess: ['Ads:Edit'], inviter: 'Ada Lovelace' })
 */
export async function invite(ctx: LifecycleContext, invitation: Invitation): Promise<UserRow> {
  const email = invitation.email.trim().toLowerCase()
  const name = invitation.name?.trim() || email.split('@')[0] || email
  return ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now()
    // The unusable hash matches no password, so the account opens only through the link.
    const user = await createUser(
      trx,
      {
        email,
        name,
        password: '',
        passwordHash: UNUSABLE_PASSWORD_HASH,
        emailVerified: false,
        svcApp: invitation.svcApp,
        svcRole: invitation.svcRole,
        svcAccess: invitation.svcAccess,
        svcMaster: invitation.svcMaster,
      },
      now,
    )
    const locale = invitation.locale ?? 'en'
    const invitedAs = await invitedAsOf(trx, user)
    await mailAccountLink(trx, ctx, { userId: user.id, purpose: 'invitation', continueTo: null, locale, now }, (link) =>
      invitationMail({
        to: user.email,
        ...(invitation.inviter ? { inviter: invitation.inviter } : {}),
        ...(invitedAs ? { invitedAs } : {}),
        link,
        locale,
        branding: ctx.branding,
      }),
    )
    return user
  })
}

/**
 * Mails an invited person a fresh invitation (7 days again); the links
 * mailed before stop working, so only the newest mail opens the account.
 *
 * @example
 * await resendInvitation(ctx, user, { inviter: 'Ada Lovelace', locale: 'en' })
 */
export async function resendInvitation(
  ctx: LifecycleContext,
  user: UserRow,
  { inviter, locale = 'en' }: Pick<Invitation, 'inviter' | 'locale'>,
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now()
    await voidAccountTokens(trx, user.id, 'invitation', now)
    const invitedAs = await invitedAsOf(trx, user)
    await mailAccountLink(trx, ctx, { userId: user.id, purpose: 'invitation', continueTo: null, locale, now }, (link) =>
      invitationMail({ to: user.email, ...(inviter ? { inviter } : {}), ...(invitedAs ? { invitedAs } : {}), link, locale, branding: ctx.branding }),
    )
  })
}

/**
 * What the invited account is, as the mail names it: an operator, or a role
 * in an organisation (by its name); nothing when it has no role.
 */
async function invitedAsOf(db: Kysely<Database>, user: UserRow): Promise<InvitedAs | undefined> {
  if (user.svc_master) return { role: 'operator' }
  if (!user.svc_role || user.svc_role === 'none') return undefined
  const organisation = user.svc_app ? await organisationWithCode(db, user.svc_app) : undefined
  return { role: user.svc_role, ...(organisation ? { organisation: organisation.name } : {}) }
}
