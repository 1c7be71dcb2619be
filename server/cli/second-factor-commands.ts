/**
 * @module The command line's second-factor commands, as the console has
 * them: `console require-second-factor on|off` (an operator requiring a
 * second factor of every console role; without a word it says whether it
 * is on) and `user second-factor remove` (someone's authenticator app and
 * recovery codes taken away for a lost phone: they are mailed, their
 * sessions stay). Both are recorded in the audit log with the command
 * line as actor. The command line has no session to lock out, so turning
 * the requirement on is not refused here: the operators who run it hold
 * the machine, and the console tells each person what to add.
 */
import { removePersonAuthenticator } from '../account-changes/second-factor-changes.js'
import { requireSecondFactor, secondFactorRequired } from '../accounts/second-factor-requirement.js'
import { cliActor } from '../audit/audit-events.js'
import { LOCALES, type Locale } from '../i18n/locale.js'
import { BRAND_SETTINGS, brandingFrom } from './brand-settings.js'
import { UsageError } from './cli-error.js'
import { type CliIo, type CommandOutput, commandSettings, withDatabase } from './context.js'
import { oneOf, parseFlags } from './flags.js'
import { userNamed } from './user-commands.js'

export const SECOND_FACTOR_USAGE = [
  'console require-second-factor [on|off]',
  'user second-factor remove (EMAIL | --email E | --sub S) [--issuer URL] [--locale en|de|es|fr|it|nl|pt|pt-PT]',
].join('\n  ')

/**
 * Turns the requirement on or off, or says whether it is on.
 *
 * @example
 * await consoleRequireSecondFactor(['on'], io)
 */
export async function consoleRequireSecondFactor(args: string[], io: CliIo): Promise<CommandOutput> {
  const { values, positionals } = parseFlags(args, {}, { positionals: 1 })
  const [word] = positionals
  if (word !== undefined && word !== 'on' && word !== 'off') throw new UsageError('say on or off (or nothing, to see whether it is on)')
  return withDatabase(commandSettings(values, io), async (db) => {
    const changed = word === undefined ? false : await requireSecondFactor(db, cliActor(), word === 'on')
    const required = await secondFactorRequired(db)
    const state = required
      ? 'A second factor is required for console roles: anyone with a console role who signed in with one factor can use only their account page until they add a passkey or an authenticator app and sign in with it.'
      : 'A second factor is not required for console roles.'
    return { json: { required, changed }, text: word !== undefined && !changed ? `${state} (It already was.)` : state }
  })
}

/**
 * Removes someone's authenticator app and recovery codes, and mails them.
 *
 * @example
 * await userSecondFactorRemove(['--email', 'ada@example.com'], io)
 */
export async function userSecondFactorRemove(args: string[], io: CliIo): Promise<CommandOutput> {
  const { values, positionals } = parseFlags(
    args,
    { email: { type: 'string' }, sub: { type: 'string' }, issuer: { type: 'string' }, locale: { type: 'string' } },
    { positionals: 1 },
  )
  const [email] = positionals
  if (email !== undefined && (values.email !== undefined || values.sub !== undefined))
    throw new UsageError('name the account once: an e-mail address, --email or --sub')
  if (email === undefined && values.email === undefined && values.sub === undefined)
    throw new UsageError('name the account: user second-factor remove EMAIL (or --email E, or --sub S)')
  const locale = (oneOf(values.locale, '--locale', [...LOCALES]) ?? 'en') as Locale
  const settings = commandSettings(values, io, ['issuer', ...BRAND_SETTINGS])
  // The mail's link opens the account page on the address people reach svc at, as `user invite`'s does.
  const issuer = settings.issuer ?? 'http://localhost:8787'
  return withDatabase(settings, async (db) => {
    const user = await userNamed(db, email === undefined ? values : { email })
    await removePersonAuthenticator({ db, issuer, now: () => new Date(), branding: brandingFrom(settings) }, cliActor(), user, locale)
    return {
      json: { removed: { account: user.sub, email: user.email } },
      text: `Removed the authenticator app of ${user.email} and its recovery codes: signing in with the password no longer asks for a code. They were mailed; their sessions go on (user sign-out ends them).`,
    }
  })
}
