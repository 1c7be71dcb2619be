/**
 * @module The users repository: accounts that sign in at svc, with their
 * profile and svc.* claims, and the OpenID claims each scope releases;
 * the one module that reads and writes the `users` table.
 */
import { type Kysely, sql } from 'kysely'
import { insertWithFreshCode } from '../db/public-code.js'
import { isUniqueViolation } from '../db/unique-violation.js'
import type { Database, UserRow } from '../db/schema.js'
import { preparedQuery } from '../db/prepared-query.js'
import { InvalidInput } from '../invalid-input.js'
import { hashPassword } from './passwords.js'
import { PLAIN_EMAIL, plainEmailAddress } from '../../shared/email-address.js'
import { isPersonName, NAME_RULE } from './person-name.js'

export interface NewUser {
  email: string
  name: string
  password: string
  /** A hash already made by `hashPassword` (sign-up hashes before its transaction); `password` is then not checked. */
  passwordHash?: string
  givenName?: string
  familyName?: string
  picture?: string
  emailVerified?: boolean
  svcApp?: string
  svcAccess?: string[]
  svcMaster?: boolean
  svcRole?: string
}

/** The plain-address rule of `email-address.ts`, under the name the login form imports. */
export const EMAIL = PLAIN_EMAIL

/**
 * Creates an account and returns it.
 *
 * @example
 * const user = await createUser(db, { email: 'ada@example.com', name: 'Ada Lovelace', password: 'analytical engine' })
 */
export async function createUser(db: Kysely<Database>, input: NewUser, now = new Date()): Promise<UserRow> {
  const email = plainEmailAddress(input.email)
  if (email === undefined)
    throw new InvalidInput('email', 'email must be an e-mail address such as ada@example.com, without spaces or any of , ; < > " ( ) [ ] :')
  const name = input.name.trim()
  if (!isPersonName(name)) throw new InvalidInput('name', `name ${NAME_RULE}`)
  for (const [field, value] of [
    ['given_name', input.givenName],
    ['family_name', input.familyName],
  ] as const)
    if (value !== undefined && !isPersonName(value.trim())) throw new InvalidInput(field, `${field} ${NAME_RULE}`)
  if (input.passwordHash === undefined && (input.password.length < 8 || input.password.length > 1024))
    throw new InvalidInput('password', 'password must be 8 to 1024 characters')
  for (const entry of input.svcAccess ?? []) {
    if (!/^[\w.-]+:[\w.*-]+$/.test(entry))
      throw new InvalidInput('svc_access', `svc.access entry ${JSON.stringify(entry)} must be <Area>:<Permission>`)
  }
  // The picture is released as a claim and shown by partner pages: a web image only.
  if (input.picture !== undefined && !/^https?:$/.test(URL.canParse(input.picture) ? new URL(input.picture).protocol : ''))
    throw new InvalidInput('picture', 'picture must be an http or https URL')
  const emailTaken = () => new InvalidInput('email', `an account with the email ${email} exists already`)
  const emailInUse = async () => (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()) !== undefined
  if (await emailInUse()) throw emailTaken()
  const timestamp = now.toISOString()
  const passwordHash = input.passwordHash ?? (await hashPassword(input.password))
  const inserted = insertWithFreshCode('ACC', (sub) =>
    db
      .insertInto('users')
      .values({
        sub,
        email,
        email_verified: input.emailVerified === false ? 0 : 1,
        name,
        given_name: input.givenName ?? name.split(' ')[0] ?? null,
        family_name: input.familyName ?? (name.includes(' ') ? name.slice(name.indexOf(' ') + 1) : null),
        picture: input.picture ?? null,
        password_hash: passwordHash,
        svc_app: input.svcApp ?? null,
        svc_access: JSON.stringify(input.svcAccess ?? []),
        svc_master: input.svcMaster ? 1 : 0,
        svc_role: input.svcRole ?? null,
        svc_links: '[]',
        created_at: timestamp,
        updated_at: timestamp,
      })
      .returningAll()
      .executeTakeFirstOrThrow(),
  )
  try {
    return (await inserted).result
  } catch (error) {
    // Another request registered the same address since the check above.
    if (isUniqueViolation(error) && (await emailInUse())) throw emailTaken()
    throw error
  }
}

/**
 * Finds an account by e-mail address or account code, as a login hint may name either.
 *
 * @example
 * const user = await userByLogin(db, 'ada@example.com')
 */
export async function userByLogin(db: Kysely<Database>, login: string): Promise<UserRow | undefined> {
  const value = login.trim()
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb.or([eb('email', '=', value.toLowerCase()), eb('sub', '=', value)]))
    .executeTakeFirst()
}

/**
 * Finds an account by internal id.
 *
 * @example
 * const user = await userById(db, token.user_id)
 */
export async function userById(db: Kysely<Database>, id: number): Promise<UserRow | undefined> {
  return (await userByIdQuery(db, { id })).rows[0]
}

const userByIdQuery = preparedQuery((db, { id }: { id: number }) => db.selectFrom('users').selectAll().where('id', '=', id))

/**
 * Finds an account by its e-mail address, exactly as stored (lower-cased).
 *
 * @example
 * const user = await userByEmail(db, 'ada@example.com')
 */
export async function userByEmail(db: Kysely<Database>, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst()
}

/**
 * Finds an account by its account code (the OpenID `sub`).
 *
 * @example
 * const user = await userBySub(db, 'ACC0123456789')
 */
export async function userBySub(db: Kysely<Database>, sub: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('sub', '=', sub).executeTakeFirst()
}

/**
 * The accounts of an organisation (their `svc.app`), by e-mail address.
 *
 * @example
 * const people = await usersOfOrganisation(db, 'ORG0123456789')
 */
export async function usersOfOrganisation(db: Kysely<Database>, organisation: string): Promise<UserRow[]> {
  return db.selectFrom('users').selectAll().where('svc_app', '=', organisation).orderBy('email').execute()
}

/**
 * Every account, by e-mail address.
 *
 * @example
 * const everyone = await allUsers(db)
 */
export async function allUsers(db: Kysely<Database>): Promise<UserRow[]> {
  return db.selectFrom('users').selectAll().orderBy('email').execute()
}

/**
 * How many accounts are operators (`svc.master`).
 *
 * @example
 * if ((await operatorCount(db)) === 1) refuse('the last operator')
 */
export async function operatorCount(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('svc_master', '=', 1)
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

/**
 * How many operators can still sign in: the ones not disabled. The last
 * of them may not be demoted, disabled or removed, or nobody could run svc.
 *
 * @example
 * if ((await enabledOperatorCount(trx)) === 1) refuse('the last operator')
 */
export async function enabledOperatorCount(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('svc_master', '=', 1)
    .where('disabled_at', 'is', null)
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

/** True when an operator or admin disabled the account: it signs in nowhere until enabled. */
export const isDisabled = (user: Pick<UserRow, 'disabled_at'>): boolean => user.disabled_at !== null

/**
 * Disables the account from `at` on, or enables it again (`null`). Only
 * the flag: ending its sessions and tokens is `account-disabling.ts`'s.
 *
 * @example
 * await setDisabledAt(trx, user.id, now, now)
 */
export async function setDisabledAt(db: Kysely<Database>, userId: number, at: Date | null, now: Date): Promise<void> {
  await db
    .updateTable('users')
    .set({ disabled_at: at === null ? null : at.toISOString(), updated_at: now.toISOString() })
    .where('id', '=', userId)
    .execute()
}

/** What the People page asks for: one organisation's people or everyone's, matching a text, one page of them. */
export interface PeopleSearch {
  /** An organisation code; everyone when absent. */
  organisation?: string
  /** Matched, ignoring case, anywhere in the name or the e-mail address. */
  text?: string
  limit: number
  offset: number
}

/**
 * One page of the accounts a search finds, by e-mail address, and how many it finds in all.
 *
 * @example
 * const { users, total } = await searchUsers(db, { text: 'grace', limit: 50, offset: 0 })
 */
export async function searchUsers(db: Kysely<Database>, search: PeopleSearch): Promise<{ users: UserRow[]; total: number }> {
  const query = matchingUsers(db, search)
  const [users, count] = await Promise.all([
    query.selectAll().orderBy('email').limit(search.limit).offset(search.offset).execute(),
    query.select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow(),
  ])
  return { users, total: Number(count.count) }
}

/**
 * The accounts a search finds, newest first, below the row `beforeId`
 * when given: the management API's pages, whose cursor does not move
 * when accounts are added meanwhile.
 *
 * @example
 * const users = await newestUsers(db, { organisation: 'ORG0123456789', text: 'grace', limit: 21 })
 */
export async function newestUsers(
  db: Kysely<Database>,
  search: Omit<PeopleSearch, 'offset'> & { beforeId?: number },
): Promise<UserRow[]> {
  let query = matchingUsers(db, search)
  if (search.beforeId !== undefined) query = query.where('id', '<', search.beforeId)
  return query.selectAll().orderBy('id', 'desc').limit(search.limit).execute()
}

/** The accounts of the organisation, if one is named, whose name or address holds the text. */
function matchingUsers(db: Kysely<Database>, search: Pick<PeopleSearch, 'organisation' | 'text'>) {
  // `!` escapes LIKE's wildcards in what was typed; lower() on both sides, as PostgreSQL's LIKE minds case.
  const text = search.text?.trim().toLowerCase() ?? ''
  const pattern = `%${text.replace(/[!%_]/g, (char) => `!${char}`)}%`
  let query = db.selectFrom('users')
  if (search.organisation !== undefined) query = query.where('svc_app', '=', search.organisation)
  if (text !== '')
    query = query.where((eb) =>
      eb.or([
        eb(sql<string>`lower(${sql.ref('name')})`, 'like', sql<string>`${pattern} escape '!'`),
        eb(sql<string>`lower(${sql.ref('email')})`, 'like', sql<string>`${pattern} escape '!'`),
      ]),
    )
  return query
}

/** What an operator may change of an account's name and svc claims; an absent field stays as it is. */
export interface AccountChange {
  name?: string
  svcApp?: string
  /** `null` clears the role. */
  svcRole?: string | null
  svcAccess?: string[]
  svcMaster?: boolean
}

/**
 * Stores an operator's change to an account's name and svc claims; a new
 * name brings its given and family names, as at creation.
 *
 * @example
 * await changeAccount(db, user.id, { svcRole: 'marketer', svcAccess: ['Ads:Edit'] }, new Date())
 */
export async function changeAccount(db: Kysely<Database>, userId: number, change: AccountChange, now: Date): Promise<void> {
  const name = change.name?.trim()
  if (name !== undefined && !isPersonName(name)) throw new InvalidInput('name', `name ${NAME_RULE}`)
  await db
    .updateTable('users')
    .set({
      updated_at: now.toISOString(),
      ...(name === undefined
        ? {}
        : { name, given_name: name.split(' ')[0] ?? null, family_name: name.includes(' ') ? name.slice(name.indexOf(' ') + 1) : null }),
      ...(change.svcApp === undefined ? {} : { svc_app: change.svcApp }),
      ...(change.svcRole === undefined ? {} : { svc_role: change.svcRole }),
      ...(change.svcAccess === undefined ? {} : { svc_access: JSON.stringify(change.svcAccess) }),
      ...(change.svcMaster === undefined ? {} : { svc_master: change.svcMaster ? 1 : 0 }),
    })
    .where('id', '=', userId)
    .execute()
}

/**
 * Replaces the account's password hash, and marks its e-mail address
 * verified when the change came through a link mailed to it.
 *
 * @example
 * await setPasswordHash(trx, user.id, await hashPassword(typed), { emailVerified: true, now })
 */
export async function setPasswordHash(
  db: Kysely<Database>,
  userId: number,
  passwordHash: string,
  { emailVerified, now }: { emailVerified: boolean; now: Date },
): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: now.toISOString(), ...(emailVerified ? { email_verified: 1 } : {}) })
    .where('id', '=', userId)
    .execute()
}

/**
 * Marks the account's e-mail address verified (its owner followed the mailed link).
 *
 * @example
 * await markEmailVerified(trx, user.id, new Date())
 */
export async function markEmailVerified(db: Kysely<Database>, userId: number, now: Date): Promise<void> {
  await db.updateTable('users').set({ email_verified: 1, updated_at: now.toISOString() }).where('id', '=', userId).execute()
}

/**
 * Makes `email` the account's confirmed address (its owner followed the
 * link mailed there); false when another account has it by now.
 *
 * @example
 * if (!(await changeEmail(trx, user.id, 'ada@new.example', now))) refuse()
 */
export async function changeEmail(db: Kysely<Database>, userId: number, email: string, now: Date): Promise<boolean> {
  const holder = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()
  if (holder && holder.id !== userId) return false
  await db.updateTable('users').set({ email, email_verified: 1, updated_at: now.toISOString() }).where('id', '=', userId).execute()
  return true
}

/** The name and picture claims the account page edits; `null` clears one. */
export interface ProfileFields {
  name: string
  given_name: string | null
  family_name: string | null
  picture: string | null
}

/**
 * Stores the account's name and picture claims (already checked).
 *
 * @example
 * await setProfile(db, user.id, { name: 'Ada King', given_name: 'Ada', family_name: 'King', picture: null }, new Date())
 */
export async function setProfile(db: Kysely<Database>, userId: number, profile: ProfileFields, now: Date): Promise<void> {
  // Checked by the caller for its page's words; checked again here, as every write path is.
  for (const field of ['name', 'given_name', 'family_name'] as const) {
    const value = profile[field]
    if ((field === 'name' || value !== null) && !isPersonName(value ?? '')) throw new InvalidInput(field, `${field} ${NAME_RULE}`)
  }
  await db
    .updateTable('users')
    .set({ ...profile, updated_at: now.toISOString() })
    .where('id', '=', userId)
    .execute()
}

/**
 * Stores the `svc.links` claim: the slugs of the providers the account is linked to.
 *
 * @example
 * await setLinkedProviders(trx, user.id, ['partner-id'])
 */
export async function setLinkedProviders(db: Kysely<Database>, userId: number, slugs: string[]): Promise<void> {
  await db
    .updateTable('users')
    .set({ svc_links: JSON.stringify(slugs) })
    .where('id', '=', userId)
    .execute()
}

/**
 * Deletes an account; its sessions, consents and tokens go with it (the schema cascades).
 *
 * @example
 * await deleteUser(trx, user.id)
 */
export async function deleteUser(db: Kysely<Database>, userId: number): Promise<void> {
  await db.deleteFrom('users').where('id', '=', userId).execute()
}

/**
 * The claims the granted scopes release (OIDC Core 5.4 and the handbook):
 * `openid` → sub; `profile` → name, given_name, family_name, picture;
 * `email` → email, email_verified; `svc.access` → the svc.* claims.
 *
 * @example
 * claimsFor(user, ['openid', 'email']) // { sub, email, email_verified }
 */
export function claimsFor(user: UserRow, scopes: readonly string[]): Record<string, unknown> {
  const claims: Record<string, unknown> = { sub: user.sub }
  if (scopes.includes('profile')) {
    claims.name = user.name
    if (user.given_name !== null) claims.given_name = user.given_name
    if (user.family_name !== null) claims.family_name = user.family_name
    if (user.picture !== null) claims.picture = user.picture
  }
  if (scopes.includes('email')) {
    claims.email = user.email
    claims.email_verified = user.email_verified === 1
  }
  if (scopes.includes('svc.access')) {
    if (user.svc_app !== null) claims['svc.app'] = user.svc_app
    claims['svc.access'] = JSON.parse(user.svc_access)
    claims['svc.master'] = user.svc_master === 1
    if (user.svc_role !== null) claims['svc.role'] = user.svc_role
    claims['svc.links'] = JSON.parse(user.svc_links)
  }
  return claims
}
