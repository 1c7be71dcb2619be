/**
 * @module The clients repository: applications that sign users in through
 * svc, confidential (with a secret, shown once and stored hashed) or
 * public (PKCE only), with their redirect URIs (which ones may be
 * registered: `registration-rules.ts`); the one module that reads and
 * writes the `clients` table. What a row says once read is
 * `client-row.ts`. A client's webhook endpoints are their own table
 * (`webhooks/endpoints.ts`); `webhooks/client-with-endpoint.ts` registers a
 * client with its first one.
 */
import { createHash, randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { ApplicationType, ClientRow, Database } from '../db/schema.js'
import { preparedQuery } from '../db/prepared-query.js'
import { InvalidInput } from '../invalid-input.js'
import { applicationType, clientName, redirectUriList, registeredUris } from './registration-rules.js'
import { webUrl } from './web-url.js'
import { backchannelLogoutUri } from './backchannel-logout-uri.js'

/** Every scope svc knows. */
export const SCOPES = ['openid', 'profile', 'email', 'offline_access', 'svc.access'] as const
/**
 * What a new client may ask for unless an operator grants more (`client
 * create --scopes`): sign-in and the person's name and address, never
 * refresh tokens or svc's own permissions (`svc.access`) by default.
 */
export const DEFAULT_SCOPES: readonly string[] = ['openid', 'profile', 'email']

export interface NewClient {
  name: string
  redirectUris: string[]
  postLogoutRedirectUris?: string[]
  public?: boolean
  /** `web` (default) or `native`: only a native app's loopback redirect URIs take any port. */
  applicationType?: ApplicationType
  /** Granted by an operator; {@link DEFAULT_SCOPES} when not given. */
  scopes?: string[]
  /** Where logout tokens go when a session that signed in to it ends (OIDC Back-Channel Logout 1.0). */
  backchannelLogoutUri?: string
  /** The client asks for `sid` in logout tokens; svc always sends it, and records the ask. */
  backchannelLogoutSessionRequired?: boolean
  privacyPolicyUrl?: string
  termsOfServiceUrl?: string
  logoUri?: string
  /** The developer registering it in the console. */
  ownerSub?: string
  /** The organisation it belongs to (its developer's, or a management token's); none when left out. */
  organisationId?: number | null
  /** svc's own base URL, for its own clients (console, demo): their URIs on it may be plain http off loopback. */
  issuer?: string
  /** The console's own registration, which alone may carry svc's name. */
  svcOwn?: boolean
  /** The deployment's product name (`SVC_BRAND_NAME`), reserved like svc's. */
  productName?: string
}

/** How a client secret is stored: its SHA-256 (a secret is 256 random bits, so no slow hash is needed). */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex')
}

/** A client just registered: what is shown once is here, and only here. */
export interface RegisteredClient {
  clientId: string
  /** A confidential client's secret. */
  clientSecret?: string
}

/**
 * Registers a client and returns its id and, for a confidential client, its
 * secret (shown once).
 *
 * @example
 * const { clientId, clientSecret } = await createClient(db, { name: 'Shop', redirectUris: ['https://shop.example/callback'] })
 */
export async function createClient(db: Kysely<Database>, input: NewClient, now = new Date()): Promise<RegisteredClient> {
  const name = clientName(input.name, { svcOwn: input.svcOwn === true, ...(input.productName ? { productName: input.productName } : {}) })
  const type = applicationType(input.applicationType)
  const redirectUris = redirectUriList(input.redirectUris, input.issuer)
  const postLogoutRedirectUris = registeredUris('post_logout_redirect_uri', input.postLogoutRedirectUris ?? [], input.issuer)
  const scopes = input.scopes ?? [...DEFAULT_SCOPES]
  // Every sign-in asks for openid; a client without it could never complete one.
  if (!scopes.includes('openid')) throw new InvalidInput('scopes', 'scopes must include openid')
  for (const scope of scopes) {
    if (!SCOPES.includes(scope as (typeof SCOPES)[number]))
      throw new InvalidInput('scopes', `scope ${JSON.stringify(scope)} is unknown; known: ${SCOPES.join(' ')}`)
  }
  const privacyPolicyUrl = input.privacyPolicyUrl === undefined ? null : webUrl('privacy_policy_url', input.privacyPolicyUrl)
  const termsOfServiceUrl = input.termsOfServiceUrl === undefined ? null : webUrl('terms_of_service_url', input.termsOfServiceUrl)
  const logoUri = input.logoUri === undefined ? null : webUrl('logo_uri', input.logoUri)
  const logoutUri =
    input.backchannelLogoutUri === undefined ? null : backchannelLogoutUri('backchannel_logout_uri', input.backchannelLogoutUri)
  const clientId = `cli_${randomBytes(12).toString('base64url')}`
  const clientSecret = input.public ? undefined : `sec_${randomBytes(32).toString('base64url')}`
  await db
    .insertInto('clients')
    .values({
      client_id: clientId,
      name,
      secret_hash: clientSecret === undefined ? null : hashSecret(clientSecret),
      redirect_uris: JSON.stringify(redirectUris),
      post_logout_redirect_uris: JSON.stringify(postLogoutRedirectUris),
      scopes: JSON.stringify(scopes),
      privacy_policy_url: privacyPolicyUrl,
      terms_of_service_url: termsOfServiceUrl,
      logo_uri: logoUri,
      backchannel_logout_uri: logoutUri,
      backchannel_logout_session_required: input.backchannelLogoutSessionRequired ? 1 : 0,
      owner_sub: input.ownerSub ?? null,
      organisation_id: input.organisationId ?? null,
      application_type: type,
      created_at: now.toISOString(),
    })
    .execute()
  return clientSecret === undefined ? { clientId } : { clientId, clientSecret }
}

/**
 * Finds a client by its public id.
 *
 * @example
 * const client = await clientByClientId(db, 'cli_…')
 */
export async function clientByClientId(db: Kysely<Database>, clientId: string): Promise<ClientRow | undefined> {
  return (await clientByClientIdQuery(db, { clientId })).rows[0]
}

/**
 * Finds a client by its row id (as tokens and grants name it).
 *
 * @example
 * const client = await clientById(db, token.client_id)
 */
export async function clientById(db: Kysely<Database>, id: number): Promise<ClientRow | undefined> {
  return db.selectFrom('clients').selectAll().where('id', '=', id).executeTakeFirst()
}

const clientByClientIdQuery = preparedQuery((db, { clientId }: { clientId: string }) =>
  db.selectFrom('clients').selectAll().where('client_id', '=', clientId),
)

/**
 * Every registered client, svc's own included.
 *
 * @example
 * const publicOnes = (await allClients(db)).filter(isPublicClient)
 */
export async function allClients(db: Kysely<Database>): Promise<ClientRow[]> {
  return db.selectFrom('clients').selectAll().execute()
}

/**
 * The clients with these row ids (as consents and tokens name them), in no particular order.
 *
 * @example
 * const clients = await clientsByIds(db, consents.map((consent) => consent.clientId))
 */
export async function clientsByIds(db: Kysely<Database>, ids: readonly number[]): Promise<ClientRow[]> {
  if (ids.length === 0) return []
  return db
    .selectFrom('clients')
    .selectAll()
    .where('id', 'in', [...new Set(ids)])
    .execute()
}

/**
 * The public ids of the clients with these row ids, in the order given, each once.
 *
 * @example
 * for (const clientId of await publicClientIds(trx, rowIds)) await events.record(trx, 'account.deleted', clientId, { account })
 */
export async function publicClientIds(db: Kysely<Database>, ids: readonly number[]): Promise<string[]> {
  const publicId = await publicClientIdsByRowId(db, ids)
  return [...new Set(ids)].flatMap((id) => publicId.get(id) ?? [])
}

/**
 * The public id of each client with one of these row ids, by row id.
 *
 * @example
 * const clientIdOf = await publicClientIdsByRowId(db, deliveries.map((delivery) => delivery.client_id))
 */
export async function publicClientIdsByRowId(db: Kysely<Database>, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .selectFrom('clients')
    .select(['id', 'client_id'])
    .where('id', 'in', [...new Set(ids)])
    .execute()
  return new Map(rows.map((row) => [row.id, row.client_id]))
}

/**
 * Gives a confidential client a new secret and returns it (shown once):
 * the stored hash is replaced, so the old secret stops working at once.
 * Answers `undefined` for a public client, which has no secret.
 *
 * @example
 * const secret = await replaceClientSecret(db, client.id)
 */
export async function replaceClientSecret(db: Kysely<Database>, id: number): Promise<string | undefined> {
  const clientSecret = `sec_${randomBytes(32).toString('base64url')}`
  const result = await db
    .updateTable('clients')
    .set({ secret_hash: hashSecret(clientSecret) })
    .where('id', '=', id)
    .where('secret_hash', 'is not', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0 ? clientSecret : undefined
}

/**
 * Whose clients the developer portal shows: a developer's (by `sub`, with
 * their organisation's code when they have one), or every one
 * (`undefined`, an operator).
 */
export type PortalViewer = { sub: string; organisation?: string | undefined } | undefined

/**
 * The clients a developer sees in the console, newest first: every client
 * but svc's own for an operator; for a developer, those they registered
 * and those of their organisation that no developer registered (made
 * with one of its management tokens), so a client the organisation's
 * script registers is theirs to look after. Another developer's stay
 * theirs.
 *
 * @example
 * const clients = await developerClients(db, roles.operator ? undefined : { sub, organisation: roles.organisation })
 */
export async function developerClients(db: Kysely<Database>, viewer: PortalViewer): Promise<ClientRow[]> {
  return developerClientsQuery(db, viewer).orderBy('id', 'desc').execute()
}

/**
 * One of {@link developerClients}, by its public id.
 *
 * @example
 * const client = await developerClient(db, roles.operator ? undefined : { sub }, 'cli_…')
 */
export async function developerClient(db: Kysely<Database>, viewer: PortalViewer, clientId: string): Promise<ClientRow | undefined> {
  return developerClientsQuery(db, viewer).where('client_id', '=', clientId).executeTakeFirst()
}

function developerClientsQuery(db: Kysely<Database>, viewer: PortalViewer) {
  const thirdParty = db.selectFrom('clients').selectAll().where('first_party', '=', 0)
  if (viewer === undefined) return thirdParty
  const { sub, organisation } = viewer
  if (organisation === undefined) return thirdParty.where('owner_sub', '=', sub)
  return thirdParty.where((eb) =>
    eb.or([
      eb('owner_sub', '=', sub),
      eb.and([
        eb('owner_sub', 'is', null),
        eb('organisation_id', 'in', eb.selectFrom('organisations').select('id').where('code', '=', organisation)),
      ]),
    ]),
  )
}

/**
 * The row ids of an organisation's clients (`clients.organisation_id`,
 * migration 0025). The management API's organisation tokens reach these
 * clients' deliveries and no others.
 *
 * @example
 * const ids = await clientRowIdsOfOrganisation(db, 'ORG0123456789')
 */
export async function clientRowIdsOfOrganisation(db: Kysely<Database>, organisationCode: string): Promise<number[]> {
  const rows = await db
    .selectFrom('clients')
    .select('id')
    .where('first_party', '=', 0)
    .where('organisation_id', 'in', (eb) => eb.selectFrom('organisations').select('id').where('code', '=', organisationCode))
    .execute()
  return rows.map((row) => row.id)
}

/**
 * The public id of a client that is not svc's own, found by its name (the demo's client).
 *
 * @example
 * const clientId = await thirdPartyClientIdNamed(db, 'Demo Partner')
 */
export async function thirdPartyClientIdNamed(db: Kysely<Database>, name: string): Promise<string | undefined> {
  const row = await db.selectFrom('clients').select('client_id').where('name', '=', name).where('first_party', '=', 0).executeTakeFirst()
  return row?.client_id
}

/**
 * The clients a management token reaches: every client but svc's own,
 * only those of `organisationId` unless it is `undefined` (an
 * operator-wide token); newest first.
 *
 * @example
 * const clients = await organisationClients(db, caller.organisation?.id)
 */
export async function organisationClients(db: Kysely<Database>, organisationId: number | undefined): Promise<ClientRow[]> {
  return organisationClientsQuery(db, organisationId).orderBy('id', 'desc').execute()
}

/**
 * One of {@link organisationClients}, by its public id.
 *
 * @example
 * const client = await organisationClient(db, caller.organisation?.id, 'cli_…')
 */
export async function organisationClient(
  db: Kysely<Database>,
  organisationId: number | undefined,
  clientId: string,
): Promise<ClientRow | undefined> {
  return organisationClientsQuery(db, organisationId).where('client_id', '=', clientId).executeTakeFirst()
}

function organisationClientsQuery(db: Kysely<Database>, organisationId: number | undefined) {
  const thirdParty = db.selectFrom('clients').selectAll().where('first_party', '=', 0)
  return organisationId === undefined ? thirdParty : thirdParty.where('organisation_id', '=', organisationId)
}

/**
 * Replaces a client's redirect URIs, as given (svc's own clients, kept pointing at the issuer).
 *
 * @example
 * await setRedirectUris(db, 'cli_…', ['http://localhost:8787/'])
 */
export async function setRedirectUris(db: Kysely<Database>, clientId: string, redirectUris: string[]): Promise<void> {
  await db
    .updateTable('clients')
    .set({ redirect_uris: JSON.stringify(redirectUris) })
    .where('client_id', '=', clientId)
    .execute()
}

/**
 * Makes a client one of svc's own (no consent page) with these URIs (the console's client).
 *
 * @example
 * await makeFirstParty(db, 'cli_…', { redirectUris: [callback], postLogoutRedirectUris: [signedOut] })
 */
export async function makeFirstParty(
  db: Kysely<Database>,
  clientId: string,
  uris: { redirectUris: string[]; postLogoutRedirectUris: string[] },
): Promise<void> {
  await db
    .updateTable('clients')
    .set({
      redirect_uris: JSON.stringify(uris.redirectUris),
      post_logout_redirect_uris: JSON.stringify(uris.postLogoutRedirectUris),
      first_party: 1,
    })
    .where('client_id', '=', clientId)
    .execute()
}

/** What a developer may change of a registered client, each field already checked as at registration. */
export interface ClientRegistrationChange {
  name: string
  applicationType: ApplicationType
  redirectUris: string[]
  postLogoutRedirectUris: string[]
  privacyPolicyUrl: string | null
  termsOfServiceUrl: string | null
  logoUri: string | null
  /** Left out: unchanged. */
  backchannelLogoutUri?: string | null
  /** Left out: unchanged. */
  backchannelLogoutSessionRequired?: boolean
}

/**
 * Replaces a client's name, application type, URIs and links (the console's edit form); its id, confidentiality and secrets stay.
 *
 * @example
 * await changeClientRegistration(db, client.id, { name: 'Shop', applicationType: 'web', redirectUris: [cb], postLogoutRedirectUris: [], privacyPolicyUrl: null, termsOfServiceUrl: null, logoUri: null })
 */
export async function changeClientRegistration(db: Kysely<Database>, id: number, change: ClientRegistrationChange): Promise<void> {
  await db
    .updateTable('clients')
    .set({
      name: change.name,
      application_type: change.applicationType,
      redirect_uris: JSON.stringify(change.redirectUris),
      post_logout_redirect_uris: JSON.stringify(change.postLogoutRedirectUris),
      privacy_policy_url: change.privacyPolicyUrl,
      terms_of_service_url: change.termsOfServiceUrl,
      logo_uri: change.logoUri,
      ...(change.backchannelLogoutUri === undefined ? {} : { backchannel_logout_uri: change.backchannelLogoutUri }),
      ...(change.backchannelLogoutSessionRequired === undefined
        ? {}
        : { backchannel_logout_session_required: change.backchannelLogoutSessionRequired ? 1 : 0 }),
    })
    .where('id', '=', id)
    .execute()
}

/**
 * Deletes a client with everything issued to it (the schema cascades).
 *
 * @example
 * await deleteClient(db, 'cli_…')
 */
export async function deleteClient(db: Kysely<Database>, clientId: string): Promise<void> {
  await db.deleteFrom('clients').where('client_id', '=', clientId).execute()
}
