/**
 * @module `user invite`: an account made for someone else, who chooses
 * its password through the mailed link (see `account-changes/invitations.ts`).
 */
import { LOCALES, type Locale } from '../i18n/locale.js'
import { accessWithRole } from '../account-changes/account-roles.js'
import { INVITABLE_ROLES, invite } from '../account-changes/invitations.js'
import { userByEmail } from '../accounts/users.js'
import { organisationByCode } from '../orgs/organisations.js'
import { CliError } from './cli-error.js'
import { cliActor, recordAuditEvent } from '../audit/audit-events.js'
import { personState, personTarget } from '../audit/audit-targets.js'
import { type CliIo, type CommandOutput, commandSettings, withDatabase } from './context.js'
import { list, oneOf, parseFlags, required } from './flags.js'
import { BRAND_SETTINGS, brandingFrom } from './brand-settings.js'

export const INVITE_USAGE =
  'user invite --email E [--name N] [--svc-app CODE] [--svc-role admin|marketer|developer] [--svc-access Area:Perm,...] [--svc-master] [--issuer URL] [--locale en|de|es|fr|it|nl|pt|pt-PT]'

/**
 * Invites someone: makes the account and queues the mail with its link.
 *
 * @example
 * await userInvite(['--email', 'grace@example.com', '--svc-app', 'ORG0123456789', '--svc-role', 'marketer'], io)
 */
export async function userInvite(args: string[], io: CliIo): Promise<CommandOutput> {
  const { values } = parseFlags(args, {
    email: { type: 'string' },
    name: { type: 'string' },
    'svc-app': { type: 'string' },
    'svc-access': { type: 'string' },
    'svc-role': { type: 'string' },
    'svc-master': { type: 'boolean' },
    issuer: { type: 'string' },
    locale: { type: 'string' },
  })
  const email = required(values.email, '--email').trim().toLowerCase()
  const locale = (oneOf(values.locale, '--locale', [...LOCALES]) ?? 'en') as Locale
  const role = oneOf(values['svc-role'], '--svc-role', [...INVITABLE_ROLES]) as (typeof INVITABLE_ROLES)[number] | undefined
  const settings = commandSettings(values, io, ['issuer', ...BRAND_SETTINGS])
  // The link must open on the address people reach svc at, as `serve` does.
  const issuer = settings.issuer ?? 'http://localhost:8787'
  // The mail is branded as the server's pages are.
  const branding = brandingFrom(settings)
  const access = accessWithRole(role, list(values['svc-access']))
  return withDatabase(settings, async (db) => {
    if (values['svc-app'] !== undefined) await organisationByCode(db, values['svc-app'])
    if (await userByEmail(db, email))
      throw new CliError(`an account with the email ${email} exists already; invite someone new, or reset its password`)
    const user = await invite(
      { db, issuer, now: () => new Date(), branding },
      {
        email,
        name: values.name,
        svcApp: values['svc-app'],
        svcRole: role,
        svcAccess: access,
        svcMaster: values['svc-master'],
        locale,
      },
    )
    await recordAuditEvent(db, {
      actor: cliActor(),
      action: 'person.invited',
      target: personTarget(user),
      organisation: user.svc_app,
      detail: personState(user),
    })
    return {
      json: { sub: user.sub, invited: user.email },
      text: `Invited ${user.email} (account ${user.sub}); the mail with the link is queued.`,
    }
  })
}
