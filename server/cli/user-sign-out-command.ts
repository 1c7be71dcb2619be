/**
 * @module `user sign-out`: an operator signs someone out everywhere from
 * the command line, as the console's People page does
 * (`account-changes/people-management.ts`): every session of the account
 * ends (the console's with them), the tokens its applications hold are
 * revoked, each application told with `tokens.revoked`, and the audit log
 * records `person.signed_out_everywhere` with the command line as actor.
 * The account may sign in again at once; `user update --disable` is the
 * command that keeps it out.
 */
import { signPersonOutEverywhere } from '../account-changes/people-management.js'
import { cliActor } from '../audit/audit-events.js'
import { webhookOutbox } from '../webhooks/outbox.js'
import { UsageError } from './cli-error.js'
import { type CliIo, type CommandOutput, commandSettings, withDatabase } from './context.js'
import { parseFlags } from './flags.js'
import { userNamed } from './user-commands.js'

export const USER_SIGN_OUT_USAGE = 'user sign-out (EMAIL | --email E | --sub S)'

/**
 * Signs the account out everywhere and says how many sessions ended.
 *
 * @example
 * await userSignOut(['ada@example.com'], io)
 */
export async function userSignOut(args: string[], io: CliIo): Promise<CommandOutput> {
  const { values, positionals } = parseFlags(args, { email: { type: 'string' }, sub: { type: 'string' } }, { positionals: 1 })
  const [email] = positionals
  if (email !== undefined && (values.email !== undefined || values.sub !== undefined))
    throw new UsageError('name the account once: an e-mail address, --email or --sub')
  if (email === undefined && values.email === undefined && values.sub === undefined)
    throw new UsageError('name the account: user sign-out EMAIL (or --email E, or --sub S)')
  return withDatabase(commandSettings(values, io), async (db) => {
    const user = await userNamed(db, email === undefined ? values : { email })
    const manager = { operator: true, organisation: undefined, actor: cliActor() }
    const sessions = await signPersonOutEverywhere(db, webhookOutbox(), manager, user, new Date())
    return {
      json: { signed_out: { account: user.sub, email: user.email, sessions } },
      text: `Signed ${user.email} out everywhere: ${sessions === 1 ? '1 session' : `${sessions} sessions`} ended, and the tokens their applications held are revoked.`,
    }
  })
}
