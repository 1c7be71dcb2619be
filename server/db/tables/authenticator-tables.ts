/** @module The authenticator codes' tables (migration 0028): each account's TOTP secret and its recovery codes. */
import type { ColumnType, Generated } from 'kysely'

/** An account's authenticator app (one at most). */
export interface AuthenticatorsTable {
  user_id: number
  /** The shared secret, sealed for this account. */
  secret: string
  /** Null until a code made with the secret was typed back. */
  confirmed_at: string | null
  /** The time step of the last code accepted (refuses a replay). */
  last_used_step: number | null
  created_at: string
}

/** One single-use recovery code of an account. */
export interface RecoveryCodesTable {
  id: Generated<number>
  user_id: number
  /** Keyed digest of the code, base64url. */
  code_hash: string
  created_at: ColumnType<string, string, never>
  used_at: string | null
}
