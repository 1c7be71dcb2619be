/** @module The passkeys' tables (migration 0026): each account's WebAuthn credentials, and the challenges of ceremonies under way. */
import type { ColumnType, Generated } from 'kysely'

/** One passkey of an account. */
export interface PasskeysTable {
  id: Generated<number>
  user_id: number
  /** base64url, as the authenticator names the credential. */
  credential_id: string
  /** The COSE public key, base64url. */
  public_key: string
  /** The signature counter last seen (0 for authenticators that do not count). */
  counter: number
  /** JSON array of transports (`internal`, `hybrid`, `usb`…). */
  transports: string
  /** 1 when the credential may be synced to other devices. */
  backup_eligible: number
  /** 1 when it was backed up at its last ceremony. */
  backed_up: number
  /** The name its owner gave it. */
  name: string
  created_at: ColumnType<string, string, never>
  last_used_at: string | null
}

/** A WebAuthn challenge handed to a browser, single use, for five minutes. */
export interface PasskeyChallengesTable {
  /** base64url; the browser's signed client data names it. */
  challenge: string
  purpose: 'register' | 'sign_in'
  /** SHA-256 of the browser's binding cookie, hex. */
  visitor_hash: string
  /** The account a registration is for; null for a sign-in or a sign-up. */
  user_id: number | null
  created_at: string
  expires_at: string
}
