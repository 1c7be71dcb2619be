/**
 * @module The API keys repository's SQL against the dialect under test:
 * what the ads API relies on when it authorises a presented key, and what
 * the console and the CLI rely on when they list, count and revoke keys.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.js'
import { openTestDatabase } from '../db/test-database.js'
import { InvalidInput } from '../invalid-input.js'
import { createOrganisation, setOrganisationArchived } from '../orgs/organisations.js'
import {
  apiKeysOf,
  apiKeyWithId,
  createApiKey,
  DEFAULT_RATE_LIMIT,
  grantForApiKey,
  liveKeyCounts,
  organisationIdOfApiKey,
  revokeApiKey,
} from './api-keys.js'

let db: Kysely<Database>
let acme: number
let other: number
beforeEach(async () => {
  db = await openTestDatabase()
  acme = (await createOrganisation(db, { name: 'Acme' })).id
  other = (await createOrganisation(db, { name: 'Other' })).id
})
afterEach(() => db.destroy())

describe('createApiKey and grantForApiKey', () => {
  it('grants a presented key its organisation, permissions, canonical origins and rate limit, and nothing to another secret', async () => {
    const { apiKey, keyId } = await createApiKey(db, {
      organisationId: acme,
      origins: ['HTTPS://Shop.example:443', 'https://shop.example'],
      rateLimit: 30,
      permissions: ['read_ads', 'read_ads'],
    })
    expect(apiKey).toMatch(/^svc_pk_/)
    const grant = await grantForApiKey(db, apiKey)
    expect(grant).toEqual({
      keyId,
      organisationId: acme,
      permissions: new Set(['read_ads']),
      origins: ['https://shop.example'],
      rateLimit: 30,
      organisationArchived: false,
    })
    expect(await grantForApiKey(db, `${apiKey}x`)).toBeUndefined()
    expect(await grantForApiKey(db, apiKey.toUpperCase())).toBeUndefined()
  })

  it('gives a key the default rate limit, read_ads and any origin unless told', async () => {
    const { apiKey } = await createApiKey(db, { organisationId: acme })
    expect(await grantForApiKey(db, apiKey)).toMatchObject({
      rateLimit: DEFAULT_RATE_LIMIT,
      origins: [],
      permissions: new Set(['read_ads']),
    })
  })

  it('stores no key with an unknown permission, none or a rate limit out of range', async () => {
    await expect(createApiKey(db, { organisationId: acme, permissions: ['write_ads'] })).rejects.toBeInstanceOf(InvalidInput)
    await expect(createApiKey(db, { organisationId: acme, permissions: [] })).rejects.toBeInstanceOf(InvalidInput)
    await expect(createApiKey(db, { organisationId: acme, rateLimit: 0 })).rejects.toBeInstanceOf(InvalidInput)
    expect(await apiKeysOf(db, acme)).toEqual([])
  })

  it("says when the key's organisation is archived, and stops granting a revoked key at once", async () => {
    const { apiKey, keyId } = await createApiKey(db, { organisationId: acme })
    await setOrganisationArchived(db, acme, true)
    expect(await grantForApiKey(db, apiKey)).toMatchObject({ keyId, organisationArchived: true })
    await setOrganisationArchived(db, acme, false)
    await revokeApiKey(db, keyId)
    expect(await grantForApiKey(db, apiKey)).toBeUndefined()
  })
})

describe('listing keys', () => {
  it("lists an organisation's keys newest first, revoked ones with their date, never their hash", async () => {
    const created = new Date('2025-05-01T12:00:00.000Z')
    const first = await createApiKey(db, { organisationId: acme, origins: ['https://a.example'] }, created)
    const second = await createApiKey(db, { organisationId: acme, rateLimit: 5 }, created)
    await createApiKey(db, { organisationId: other })
    const revoked = new Date('2025-05-02T12:00:00.000Z')
    await revokeApiKey(db, first.keyId, revoked)
    const keys = await apiKeysOf(db, acme)
    expect(keys).toEqual([
      {
        id: second.keyId,
        key_prefix: second.apiKey.slice(0, 11),
        origins: [],
        rate_limit: 5,
        permissions: ['read_ads'],
        created_at: created.toISOString(),
        revoked_at: null,
      },
      {
        id: first.keyId,
        key_prefix: first.apiKey.slice(0, 11),
        origins: ['https://a.example'],
        rate_limit: DEFAULT_RATE_LIMIT,
        permissions: ['read_ads'],
        created_at: created.toISOString(),
        revoked_at: revoked.toISOString(),
      },
    ])
    expect(await apiKeysOf(db, 99)).toEqual([])
  })

  it('finds a key and its organisation by row id, and nothing for an unknown id', async () => {
    const { apiKey, keyId } = await createApiKey(db, { organisationId: other, origins: ['https://o.example'] })
    expect(await apiKeyWithId(db, keyId)).toMatchObject({
      id: keyId,
      organisation_id: other,
      key_prefix: apiKey.slice(0, 11),
      origins: ['https://o.example'],
      permissions: ['read_ads'],
      revoked_at: null,
    })
    expect(await organisationIdOfApiKey(db, keyId)).toBe(other)
    expect(await apiKeyWithId(db, keyId + 1)).toBeUndefined()
    expect(await organisationIdOfApiKey(db, keyId + 1)).toBeUndefined()
  })

  it('counts the unrevoked keys of each organisation that has any', async () => {
    expect(await liveKeyCounts(db)).toEqual(new Map())
    await createApiKey(db, { organisationId: acme })
    await createApiKey(db, { organisationId: acme })
    const revoked = await createApiKey(db, { organisationId: other })
    await revokeApiKey(db, revoked.keyId)
    expect(await liveKeyCounts(db)).toEqual(new Map([[acme, 2]]))
  })
})

describe('revokeApiKey', () => {
  it('revokes that key only', async () => {
    const revoked = await createApiKey(db, { organisationId: acme })
    const kept = await createApiKey(db, { organisationId: acme })
    await revokeApiKey(db, revoked.keyId, new Date('2025-05-02T12:00:00.000Z'))
    expect((await apiKeyWithId(db, revoked.keyId))?.revoked_at).toBe('2025-05-02T12:00:00.000Z')
    expect((await apiKeyWithId(db, kept.keyId))?.revoked_at).toBeNull()
    expect(await grantForApiKey(db, kept.apiKey)).toMatchObject({ keyId: kept.keyId })
  })
})
