/** @module The ads side's tables: organisations, their API keys, ads, uploaded images and the aggregate ad counts. */
import type { ColumnType, Generated } from 'kysely'

export interface OrganisationsTable {
  id: Generated<number>
  /** Public identifier, `ORG` followed by digits. */
  code: string
  name: string
  /** JSON array of origins allowed for keys created without their own list. */
  origins: string
  created_at: ColumnType<string, string, never>
  /** When an operator archived it (migration 0022): its ads are not served and its keys refused; null while active. */
  archived_at: ColumnType<string | null, string | null | undefined, string | null>
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
