/** @module The identity provider's tables: accounts, clients, keys, sessions, consents, codes and tokens, console sessions, external providers and links, and the mailed links' tokens. */
import type { ColumnType, Generated } from 'kysely'

export interface UsersTable {
  id: Generated<number>
  /** The account code, `ACC` followed by digits: the OpenID `sub`. */
  sub: string
  /** Lower-cased. */
  email: string
  email_verified: number
  name: string
  given_name: string | null
  family_name: string | null
  picture: string | null
  /** `scrypt$N$r$p$salt$hash`, base64url parts. */
  password_hash: string
  svc_app: string | null
  /** JSON array of `<Area>:<Permission>` entries. */
  svc_access: string
  svc_master: number
  svc_role: string | null
  /** JSON array of linked external identities. */
  svc_links: string
  created_at: ColumnType<string, string, never>
  updated_at: string
  /** When an operator or admin disabled the account (migration 0020); `null` while it may sign in. */
  disabled_at: ColumnType<string | null, string | null | undefined, string | null>
}

export interface ClientsTable {
  id: Generated<number>
  client_id: string
  name: string
  /** SHA-256 of the secret; `null` for a public client. */
  secret_hash: string | null
  /** JSON arrays of exact URIs. */
  redirect_uris: string
  post_logout_redirect_uris: string
  /** JSON array of the scopes the client may ask for. */
  scopes: string
  privacy_policy_url: string | null
  terms_of_service_url: string | null
  /** Shown on the consent page (migration 0017). */
  logo_uri: Generated<string | null>
  created_at: ColumnType<string, string, never>
  /** 1 for svc's own applications (the console), which need no consent page (migration 0005). */
  first_party: Generated<number>
  /** The `sub` of the developer who registered the client in the console; `null` for the CLI's (migration 0005). */
  owner_sub: string | null
  /** OpenID Connect Registration's `application_type`: `native` apps' loopback redirect URIs take any port (migration 0018). */
  application_type: Generated<ApplicationType>
  /** The organisation the client belongs to; `null` for one the CLI or an operator registered (migration 0025). */
  organisation_id: Generated<number | null>
  /** Where svc POSTs a logout token when a session that signed in to the client ends (OIDC Back-Channel Logout 1.0, migration 0030). */
  backchannel_logout_uri: Generated<string | null>
  /** 1 when the client asked for `sid` in logout tokens; svc always sends it (migration 0030). */
  backchannel_logout_session_required: Generated<number>
}

/** A web app runs on a server or in a browser; a native app on a device (RFC 8252). */
export type ApplicationType = 'web' | 'native'

export interface SigningKeysTable {
  id: Generated<number>
  kid: string
  /** Encrypted (db/secret-box.ts, migration 0023); the row's kid is its additional data. */
  private_jwk: string
  public_jwk: string
  /** When the key was published in the JWKS. */
  created_at: ColumnType<string, string, never>
  /** When it starts signing: after the key-set cache lifetime, or at once for a first key or an emergency rotation. */
  signs_from: string
  /** When a newer key takes (or took) over signing; in the future while that key is published but not yet signing. */
  retired_at: string | null
  /** When an emergency rotation took it out of the JWKS; null while it is published as its state says. */
  withdrawn_at: string | null
}

export interface SessionsTable {
  id: Generated<number>
  /** SHA-256 of the session cookie's value. */
  session_hash: string
  user_id: number
  /** Unix seconds of the sign-in. */
  auth_time: number
  /** JSON array of how the sign-in was made, RFC 8176 (`["pwd"]`, `["hwk"]`; migration 0026); null before it. */
  amr: ColumnType<string | null, string | null | undefined, string | null>
  created_at: ColumnType<string, string, never>
  /** The User-Agent header at sign-in, at most 512 characters (migration 0027); null for sessions older than it. */
  user_agent: string | null
  /** When the session was last used, written at most once a minute (migration 0027). */
  last_active_at: string | null
  expires_at: string
  ended_at: string | null
  /** The session's public name in id_tokens and logout tokens (`sid`), random, never the cookie's secret (migration 0030). */
  sid: ColumnType<string | null, string | null | undefined, string | null>
}

/** Which clients a session signed in to (a code or an id_token issued in it), told when it ends (migration 0030). */
export interface SessionClientsTable {
  session_id: number
  client_id: number
  created_at: string
}

export interface ConsentsTable {
  id: Generated<number>
  user_id: number
  client_id: number
  /** JSON array of granted scopes. */
  scopes: string
  granted_at: string
  revoked_at: string | null
}

export interface AuthorizationCodesTable {
  id: Generated<number>
  code_hash: string
  /** Names everything issued from this code, so a replay can revoke it all. */
  grant_id: string
  client_id: number
  user_id: number
  session_id: number | null
  redirect_uri: string
  /** Space-separated. */
  scopes: string
  nonce: string | null
  code_challenge: string | null
  auth_time: number
  created_at: ColumnType<string, string, never>
  expires_at: string
  consumed_at: string | null
}

export interface TokensTable {
  id: Generated<number>
  token_hash: string
  kind: 'access' | 'refresh'
  grant_id: string
  client_id: number
  user_id: number
  session_id: number | null
  /** Space-separated. */
  scopes: string
  auth_time: number
  created_at: ColumnType<string, string, never>
  expires_at: string
  /** The absolute end of the refresh chain this token belongs to. */
  grant_expires_at: string
  /** A refresh token replaced by rotation; presenting it again revokes the chain. */
  retired_at: string | null
  revoked_at: string | null
}

/** A signed-in console user's session: the cookie's value is kept as SHA-256, the tokens stay here (migration 0005). */
export interface ConsoleSessionsTable {
  id_hash: string
  user_sub: string
  /** JSON of the id_token's claims at sign-in, kept as a record; roles are read from the account's current row, never from these. */
  claims: string
  id_token: string
  access_token: string
  refresh_token: string | null
  /** The token the console's forms and API calls must echo. */
  csrf: string
  created_at: string
  expires_at: string
  /** The svc session the console signed in with (migration 0008); the console session lasts no longer. */
  svc_session_id: number | null
}

/** An external OpenID Connect provider users may link and sign in with (migration 0006). */
export interface ExternalProvidersTable {
  id: Generated<number>
  /** The provider's name in URLs and in the `svc.links` claim. */
  slug: string
  name: string
  issuer: string
  client_id: string
  /** Encrypted (db/secret-box.ts, migration 0023); the slug is its additional data. */
  client_secret: string
  created_at: string
}

/** A user's account at an external provider (migration 0006). */
export interface AccountLinksTable {
  id: Generated<number>
  user_id: number
  provider_id: number
  external_sub: string
  email: string | null
  linked_at: string
}

/** A mailed link's single-use token, kept as SHA-256 (migration 0013). */
export interface AccountTokensTable {
  id: Generated<number>
  token_hash: string
  purpose: 'verify_email' | 'reset_password' | 'invitation' | 'sign_in_link'
  user_id: number
  /** The local path the visitor continues at once the link is used (an authorization request), or null. */
  continue_to: string | null
  /** For a `verify_email` token from the account page: the address the account changes to once the link is followed. */
  new_email: string | null
  created_at: string
  expires_at: string
  used_at: string | null
}
