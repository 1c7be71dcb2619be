/**
 * @module The one-time setup link on the test database: a new link kills
 * the one before, only its own token is live, using it up works once (and
 * is given back when the transaction that used it rolls back), and killing
 * it leaves no live token.
 */
import type { Kysely } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Database } from '../db/schema.js'
import { setting } from '../db/settings.js'
import { openTestDatabase } from '../db/test-database.js'
import { isLiveSetupToken, killSetupLink, newSetupLink, takeSetupToken } from './setup-link.js'

let db: Kysely<Database>
beforeEach(async () => {
  db = await openTestDatabase()
})
afterEach(() => db.destroy())

const tokenOf = (link: string) => new URL(link).searchParams.get('token')!

describe('the setup link', () => {
  it('is made under the issuer, stores only a digest, and is live until replaced', async () => {
    const first = await newSetupLink(db, 'https://id.example.com/')
    expect(first).toMatch(/^https:\/\/id\.example\.com\/setup\?token=[A-Za-z0-9_-]{43}$/)
    expect(await setting(db, 'setup-token')).not.toContain(tokenOf(first))
    expect(await isLiveSetupToken(db, tokenOf(first))).toBe(true)
    const second = await newSetupLink(db, 'https://id.example.com')
    expect(await isLiveSetupToken(db, tokenOf(first))).toBe(false)
    expect(await isLiveSetupToken(db, tokenOf(second))).toBe(true)
  })

  it('refuses tokens of another shape, another case, or none', async () => {
    const token = tokenOf(await newSetupLink(db, 'https://id.example.com'))
    for (const other of [undefined, null, '', token.slice(1), `${token}=`, swapCase(token)]) expect(await isLiveSetupToken(db, other)).toBe(false)
    expect(await takeSetupToken(db, `${token}x`)).toBe(false)
    expect(await isLiveSetupToken(db, token)).toBe(true)
  })

  it('is used up once, in the transaction that uses it', async () => {
    const token = tokenOf(await newSetupLink(db, 'https://id.example.com'))
    await expect(
      db.transaction().execute(async (trx) => {
        expect(await takeSetupToken(trx, token)).toBe(true)
        throw new Error('the operator could not be made')
      }),
    ).rejects.toThrow('the operator could not be made')
    expect(await isLiveSetupToken(db, token)).toBe(true)
    expect(await db.transaction().execute((trx) => takeSetupToken(trx, token))).toBe(true)
    expect(await takeSetupToken(db, token)).toBe(false)
    expect(await isLiveSetupToken(db, token)).toBe(false)
  })

  it('is dead once killed, and killing no link is harmless', async () => {
    await killSetupLink(db)
    const token = tokenOf(await newSetupLink(db, 'https://id.example.com'))
    await killSetupLink(db)
    expect(await isLiveSetupToken(db, token)).toBe(false)
    expect(await takeSetupToken(db, token)).toBe(false)
    expect(await setting(db, 'setup-token')).toBeUndefined()
  })
})

/** The token with each letter's case swapped: the same letters, another token. */
const swapCase = (text: string) => [...text].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join('')
