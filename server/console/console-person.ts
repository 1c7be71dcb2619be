/**
 * @module A person as the console's People page shows them: the role in
 * the console's words, the state of the account and the organisation by
 * name. Shared by the list and by every action, which answer the person
 * as they are after it.
 */
import { organisationRoleOf } from '../account-changes/people-management.js'
import { accountState } from '../accounts/account-state.js'
import type { Database, OrganisationRow, UserRow } from '../db/schema.js'
import type { Kysely } from 'kysely'
import { passkeyHolders } from '../accounts/passkeys.js'
import { authenticatorHolders } from '../accounts/authenticators.js'
import type { ConsolePerson } from '../../shared/console-wire.js'

/**
 * The role a person has in the console, one word: operator first, as it reaches everything.
 *
 * @example
 * roleOf(user) // 'marketer'
 */
export function roleOf(user: UserRow): ConsolePerson['role'] {
  return user.svc_master === 1 ? 'operator' : organisationRoleOf(user)
}

/**
 * The person for the page; `organisations` names the codes it may meet,
 * `passkeyHolders` the accounts with a passkey (`passkeyHoldersAmong`),
 * `secondFactors` which of them hold a passkey or an authenticator app
 * (`secondFactorsOf`), for the operator to see who a required second
 * factor would stop.
 *
 * @example
 * consolePerson(user, new Map([[org.code, org]]), session.sub, await passkeyHoldersAmong(db, [user]), await secondFactorsOf(db, [user]))
 */
export function consolePerson(
  user: UserRow,
  organisations: ReadonlyMap<string, OrganisationRow>,
  viewerSub: string,
  passkeyHolders: ReadonlySet<number>,
  secondFactors?: SecondFactors,
): ConsolePerson {
  const organisation = user.svc_app === null ? undefined : organisations.get(user.svc_app)
  return {
    sub: user.sub,
    name: user.name,
    email: user.email,
    role: roleOf(user),
    organisation_role: organisationRoleOf(user),
    email_verified: user.email_verified === 1,
    state: accountState(user, passkeyHolders),
    // A code no organisation has any more still says where the account belonged.
    organisation: user.svc_app === null ? null : { code: user.svc_app, name: organisation?.name ?? user.svc_app },
    you: user.sub === viewerSub,
    ...(secondFactors
      ? { second_factor: { passkey: secondFactors.passkeys.has(user.id), authenticator: secondFactors.authenticators.has(user.id) } }
      : {}),
  }
}

/** Of some accounts, those holding a passkey and those holding an authenticator app. */
export interface SecondFactors {
  passkeys: ReadonlySet<number>
  authenticators: ReadonlySet<number>
}

/**
 * Which of `users` hold a passkey, and which an authenticator app: two queries for the page.
 *
 * @example
 * const factors = await secondFactorsOf(db, users)
 */
export async function secondFactorsOf(db: Kysely<Database>, users: readonly Pick<UserRow, 'id'>[]): Promise<SecondFactors> {
  const ids = users.map((user) => user.id)
  const [passkeys, authenticators] = await Promise.all([passkeyHolders(db, ids), authenticatorHolders(db, ids)])
  return { passkeys, authenticators }
}
