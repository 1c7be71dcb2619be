/**
 * @module The typed database schema: one `Database` interface assembled
 * from each feature's tables (`tables/`), as Kysely's docs advise.
 * Timestamps are ISO 8601 strings and flags are 0/1 integers so the same
 * rows read alike on SQLite and PostgreSQL.
 */
import type { Insertable, Selectable, Updateable } from 'kysely'
import type { AuditEventsTable } from './tables/audit-tables.js'
import type { ManagementTokensTable } from './tables/management-token-tables.js'
import type { PasskeyChallengesTable, PasskeysTable } from './tables/passkey-tables.js'
import type { AuthenticatorsTable, RecoveryCodesTable } from './tables/authenticator-tables.js'
import type { AdStatisticsTable, AdsTable, ApiKeysTable, ImagesTable, OrganisationsTable } from './tables/ads-tables.js'
import type {
  AccountLinksTable,
  AccountTokensTable,
  AuthorizationCodesTable,
  ClientsTable,
  ConsentsTable,
  ConsoleSessionsTable,
  ExternalProvidersTable,
  SessionClientsTable,
  SessionsTable,
  SigningKeysTable,
  TokensTable,
  UsersTable,
} from './tables/identity-tables.js'
import type {
  MailOutboxTable,
  WebhookAttemptsTable,
  WebhookDeliveriesTable,
  WebhookEndpointsTable,
  WebhookEventsTable,
  WebhookSecretsTable,
} from './tables/outbox-tables.js'

export type * from './tables/ads-tables.js'
export type * from './tables/audit-tables.js'
export type * from './tables/identity-tables.js'
export type * from './tables/management-token-tables.js'
export type * from './tables/outbox-tables.js'
export type * from './tables/passkey-tables.js'
export type * from './tables/authenticator-tables.js'

export interface SettingsTable {
  name: string
  value: string
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

export interface Database {
  images: ImagesTable
  mail_outbox: MailOutboxTable
  external_providers: ExternalProvidersTable
  account_links: AccountLinksTable
  console_sessions: ConsoleSessionsTable
  rate_limit_windows: RateLimitWindowsTable
  failure_counters: FailureCountersTable
  webhook_endpoints: WebhookEndpointsTable
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
  session_clients: SessionClientsTable
  consents: ConsentsTable
  authorization_codes: AuthorizationCodesTable
  tokens: TokensTable
  account_tokens: AccountTokensTable
  ad_statistics: AdStatisticsTable
  audit_events: AuditEventsTable
  management_tokens: ManagementTokensTable
  passkeys: PasskeysTable
  passkey_challenges: PasskeyChallengesTable
  authenticators: AuthenticatorsTable
  recovery_codes: RecoveryCodesTable
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
export type ManagementTokenRow = Selectable<ManagementTokensTable>
export type PasskeyRow = Selectable<PasskeysTable>
export type WebhookEndpointRow = Selectable<WebhookEndpointsTable>
