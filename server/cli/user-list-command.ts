/**
 * @module `user list [--org CODE]`: the accounts, each with the roles the
 * console grants it (operator included), the svc claims behind them, and
 * its state (`active`, `invited`, `unconfirmed` or `disabled`).
 */
import { rolesOfAccount } from '../account-changes/account-roles.js'
import { type AccountState, accountState, passkeyHoldersAmong } from '../accounts/account-state.js'
import { allUsers, usersOfOrganisation } from '../accounts/users.js'
import type { UserRow } from '../db/schema.js'
import { organisationByCode } from '../orgs/organisations.js'
import { type CliIo, type CommandOutput, commandSettings, withDatabase } from './context.js'
import { parseFlags } from './flags.js'
import { textTable } from './text-table.js'

export const USER_LIST_USAGE = 'user list [--org CODE]'

/** An account as the CLI prints it: never its password hash. */
export interface ListedAccount {
  sub: string
  email: string
  name: string
  email_verified: boolean
  /** `disabled` signs in nowhere; `invited` has not chosen a password yet; `unconfirmed` has not followed the mailed link. */
  state: AccountState
  organisation: string | null
  /** What the console grants: `operator`, then `admin`, `marketer` or `developer`. */
  roles: string[]
  /** The stored claims the roles are read from. */
  svc_role: string | null
  svc_access: string[]
  created_at: string
}

/**
 * The account as `user list` and `user update` print it; `passkeyHolders`
 * as `passkeyHoldersAmong` finds them, for its state.
 *
 * @example
 * listedAccount(user, await passkeyHoldersAmong(db, [user])) // { sub: 'ACC…', roles: ['operator'], … }
 */
export function listedAccount(user: UserRow, passkeyHolders: ReadonlySet<number>): ListedAccount {
  return {
    sub: user.sub,
    email: user.email,
    name: user.name,
    email_verified: user.email_verified === 1,
    state: accountState(user, passkeyHolders),
    organisation: user.svc_app,
    roles: rolesOfAccount(user),
    svc_role: user.svc_role,
    svc_access: JSON.parse(user.svc_access) as string[],
    created_at: user.created_at,
  }
}

/**
 * One line for a person: code, address, name, state, roles and organisation.
 *
 * @example
 * accountLine(listedAccount(user, holders)) // 'ACC…  ada@example.com  Ada Lovelace  active  admin in ORG…'
 */
export function accountLine(account: ListedAccount): string {
  const roles = account.roles.length === 0 ? 'no role' : account.roles.join(', ')
  return `${account.sub}  ${account.email}  ${account.name}  ${account.state}  ${roles}${account.organisation ? ` in ${account.organisation}` : ''}`
}

/**
 * Lists every account, or an organisation's, by e-mail address.
 *
 * @example
 * await userList(['--org', 'ORG0123456789'], io)
 */
export async function userList(args: string[], io: CliIo): Promise<CommandOutput> {
  const { values } = parseFlags(args, { org: { type: 'string' } })
  return withDatabase(commandSettings(values, io), async (db) => {
    // An unknown code is refused, not answered with an empty list that looks like an organisation nobody joined.
    const users =
      values.org === undefined ? await allUsers(db) : await usersOfOrganisation(db, (await organisationByCode(db, values.org)).code)
    const holders = await passkeyHoldersAmong(db, users)
    const accounts = users.map((user) => listedAccount(user, holders))
    const none =
      values.org === undefined
        ? 'No people yet; add one with user invite --email E (or user create).'
        : `No people in ${values.org} yet; add one with user invite --email E --org ${values.org}.`
    return {
      json: { users: accounts },
      text:
        accounts.length === 0
          ? none
          : textTable(
              [
                ['ACCOUNT', (account) => account.sub],
                ['EMAIL', (account) => account.email],
                ['NAME', (account) => account.name],
                ['STATE', (account) => account.state],
                ['ROLES', (account) => (account.roles.length === 0 ? 'none' : account.roles.join(', '))],
                ['ORGANISATION', (account) => account.organisation ?? '—'],
              ],
              accounts,
            ),
    }
  })
}
