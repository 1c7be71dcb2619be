import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.js'
import { openTestDatabase } from '../db/test-database.js'
import { createOrganisation } from '../orgs/organisations.js'
import {
  createManagementToken,
  hashManagementToken,
  listManagementTokens,
  managementTokenFor,
  managementTokenWithId,
  revokeManagementToken,
} from './management-tokens-repository.js'
import { grantsScope, parseTokenScopes } from './token-scopes.js'

let db: Kysely<Database>
beforeEach(async () => {
  db = await openTestDatabase()
})
afterEach(() => db.destroy())

describe('management tokens repository', () => {
  it('makes a recognisable token, stores only its hash, and finds it again by the token', async () => {
    const org = await createOrganisation(db, { name: 'Acme' })
    const now = new Date('2026-03-01T10:00:00Z')
    const { token, secret } = await createManagementToken(
      db,
      { name: ' CMS ', organisationId: org.id, scopes: 'ads:write,keys:read', createdBy: 'cli:ada', expiresInDays: 30 },
      now,
    )
    expect(secret).toMatch(/^svc_mt_[A-Za-z0-9_-]{43}$/)
    expect(token).toMatchObject({
      name: 'CMS',
      organisationId: org.id,
      scopes: ['ads:write', 'keys:read'],
      prefix: secret.slice(0, 11),
      expiresAt: '2026-03-31T10:00:00.000Z',
      lastUsedAt: null,
      revokedAt: null,
    })
    const stored = await db.selectFrom('management_tokens').selectAll().executeTakeFirstOrThrow()
    expect(JSON.stringify(stored)).not.toContain(secret)
    expect(stored.token_hash).toBe(hashManagementToken(secret))

    const found = await managementTokenFor(db, secret, new Date('2026-03-02T00:00:00Z'))
    expect(found.token).toMatchObject({ id: token.id, lastUsedAt: '2026-03-02T00:00:00.000Z' })
    expect(await managementTokenFor(db, `${secret}x`)).toEqual({ refused: 'unknown' })
    expect(await managementTokenFor(db, 'svc_pk_not-a-management-token')).toEqual({ refused: 'unknown' })
  })

  it('refuses an expired token and a revoked one, and revoking twice keeps the first time', async () => {
    const org = await createOrganisation(db, { name: 'Acme' })
    const made = new Date('2026-03-01T00:00:00Z')
    const expiring = await createManagementToken(
      db,
      { name: 'short', organisationId: org.id, scopes: 'ads:read', createdBy: 'cli:ada', expiresInDays: 1 },
      made,
    )
    expect(await managementTokenFor(db, expiring.secret, new Date('2026-03-01T23:59:59Z'))).toHaveProperty('token')
    expect(await managementTokenFor(db, expiring.secret, new Date('2026-03-02T00:00:00Z'))).toEqual({ refused: 'expired' })

    const revoked = await createManagementToken(
      db,
      { name: 'gone', organisationId: org.id, scopes: 'ads:read', createdBy: 'cli:ada' },
      made,
    )
    expect(await revokeManagementToken(db, revoked.token.id, new Date('2026-03-05T00:00:00Z'))).toBe(true)
    expect(await revokeManagementToken(db, revoked.token.id, new Date('2026-03-06T00:00:00Z'))).toBe(false)
    expect((await managementTokenWithId(db, revoked.token.id))?.revokedAt).toBe('2026-03-05T00:00:00.000Z')
    expect(await managementTokenFor(db, revoked.secret)).toEqual({ refused: 'revoked' })
  })

  it("lists one organisation's tokens, the operator-wide ones, or all, newest first", async () => {
    const acme = await createOrganisation(db, { name: 'Acme' })
    const other = await createOrganisation(db, { name: 'Other' })
    await createManagementToken(db, { name: 'acme', organisationId: acme.id, scopes: 'ads:read', createdBy: 'cli:ada' })
    await createManagementToken(db, { name: 'other', organisationId: other.id, scopes: 'ads:read', createdBy: 'cli:ada' })
    await createManagementToken(db, { name: 'everywhere', organisationId: null, scopes: 'ads:write', createdBy: 'cli:ada' })
    expect((await listManagementTokens(db)).map((token) => token.name)).toEqual(['everywhere', 'other', 'acme'])
    expect((await listManagementTokens(db, { organisationId: acme.id })).map((token) => token.name)).toEqual(['acme'])
    expect((await listManagementTokens(db, { organisationId: null })).map((token) => token.name)).toEqual(['everywhere'])
  })

  it('refuses unknown scopes, no scope, a bad lifetime and an empty name, naming the field', async () => {
    const base = { name: 'CMS', organisationId: null, createdBy: 'cli:ada' }
    await expect(createManagementToken(db, { ...base, scopes: 'ads:delete' })).rejects.toMatchObject({
      field: 'scopes',
      message: expect.stringContaining('unknown scope ads:delete'),
    })
    await expect(createManagementToken(db, { ...base, scopes: ' , ' })).rejects.toMatchObject({ field: 'scopes' })
    await expect(createManagementToken(db, { ...base, scopes: 'ads:read', expiresInDays: 0 })).rejects.toMatchObject({
      field: 'expires_days',
    })
    await expect(createManagementToken(db, { ...base, name: '  ', scopes: 'ads:read' })).rejects.toMatchObject({ field: 'name' })
  })
})

describe('token scopes', () => {
  it('lets write imply read, and drops a read that a write already grants', () => {
    expect(parseTokenScopes('ads:read,ads:write,keys:read,keys:read')).toEqual(['ads:write', 'keys:read'])
    expect(grantsScope(['ads:write'], 'ads:read')).toBe(true)
    expect(grantsScope(['ads:read'], 'ads:write')).toBe(false)
    expect(grantsScope(['keys:write'], 'ads:read')).toBe(false)
  })
})
