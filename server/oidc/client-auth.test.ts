import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import SQLite from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clientByClientId, createClient, hashSecret, replaceClientSecret, SCOPES } from '../clients/clients.js'
import { openDatabase } from '../db/open-database.js'
import { testingOnPostgres } from '../db/test-database.js'
import { type IdentityFixture, identityFixture } from '../testing/identity-fixture.js'
import { authenticateClient } from './client-auth.js'

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`
const noForm = new URLSearchParams()

let idp: IdentityFixture
beforeAll(async () => (idp = await identityFixture()))
afterAll(() => idp.close())

describe('client authentication kept in memory', () => {
  it('refuses a replaced secret from the very next request, and accepts the new one', async () => {
    const { clientId, clientSecret } = await createClient(idp.db, {
      name: 'Rotating',
      redirectUris: ['https://rp.example/cb'],
      scopes: [...SCOPES],
    })
    const provider = idp.bff.provider
    // Twice, so the second answer comes from what was kept.
    for (let i = 0; i < 2; i++)
      await expect(authenticateClient(provider, basic(clientId, clientSecret!), noForm)).resolves.toMatchObject({})
    const client = (await clientByClientId(idp.db, clientId))!
    const replaced = (await replaceClientSecret(idp.db, client.id))!
    await expect(authenticateClient(provider, basic(clientId, clientSecret!), noForm)).rejects.toMatchObject({ code: 'invalid_client' })
    await expect(authenticateClient(provider, basic(clientId, replaced), noForm)).resolves.toMatchObject({ method: 'client_secret_basic' })
  })

  it('refuses a deleted client from the next request', async () => {
    const { clientId, clientSecret } = await createClient(idp.db, {
      name: 'Leaving',
      redirectUris: ['https://rp.example/cb'],
      scopes: [...SCOPES],
    })
    const provider = idp.bff.provider
    await authenticateClient(provider, basic(clientId, clientSecret!), noForm)
    await idp.db.deleteFrom('clients').where('client_id', '=', clientId).execute()
    await expect(authenticateClient(provider, basic(clientId, clientSecret!), noForm)).rejects.toMatchObject({ code: 'invalid_client' })
  })

  it.skipIf(testingOnPostgres)('refuses a secret another process replaced, within a millisecond', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'svc-client-auth-')), 'svc.db')
    const db = await openDatabase({ sqlitePath: path })
    try {
      const { clientId, clientSecret } = await createClient(db, {
        name: 'Elsewhere',
        redirectUris: ['https://rp.example/cb'],
        scopes: [...SCOPES],
      })
      const provider = { ...idp.bff.provider, db }
      await authenticateClient(provider, basic(clientId, clientSecret!), noForm)
      // Another process (the CLI, say): its own connection, none of this process's write counts.
      const other = new SQLite(path)
      other.prepare('update clients set secret_hash = ? where client_id = ?').run(hashSecret('sec_new'), clientId)
      other.close()
      await new Promise((resolve) => setTimeout(resolve, 5))
      await expect(authenticateClient(provider, basic(clientId, clientSecret!), noForm)).rejects.toMatchObject({ code: 'invalid_client' })
      await expect(authenticateClient(provider, basic(clientId, 'sec_new'), noForm)).resolves.toMatchObject({
        method: 'client_secret_basic',
      })
    } finally {
      await db.destroy()
    }
  })
})
