/**
 * @module The clients repository: applications that sign users in through
 * svc, confidential (with a secret, shown once and stored hashed) or
 * public (PKCE only), with their redirect URIs (which ones may be
 * registered, and how they match: `redirect-uris.ts`).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { ClientRow, Database } from '../db/schema.js'
import { preparedQuery } from '../db/prepared-query.js'
import { InvalidInput } from '../invalid-input.js'
import { DROPPED_BY_URL_PARSER, MAX_URI_LENGTH, redirectUriMatches, registrableUri, usableUris, webOriginOf } from './redirect-uris.js'

/** Every scope svc knows. */
export const SCOPES = ['openid', 'profile', 'email', 'offline_access', 'svc.access'] as const

export interface NewClient {
  name: string
  redirectUris: string[]
  postLogoutRedirectUris?: string[]
  public?: boolean
  scopes?: string[]
  webhookUrl?: string
  privacyPolicyUrl?: string
  termsOfServiceUrl?: string
  /** The developer registering it in the console. */
  ownerSub?: string
  /** svc's own base URL, for its own clients (console, demo): their URIs on it may be plain http off loopback. */
  issuer?: string
}

/**
 * An http(s) URL svc calls (a webhook) or links to, as the URL parser
 * writes it. Refused: anything the parser would quietly change (white
 * space, control characters), credentials, fragments, over 2 KB.
 *
 * @example
 * const url = webUrl('webhook_url', 'https://shop.example/hooks')
 */
export function webUrl(field: string, value: string): string {
  const url = URL.canParse(value) ? new URL(value) : undefined
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '')
    throw new InvalidInput(field, `${field} must be an http or https URL`)
  if (DROPPED_BY_URL_PARSER.test(value)) throw new InvalidInput(field, `${field} must not contain spaces or control characters`)
  if (url.username || url.password) throw new InvalidInput(field, `${field} must not carry a user name or password`)
  if (url.hash) throw new InvalidInput(field, `${field} must not have a fragment`)
  if (value.length > MAX_URI_LENGTH) throw new InvalidInput(field, `${field} must be at most ${MAX_URI_LENGTH} characters`)
  return url.href
}

const MAX_URIS = 50

/** Registered URIs, each once; too many is refused rather than kept. */
function uriSet(field: string, values: string[], issuer: string | undefined): string[] {
  const unique = [...new Set(values)]
  if (unique.length > MAX_URIS) throw new InvalidInput(field, `a client may register at most ${MAX_URIS} ${field}s`)
  return unique.map((value) => registrableUri(field, value, issuer))
}

function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex')
}

/**
 * Registers a client and returns its id and, for a confidential client, its secret (shown once).
 *
 * @example
 * const { clientId, clientSecret } = await createClient(db, { name: 'Shop', redirectUris: ['https://shop.example/callback'] })
 */
export async function createClient(
  db: Kysely<Database>,
  input: NewClient,
  now = new Date(),
): Promise<{ clientId: string; clientSecret?: string }> {
  const name = input.name.trim()
  if (name === '' || name.length > 200) throw new InvalidInput('name', 'name must be 1 to 200 characters')
  if (input.redirectUris.length === 0) throw new InvalidInput('redirect_uris', 'a client needs at least one redirect URI')
  const redirectUris = uriSet('redirect_uri', input.redirectUris, input.issuer)
  const postLogoutRedirectUris = uriSet('post_logout_redirect_uri', input.postLogoutRedirectUris ?? [], input.issuer)
  const scopes = input.scopes ?? [...SCOPES]
  // Every sign-in asks for openid; a client without it could never complete one.
  if (!scopes.includes('openid')) throw new InvalidInput('scopes', 'scopes must include openid')
  for (const scope of scopes) {
    if (!SCOPES.includes(scope as (typeof SCOPES)[number]))
      throw new InvalidInput('scopes', `scope ${JSON.stringify(scope)} is unknown; known: ${SCOPES.join(' ')}`)
  }
  const webhookUrl = input.webhookUrl === undefined ? null : webUrl('webhook_url', input.webhookUrl)
  const privacyPolicyUrl = input.privacyPolicyUrl === undefined ? null : webUrl('privacy_policy_url', input.privacyPolicyUrl)
  const termsOfServiceUrl = input.termsOfServiceUrl === undefined ? null : webUrl('terms_of_service_url', input.termsOfServiceUrl)
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
      webhook_url: webhookUrl,
      privacy_policy_url: privacyPolicyUrl,
      terms_of_service_url: termsOfServiceUrl,
      owner_sub: input.ownerSub ?? null,
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
 * True when `secret` is the client's secret; constant-time.
 *
 * @example
 * if (!clientSecretMatches(client, presented)) throw new InvalidClient('…')
 */
export function clientSecretMatches(client: ClientRow, secret: string): boolean {
  if (client.secret_hash === null) return false
  return timingSafeEqual(Buffer.from(hashSecret(secret), 'hex'), Buffer.from(client.secret_hash, 'hex'))
}

/** True for a client without a secret, which must use PKCE. */
export const isPublicClient = (client: ClientRow): boolean => client.secret_hash === null

/** The client's registered redirect URIs, as stored (the console shows them). */
export const redirectUrisOf = (client: ClientRow): string[] => JSON.parse(client.redirect_uris) as string[]
/** The client's registered post-logout redirect URIs, as stored. */
export const postLogoutRedirectUrisOf = (client: ClientRow): string[] => JSON.parse(client.post_logout_redirect_uris) as string[]
/** The scopes the client is registered for (what it may get is decided by `grantableScopes`). */
export const scopesOf = (client: ClientRow): string[] => JSON.parse(client.scopes) as string[]

/**
 * True when `uri` is one of the client's redirect URIs: exactly, or on
 * another port for a public client's loopback IP URI (RFC 8252 §7.3). A
 * stored URI that breaks the registration rules never matches.
 *
 * @example
 * if (!redirectUriRegistered(client, uri, provider.issuer)) refuse()
 */
export const redirectUriRegistered = (client: ClientRow, uri: string, issuer: string): boolean =>
  usableUris(redirectUrisOf(client), issuer).some((registered) =>
    redirectUriMatches(registered, uri, { anyLoopbackPort: isPublicClient(client) }),
  )

/**
 * True when `uri` is one of the client's post-logout redirect URIs, matched as {@link redirectUriRegistered} matches.
 *
 * @example
 * if (!postLogoutRedirectUriRegistered(client, uri, provider.issuer)) refuse()
 */
export const postLogoutRedirectUriRegistered = (client: ClientRow, uri: string, issuer: string): boolean =>
  usableUris(postLogoutRedirectUrisOf(client), issuer).some((registered) =>
    redirectUriMatches(registered, uri, { anyLoopbackPort: isPublicClient(client) }),
  )

/**
 * The web origins a client's pages run on: those of its http(s) redirect
 * URIs that keep the registration rules (an app's scheme has no origin),
 * the only values that may enter a `frame-ancestors` or match an `Origin`.
 *
 * @example
 * const ancestors = originsOf(client, provider.issuer).join(' ')
 */
export const originsOf = (client: ClientRow, issuer: string): string[] => [
  ...new Set(redirectUrisOf(client).flatMap((uri) => webOriginOf(uri, issuer) ?? [])),
]
