/**
 * @module The one-time setup link `{issuer}/setup?token=…` that makes the
 * first operator of a new install: 32 random bytes, of which the database
 * keeps only a SHA-256 digest (in the `settings` table, so every replica
 * sees it). There is one live link at a time: making a new one (a restart
 * while there is still no operator) replaces the old one's digest, which
 * kills it; using it deletes the digest.
 */
import { createHash, randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.js'
import { deleteSetting, replaceSetting, setting, takeSetting } from '../db/settings.js'
import { sameSecret } from '../http/constant-time.js'

/** The `settings` row holding the live link's digest. */
const SETUP_TOKEN = 'setup-token'

/** What a link's token looks like: 32 bytes in base64url. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/

const digestOf = (token: string): string => createHash('sha256').update(token).digest('base64url')

/**
 * Makes a new setup link, killing any earlier one, and returns it.
 *
 * @example
 * const link = await newSetupLink(db, 'https://id.example.com') // 'https://id.example.com/setup?token=…'
 */
export async function newSetupLink(db: Kysely<Database>, issuer: string): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  await replaceSetting(db, SETUP_TOKEN, digestOf(token))
  return `${issuer.replace(/\/$/, '')}/setup?token=${token}`
}

/**
 * True while `token` is the live link's token.
 *
 * @example
 * if (!(await isLiveSetupToken(db, c.req.query('token')))) return deadLink(c)
 */
export async function isLiveSetupToken(db: Kysely<Database>, token: string | null | undefined): Promise<boolean> {
  if (!token || !TOKEN_SHAPE.test(token)) return false
  const stored = await setting(db, SETUP_TOKEN)
  return stored !== undefined && sameSecret(digestOf(token), stored)
}

/**
 * Uses up the link if `token` is still its token: true for exactly one of
 * several transactions racing with the same token. Run it in the
 * transaction that makes the operator, so a failure there restores the link.
 *
 * @example
 * await db.transaction().execute(async (trx) => { if (await takeSetupToken(trx, token)) … })
 */
export async function takeSetupToken(db: Kysely<Database>, token: string): Promise<boolean> {
  if (!TOKEN_SHAPE.test(token)) return false
  return takeSetting(db, SETUP_TOKEN, digestOf(token))
}

/**
 * Kills the live link, if any (an operator now exists another way).
 *
 * @example
 * await killSetupLink(db)
 */
export async function killSetupLink(db: Kysely<Database>): Promise<void> {
  await deleteSetting(db, SETUP_TOKEN)
}
