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
  created_at: ColumnType<string, string, never>
  updated_at: string
}

export interface Database {
  organisations: OrganisationsTable
  api_keys: ApiKeysTable
  ads: AdsTable
}

export type OrganisationRow = Selectable<OrganisationsTable>
export type ApiKeyRow = Selectable<ApiKeysTable>
export type AdRow = Selectable<AdsTable>
export type NewAdRow = Insertable<AdsTable>
export type AdRowUpdate = Updateable<AdsTable>
