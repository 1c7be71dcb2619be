/**
 * @module The typed database schema: one `Database` interface assembled
 * from each feature's tables, as Kysely's docs advise. Timestamps are ISO
 * 8601 strings and flags are 0/1 integers so the same rows read alike on
 * SQLite and PostgreSQL.
 */
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely'

export interface OrganisationsTable {
  id: Generated<number>
  /** Public identifier, `ORG` followed by digits. */
  code: string
  name: string
  /** JSON array of origins allowed for keys created without their own list. */
  origins: string
  created_at: ColumnType<string, string, never>
}

export interface ApiKeysTable {
  id: Generated<number>
  organisation_id: number
  /** SHA-256 of the key, hex; the key itself is shown once and never stored. */
  key_hash: string
  /** The key's first characters, so an operator can tell keys apart. */
  key_prefix: string
  /** JSON array of permission names, e.g. `["read_ads"]`. */
  permissions: string
  /** JSON array of allowed origins; empty means any origin. */
  origins: string
  /** Requests allowed per one-minute window. */
  rate_limit: number
  created_at: ColumnType<string, string, never>
  revoked_at: string | null
}

export interface AdsTable {
  id: Generated<number>
  /** Public identifier, `ADS` followed by digits. */
  code: string
  organisation_id: number
  title: string
  label: string
  url: string
  link: string
  target: string
  size: string | null
  display: string
  /** `slotKey(display)`: what slugs are matched against. */
  display_key: string
  tags: string | null
  /** Sanitised HTML. */
  description: string
  image: string
  /** JSON array of image URLs. */
  images: string
  status: string
  publish: number
  /** When the ads API starts serving the ad (ISO 8601, UTC), or null for at once (migration 0015). */
  starts_at: string | null
  /** When it stops (exclusive; ISO 8601, UTC), or null for never. */
  ends_at: string | null
  /** 1 to 100: how often a random draw picks it relative to its slot's other ads. */
  weight: ColumnType<number, number | undefined, number>
  created_at: ColumnType<string, string, never>
  updated_at: string
}

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
  webhook_url: string | null
  privacy_policy_url: string | null
  terms_of_service_url: string | null
  /** Shown on the consent page (migration 0017). */
  logo_uri: Generated<string | null>
  created_at: ColumnType<string, string, never>
  /** 1 for svc's own applications (the console), which need no consent page (migration 0005). */
  first_party: Generated<number>
  /** The `sub` of the developer who registered the client in the console; `null` for the CLI's (migration 0005). */
  owner_sub: string | null
}

export interface SigningKeysTable {
  id: Generated<number>
  kid: string
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
  created_at: ColumnType<string, string, never>
  expires_at: string
  ended_at: string | null
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

export interface SettingsTable {
  name: string
  value: string
}

export interface WebhookSecretsTable {
  id: Generated<number>
  client_id: number
  /** Kept in clear: svc must sign with it. */
  secret: string
  created_at: string
  removed_at: string | null
}

export interface WebhookEventsTable {
  /** `evt_…`: the envelope's id, stable across deliveries and replays. */
  id: string
  event: string
  client_id: number
  /** JSON of the envelope's `data`. */
  data: string
  created_at: string
}

export interface WebhookDeliveriesTable {
  /** A UUID: `X-SVC-Delivery`, the same across attempts and replays. */
  id: string
  event_id: string
  client_id: number
  url: string
  state: 'pending' | 'delivered' | 'dead'
  attempts: number
  /** Milliseconds since the epoch. */
  next_attempt_at: number
  lease_owner: string | null
  /** Milliseconds since the epoch; a claim past it may be taken over. */
  lease_expires_at: number | null
  created_at: string
  delivered_at: string | null
}

export interface WebhookAttemptsTable {
  id: Generated<number>
  delivery_id: string
  attempted_at: string
  duration_ms: number
  status_code: number | null
  /** The first KiB of the answer. */
  response_excerpt: string | null
  error: string | null
}

/** One bucket's hits in one fixed window (migration 0004); used by replicas on PostgreSQL. */
export interface RateLimitWindowsTable {
  bucket: string
  /** The window's start, in milliseconds since the epoch. */
  window_start: number
  hits: number
}

/** Failures counted on one bucket of the login throttle (migration 0007); used by replicas on PostgreSQL. */
export interface FailureCountersTable {
  /** The bucket's name: its kind and a digest. */
  bucket: string
  failures: number
  /** The last failure, in milliseconds since the epoch. */
  last_failure_at: number
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

/** An uploaded image, named by the SHA-256 of its bytes (migration 0011). */
export interface ImagesTable {
  /** SHA-256 of `bytes`, 64 lowercase hex digits: the image's name in its URL. */
  sha256: string
  /** Read from the bytes when uploaded (`image/png`, `image/jpeg`, `image/gif`, `image/webp`, `image/avif`). */
  content_type: string
  bytes: Buffer
  size: number
  /** The organisation that first uploaded these bytes; null for an operator's upload on no organisation's behalf. */
  organisation_id: number | null
  created_at: ColumnType<string, string, never>
}

/** Mails waiting to be sent, and sent ones for the record (migration 0012). */
export interface MailOutboxTable {
  id: Generated<number>
  recipient: string
  subject: string
  text: string
  html: string
  state: 'pending' | 'sent'
  attempts: number
  /** Milliseconds since the epoch. */
  next_attempt_at: number
  lease_owner: string | null
  lease_expires_at: number | null
  last_error: string | null
  created_at: ColumnType<string, string, never>
  sent_at: string | null
}

export interface Database {
  images: ImagesTable
  mail_outbox: MailOutboxTable
  external_providers: ExternalProvidersTable
  account_links: AccountLinksTable
  console_sessions: ConsoleSessionsTable
  rate_limit_windows: RateLimitWindowsTable
  failure_counters: FailureCountersTable
  webhook_secrets: WebhookSecretsTable
  webhook_events: WebhookEventsTable
  webhook_deliveries: WebhookDeliveriesTable
  webhook_attempts: WebhookAttemptsTable
  settings: SettingsTable
  organisations: OrganisationsTable
  api_keys: ApiKeysTable
  ads: AdsTable
  users: UsersTable
  clients: ClientsTable
  signing_keys: SigningKeysTable
  sessions: SessionsTable
  consents: ConsentsTable
  authorization_codes: AuthorizationCodesTable
  tokens: TokensTable
}

export type OrganisationRow = Selectable<OrganisationsTable>
export type ApiKeyRow = Selectable<ApiKeysTable>
export type AdRow = Selectable<AdsTable>
export type ImageRow = Selectable<ImagesTable>
export type NewAdRow = Insertable<AdsTable>
export type AdRowUpdate = Updateable<AdsTable>
export type UserRow = Selectable<UsersTable>
export type ClientRow = Selectable<ClientsTable>
export type SigningKeyRow = Selectable<SigningKeysTable>
export type TokenRow = Selectable<TokensTable>
export type ExternalProviderRow = Selectable<ExternalProvidersTable>

/** A mailed link's single-use token, kept as SHA-256 (migration 0013). */
export interface AccountTokensTable {
  id: Generated<number>
  token_hash: string
  purpose: 'verify_email' | 'reset_password' | 'invitation'
  user_id: number
  /** The local path the visitor continues at once the link is used (an authorization request), or null. */
  continue_to: string | null
  /** For a `verify_email` token from the account page: the address the account changes to once the link is followed. */
  new_email: string | null
  created_at: string
  expires_at: string
  used_at: string | null
}

// Declaration merging adds the account lifecycle's table to `Database` above.
export interface Database {
  account_tokens: AccountTokensTable
}

/** Aggregate ad counts per organisation, hour, ad and slot (migration 0016); never who saw or clicked. */
export interface AdStatisticsTable {
  organisation_id: number
  /** The hour's start in UTC, ISO 8601 (`2025-05-01T13:00:00.000Z`). */
  hour: string
  /** The ad's public code; kept when the ad is deleted. */
  ad_code: string
  /** The slot's slug the page asked for (`home-slider-ads`, or `anywhere`). */
  slot: string
  served: number
  viewable: number
  clicks: number
}

// Declaration merging adds the ad statistics table to `Database` above.
export interface Database {
  ad_statistics: AdStatisticsTable
}
