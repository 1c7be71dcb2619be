/**
 * @module `user update`: an operator changes an account's name, role,
 * organisation or operator status. The console reads an account's roles
 * from its row on every request (console/console-sessions.ts), and
 * userinfo and new tokens read the row too, so a change holds from the
 * next request on; id_tokens issued before it keep their claims until
 * they expire, as any signed token does. `--disable` does what the
 * console's Disable does (`account-changes/account-disabling.ts`): no
 * sign-in, its sessions end and its tokens are revoked at once;
 * `--enable` lets it sign in again.
 */
import { disableAccount, enableAccount, LastOperator, refuseLastOperator } from '../account-changes/account-disabling.js'
import { claimsOfRole } from '../account-changes/account-roles.js'
import { INVITABLE_ROLES, type InvitableRole } from '../account-changes/invitations.js'
import { type AccountChange, changeAccount, userById } from '../accounts/users.js'
import { passkeyHoldersAmong } from '../accounts/account-state.js'
import { webhookOutbox } from '../webhooks/outbox.js'
import { organisationByCode } from '../orgs/organisations.js'
import { CliError, UsageError } from './cli-error.js'
import { cliActor } from '../audit/audit-events.js'
import { recordDisabledChange, recordPersonChange } from '../audit/person-change.js'
import { type CliIo, type CommandOutput, commandSettings, withDatabase } from './context.js'
import { oneOf, parseFlags } from './flags.js'
import { userNamed, warnOfRoleWithoutOrganisation } from './user-commands.js'
import { accountLine, listedAccount } from './user-list-command.js'

export const USER_UPDATE_USAGE =
  'user update (--email E | --sub S) [--name N] [--role admin|marketer|developer|none] [--org CODE] [--operator | --no-operator] [--disable | --enable]'

/**
 * Changes what the flags name and prints the account as it is now.
 *
 * @example
 * await userUpdate(['--email', 'grace@example.com', '--role', 'marketer', '--org', 'ORG0123456789'], io)
 */
export async function userUpdate(args: string[], io: CliIo): Promise<CommandOutput> {
  const { values } = parseFlags(args, {
    email: { type: 'string' },
    sub: { type: 'string' },
    name: { type: 'string' },
    role: { type: 'string' },
    org: { type: 'string' },
    operator: { type: 'boolean' },
    'no-operator': { type: 'boolean' },
    disable: { type: 'boolean' },
    enable: { type: 'boolean' },
  })
  const role = oneOf(values.role, '--role', [...INVITABLE_ROLES, 'none']) as InvitableRole | 'none' | undefined
  if (values.operator && values['no-operator']) throw new UsageError('give --operator or --no-operator, not both')
  const operator = values.operator ? true : values['no-operator'] ? false : undefined
  if (values.disable && values.enable) throw new UsageError('give --disable or --enable, not both')
  const disabled = values.disable ? true : values.enable ? false : undefined
  if (values.name === undefined && role === undefined && values.org === undefined && operator === undefined && disabled === undefined)
    throw new UsageError('nothing to change: give --name, --role, --org, --operator, --no-operator, --disable or --enable')
  return withDatabase(commandSettings(values, io), async (db) => {
    const user = await userNamed(db, values)
    const organisation = values.org === undefined ? undefined : (await organisationByCode(db, values.org)).code
    const change: AccountChange = {
      name: values.name,
      svcApp: organisation,
      svcMaster: operator,
      ...(role === undefined ? {} : claimsOfRole(JSON.parse(user.svc_access) as string[], role)),
    }
    await db.transaction().execute(async (trx) => {
      // Checked in the transaction that demotes, so two demotions at once cannot both pass.
      if (operator === false) await refuseLastOperator(trx, user, 'made a non-operator').catch(lastOperatorHint(user.email))
      // Refused before anything else changes, so a refused --disable leaves the account as it was.
      if (disabled === true) await refuseLastOperator(trx, user, 'disabled').catch(lastOperatorHint(user.email))
      await changeAccount(trx, user.id, change, new Date())
      await recordPersonChange(trx, cliActor(), user, (await userById(trx, user.id))!)
    })
    if (disabled === true)
      await recordDisabledChange(
        db,
        cliActor(),
        user,
        await disableAccount(db, webhookOutbox(), user, new Date()).catch(lastOperatorHint(user.email)),
      )
    if (disabled === false) await recordDisabledChange(db, cliActor(), user, await enableAccount(db, user, new Date()))
    const updated = (await userById(db, user.id))!
    const account = listedAccount(updated, await passkeyHoldersAmong(db, [updated]))
    warnOfRoleWithoutOrganisation(io, '--role', role === undefined ? undefined : account.svc_role, account.organisation, '--org')
    return { json: { user: account }, text: `Updated: ${accountLine(account)}` }
  })
}

/** The refusal to leave svc without an operator, in the CLI's words, with the command that helps. */
const lastOperatorHint =
  (email: string) =>
  (error: unknown): never => {
    if (error instanceof LastOperator)
      throw new CliError(`${email} is the only operator; make another account operator first (user update --operator)`)
    throw error
  }
