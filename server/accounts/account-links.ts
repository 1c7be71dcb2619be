/**
 * @module External OpenID Connect providers and the accounts linked to
 * them: an operator adds a provider; a user links their account there to
 * their svc account (and may then sign in through it) or unlinks it. The
 * linked providers' slugs are the `svc.links` claim; linking and
 * unlinking tell every client the user uses (`account.linked`,
 * `account.unlinked`), in the change's own transaction. The one module
 * that reads and writes `external_providers` and `account_links`. A
 * provider's client secret is stored encrypted (db/secret-box.ts) and
 * handed out in clear.
 */
import type { Kysely } from 'kysely'
import { publicClientIds } from '../clients/clients.js'
import type { Database, ExternalProviderRow, UserRow } from '../db/schema.js'
import { secretBoxOf, type SecretPlace } from '../db/secret-box.js'
import { assertSecretKeyCurrent } from '../db/settings.js'
import { isUniqueViolation } from '../db/unique-violation.js'
import { InvalidInput } from '../invalid-input.js'
import type { AccountEvents } from './account-events.js'
import { liveConsentsOf } from './consents.js'
import { setLinkedProviders, userById } from './users.js'

export interface NewExternalProvider {
  slug: string
  name: string
  issuer: string
  clientId: string
  clientSecret: string
}

/**
 * Adds an external provider.
 *
 * @example
 * await addExternalProvider(db, { slug: 'partner-id', name: 'Partner ID', issuer: 'https://id.partner.example', clientId, clientSecret })
 */
export async function addExternalProvider(
  db: Kysely<Database>,
  input: NewExternalProvider,
  now = new Date(),
): Promise<ExternalProviderRow> {
  if (!/^[a-z0-9][a-z0-9-]{0,39}$/.test(input.slug))
    throw new InvalidInput('slug', 'slug must be 1 to 40 lower-case letters, digits and dashes')
  if (input.name.trim() === '') throw new InvalidInput('name', 'name must not be empty')
  if (!/^https?:\/\//.test(input.issuer) || !URL.canParse(input.issuer))
    throw new InvalidInput('issuer', 'issuer must be an http or https URL')
  if (!input.clientId || !input.clientSecret) throw new InvalidInput('client_id', 'client id and client secret are required')
  await assertSecretKeyCurrent(db)
  try {
    const row = await db
      .insertInto('external_providers')
      .values({
        slug: input.slug,
        name: input.name.trim(),
        issuer: input.issuer.replace(/\/$/, ''),
        client_id: input.clientId,
        client_secret: secretBoxOf(db).seal(clientSecretPlace(input.slug), input.clientSecret),
        created_at: now.toISOString(),
      })
      .returningAll()
      .executeTakeFirstOrThrow()
    return { ...row, client_secret: input.clientSecret }
  } catch (error) {
    if (isUniqueViolation(error)) throw new InvalidInput('slug', `a provider named ${input.slug} exists already`)
    throw error
  }
}

/** Where a provider's client secret is stored: its slug, which never changes, is the row's identity. */
const clientSecretPlace = (slug: string): SecretPlace => ({ table: 'external_providers', column: 'client_secret', row: slug })

/** The row with its client secret opened. */
const withClientSecret = (db: Kysely<Database>, row: ExternalProviderRow): ExternalProviderRow => ({
  ...row,
  client_secret: secretBoxOf(db).open(clientSecretPlace(row.slug), row.client_secret),
})

/**
 * Every configured provider, by name, without its client secret: the
 * pages that list them (sign-in, the console's account page and its
 * policy) never need it, so nothing is decrypted per request.
 */
export const externalProviders = (db: Kysely<Database>): Promise<Omit<ExternalProviderRow, 'client_secret'>[]> =>
  db.selectFrom('external_providers').select(['id', 'slug', 'name', 'issuer', 'client_id', 'created_at']).orderBy('name').execute()

/** The provider a slug names, with its client secret (decrypted: a sign-in or link through it needs it), or `undefined`. */
export const externalProvider = async (db: Kysely<Database>, slug: string): Promise<ExternalProviderRow | undefined> => {
  const row = await db.selectFrom('external_providers').selectAll().where('slug', '=', slug).executeTakeFirst()
  return row && withClientSecret(db, row)
}

/**
 * The svc account linked to an external account, or `undefined`.
 *
 * @example
 * const user = await userLinkedTo(db, provider, claims.sub)
 */
export async function userLinkedTo(db: Kysely<Database>, provider: ExternalProviderRow, externalSub: string): Promise<UserRow | undefined> {
  const link = await db
    .selectFrom('account_links')
    .select('user_id')
    .where('provider_id', '=', provider.id)
    .where('external_sub', '=', externalSub)
    .executeTakeFirst()
  return link && userById(db, link.user_id)
}

/**
 * Links the user's account to an external account.
 *
 * @example
 * await linkAccount(db, events, user, provider, { sub: 'ext-1', email: 'ada@partner.example' })
 */
export async function linkAccount(...link: Parameters<typeof insertLink>): Promise<void> {
  try {
    await insertLink(...link)
  } catch (error) {
    // Two links finishing at once: the second meets the unique constraints.
    if (isUniqueViolation(error))
      throw new InvalidInput('provider', `that ${link[3].name} account was linked a moment ago; reload the page`)
    throw error
  }
}

async function insertLink(
  db: Kysely<Database>,
  events: AccountEvents,
  user: UserRow,
  provider: ExternalProviderRow,
  external: { sub: string; email?: string },
  now = new Date(),
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const taken = await trx
      .selectFrom('account_links')
      .select(['user_id'])
      .where('provider_id', '=', provider.id)
      .where((eb) => eb.or([eb('external_sub', '=', external.sub), eb('user_id', '=', user.id)]))
      .execute()
    if (taken.some((row) => row.user_id !== user.id))
      throw new InvalidInput('provider', `that ${provider.name} account is linked to another svc account`)
    if (taken.length > 0) throw new InvalidInput('provider', `your account is linked to ${provider.name} already`)
    await trx
      .insertInto('account_links')
      .values({
        user_id: user.id,
        provider_id: provider.id,
        external_sub: external.sub,
        email: external.email ?? null,
        linked_at: now.toISOString(),
      })
      .execute()
    await updateLinksClaim(trx, user.id)
    for (const clientId of await clientsOf(trx, user.id))
      await events.record(trx, 'account.linked', clientId, { account: user.sub, provider: provider.slug })
  })
}

/**
 * Unlinks the user's account from a provider.
 *
 * @example
 * await unlinkAccount(db, events, user, provider)
 */
export async function unlinkAccount(
  db: Kysely<Database>,
  events: AccountEvents,
  user: UserRow,
  provider: ExternalProviderRow,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const removed = await trx
      .deleteFrom('account_links')
      .where('user_id', '=', user.id)
      .where('provider_id', '=', provider.id)
      .executeTakeFirst()
    if (Number(removed.numDeletedRows) === 0) throw new InvalidInput('provider', `your account is not linked to ${provider.name}`)
    await updateLinksClaim(trx, user.id)
    for (const clientId of await clientsOf(trx, user.id))
      await events.record(trx, 'account.unlinked', clientId, { account: user.sub, provider: provider.slug })
  })
}

/**
 * Removes every external link of the account, each client told with
 * `account.unlinked`, in the caller's transaction: what was linked while
 * the address was unconfirmed may be a stranger's way in.
 *
 * @example
 * await unlinkEveryProvider(trx, events, user)
 */
export async function unlinkEveryProvider(db: Kysely<Database>, events: AccountEvents, user: UserRow): Promise<void> {
  const links = await linksOf(db, user.id)
  if (links.length === 0) return
  await db.deleteFrom('account_links').where('user_id', '=', user.id).execute()
  await updateLinksClaim(db, user.id)
  const clients = await clientsOf(db, user.id)
  for (const link of links)
    for (const clientId of clients) await events.record(db, 'account.unlinked', clientId, { account: user.sub, provider: link.slug })
}

/** The user's links, with their providers. */
export const linksOf = (db: Kysely<Database>, userId: number) =>
  db
    .selectFrom('account_links')
    .innerJoin('external_providers', 'external_providers.id', 'account_links.provider_id')
    .select(['external_providers.slug', 'external_providers.name', 'account_links.email', 'account_links.linked_at'])
    .where('account_links.user_id', '=', userId)
    .orderBy('external_providers.name')
    .execute()

async function updateLinksClaim(db: Kysely<Database>, userId: number): Promise<void> {
  await setLinkedProviders(
    db,
    userId,
    (await linksOf(db, userId)).map((link) => link.slug),
  )
}

/** The public ids of the clients the user consented to. */
async function clientsOf(db: Kysely<Database>, userId: number): Promise<string[]> {
  const consents = await liveConsentsOf(db, userId)
  return publicClientIds(
    db,
    consents.map((consent) => consent.clientId),
  )
}
