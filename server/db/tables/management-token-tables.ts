/** @module The management API's token table (migration 0024): hashed bearer tokens with their scopes and lifetimes. */
import type { ColumnType, Generated } from 'kysely'

export interface ManagementTokensTable {
  id: Generated<number>
  name: string
  /** Null for an operator-wide token, which reaches every organisation. */
  organisation_id: ColumnType<number | null, number | null, never>
  /** Comma-separated scopes: `ads:write,keys:read`. */
  scopes: ColumnType<string, string, never>
  /** SHA-256 of the token, hex; the token itself is never stored. */
  token_hash: ColumnType<string, string, never>
  /** The token's first characters, so a list tells tokens apart. */
  token_prefix: ColumnType<string, string, never>
  /** Who made it: `account:SUB` or `cli:USER`. */
  created_by: ColumnType<string, string, never>
  /** ISO 8601 in UTC. */
  created_at: ColumnType<string, string, never>
  expires_at: ColumnType<string | null, string | null, never>
  last_used_at: string | null
  revoked_at: string | null
}
