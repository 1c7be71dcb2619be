import { randomBytes } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.js'
import { openDatabase } from '../db/open-database.js'
import { SealExpired, sealFor, SealInvalid, sealWithSecret } from './seal.js'

const root = randomBytes(32)
const flows = sealWithSecret<{ state: string; n: number }>(root, 'sdk-flow')

/** The error `open` threw, or what it opened. */
async function refusalOf(opening: Promise<unknown>): Promise<unknown> {
  return opening.then(
    (value) => ({ opened: value }),
    (error: unknown) => error,
  )
}

describe('seal', () => {
  it('opens what it sealed, and hides it', async () => {
    const sealed = await flows.seal({ state: 'secret-state', n: 7 })
    expect(sealed).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(Buffer.from(sealed, 'base64url').toString('latin1')).not.toContain('secret-state')
    expect(await flows.open(sealed)).toEqual({ state: 'secret-state', n: 7 })
    // A fresh IV each time: the same value never seals the same way twice.
    expect(await flows.seal({ state: 'secret-state', n: 7 })).not.toBe(sealed)
  })

  it('refuses a value altered anywhere, cut short, or not sealed at all', async () => {
    const sealed = Buffer.from(await flows.seal({ state: 's', n: 1 }), 'base64url')
    for (const at of [0, 1, 13, sealed.length - 1]) {
      const altered = Buffer.from(sealed)
      altered[at]! ^= 1
      expect(await refusalOf(flows.open(altered.toString('base64url')))).toBeInstanceOf(SealInvalid)
    }
    expect(await refusalOf(flows.open(sealed.subarray(0, 20).toString('base64url')))).toBeInstanceOf(SealInvalid)
    for (const junk of ['', 'not.base64!', 'eyJ2IjoxfQ.abc'])
      expect(await refusalOf(flows.open(junk))).toMatchObject({ name: 'SealInvalid', code: 'ERR_SEAL_INVALID' })
  })

  it('refuses a value sealed for another purpose, or by another deployment', async () => {
    const sealed = await flows.seal({ state: 's', n: 1 })
    expect(await refusalOf(sealWithSecret(root, 'interaction').open(sealed))).toBeInstanceOf(SealInvalid)
    expect(await refusalOf(sealWithSecret(randomBytes(32), 'sdk-flow').open(sealed))).toBeInstanceOf(SealInvalid)
    expect(await sealWithSecret(root, 'sdk-flow').open(sealed)).toEqual({ state: 's', n: 1 })
  })

  it('opens until its expiry, and refuses it from then on', async () => {
    const expiresAt = new Date('2030-01-01T00:10:00Z')
    const sealed = await flows.seal({ state: 's', n: 1 }, { expiresAt })
    expect(await flows.open(sealed, { now: new Date('2030-01-01T00:09:59Z') })).toEqual({ state: 's', n: 1 })
    const expired = await refusalOf(flows.open(sealed, { now: expiresAt }))
    expect(expired).toBeInstanceOf(SealExpired)
    expect(expired).toMatchObject({ code: 'ERR_SEAL_EXPIRED', expiredAt: expiresAt })
  })
})

describe('sealFor', () => {
  let dbs: Kysely<Database>[] = []
  afterEach(async () => {
    await Promise.all(dbs.map((db) => db.destroy()))
    dbs = []
  })

  it("keys each purpose from the deployment's one secret, kept in its database", async () => {
    const [db, other] = (dbs = [await openDatabase({ sqlitePath: ':memory:' }), await openDatabase({ sqlitePath: ':memory:' })])
    const sealed = await sealFor<string>(db!, 'cookie:svc_login').seal('pending')
    // Another seal object of the same deployment (another replica) opens it; another purpose or deployment does not.
    expect(await sealFor<string>(db!, 'cookie:svc_login').open(sealed)).toBe('pending')
    expect(await refusalOf(sealFor(db!, 'cookie:svc_link').open(sealed))).toBeInstanceOf(SealInvalid)
    expect(await refusalOf(sealFor(other!, 'cookie:svc_login').open(sealed))).toBeInstanceOf(SealInvalid)
  })
})
