/**
 * @module The challenges of WebAuthn ceremonies under way: single use,
 * five minutes, bound to the browser that asked (a digest of its binding
 * cookie) and, for a registration, to the account. Anyone may ask for a
 * sign-in challenge, so the table is capped: a browser keeps its newest
 * few, and past the table's cap the oldest go first, so a flood can at
 * worst make a slow visitor ask again, never fill the disk. The one
 * module that reads and writes `passkey_challenges`.
 */
import type { Kysely } from 'kysely'
import type { Database, PasskeyChallengesTable } from '../db/schema.js'

/** How long a challenge may be answered. */
export const CHALLENGE_LIFETIME_MS = 5 * 60 * 1000
/** Challenges one browser keeps (a login page asks twice: autofill, then the button; a second tab may ask too). */
export const CHALLENGES_PER_VISITOR = 4
/** Challenges the table keeps in all. */
export const CHALLENGES_CAP = 10_000

export type ChallengePurpose = PasskeyChallengesTable['purpose']

export interface IssuedChallenge {
  challenge: string
  purpose: ChallengePurpose
  visitorHash: string
  userId: number | null
}

/**
 * Stores a challenge handed to a browser, making room under the caps first.
 *
 * @example
 * await storeChallenge(db, { challenge: options.challenge, purpose: 'sign_in', visitorHash, userId: null }, now)
 */
export async function storeChallenge(
  db: Kysely<Database>,
  issued: IssuedChallenge,
  now: Date,
  { perVisitor = CHALLENGES_PER_VISITOR, total = CHALLENGES_CAP }: { perVisitor?: number; total?: number } = {},
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('passkey_challenges').where('expires_at', '<=', now.toISOString()).execute()
    const ofVisitor = trx
      .selectFrom('passkey_challenges')
      .select('challenge')
      .where('visitor_hash', '=', issued.visitorHash)
      .orderBy('created_at', 'desc')
      .orderBy('challenge')
      .offset(perVisitor - 1)
      .limit(total)
    await trx.deleteFrom('passkey_challenges').where('challenge', 'in', ofVisitor).execute()
    const oldest = trx
      .selectFrom('passkey_challenges')
      .select('challenge')
      .orderBy('created_at', 'desc')
      .orderBy('challenge')
      .offset(total - 1)
      .limit(total)
    await trx.deleteFrom('passkey_challenges').where('challenge', 'in', oldest).execute()
    await trx
      .insertInto('passkey_challenges')
      .values({
        challenge: issued.challenge,
        purpose: issued.purpose,
        visitor_hash: issued.visitorHash,
        user_id: issued.userId,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + CHALLENGE_LIFETIME_MS).toISOString(),
      })
      .execute()
  })
}

/**
 * Takes a challenge for one answer: it is gone afterwards whatever the
 * answer, and only found while it lives, for its purpose, from the browser
 * it was handed to.
 *
 * @example
 * const taken = await takeChallenge(db, challenge, { purpose: 'sign_in', visitorHash }, now)
 */
export async function takeChallenge(
  db: Kysely<Database>,
  challenge: string,
  { purpose, visitorHash }: { purpose: ChallengePurpose; visitorHash: string },
  now: Date,
): Promise<IssuedChallenge | undefined> {
  const row = await db.deleteFrom('passkey_challenges').where('challenge', '=', challenge).returningAll().executeTakeFirst()
  if (!row || row.purpose !== purpose || row.visitor_hash !== visitorHash || row.expires_at <= now.toISOString()) return undefined
  return { challenge: row.challenge, purpose: row.purpose, visitorHash: row.visitor_hash, userId: row.user_id }
}

/**
 * How many challenges are stored (for tests of the caps).
 *
 * @example
 * expect(await storedChallengeCount(db)).toBeLessThanOrEqual(CHALLENGES_CAP)
 */
export async function storedChallengeCount(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('passkey_challenges').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirst()
  return Number(row?.count ?? 0)
}
