import { randomBytes } from 'node:crypto'
import { createLocalJWKSet, jwtVerify } from 'jose'
import type { Kysely } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { verifyWebhook } from '../../shared/webhook-signature.js'
import { addExternalProvider, externalProvider } from '../accounts/account-links.js'
import { clientByClientId, hashSecret } from '../clients/clients.js'
import { createClientWithEndpoint } from '../webhooks/client-with-endpoint.js'
import { ensureConsoleClient } from '../console/console-client.js'
import { signRs256 } from '../grants/sign-jws.js'
import { signingKeys } from '../grants/signing-keys.js'
import { TEST_ONLY_PRIVATE_JWK } from '../testing/test-signing-key.js'
import { sealFor } from '../http/seal.js'
import { type Receiver, startReceiver } from '../testing/webhook-receiver.js'
import { webhookOutbox } from '../webhooks/outbox.js'
import { addWebhookEndpoint } from '../webhooks/endpoints.js'
import { inTransaction } from './in-transaction.js'
import { webhookWorker } from '../webhooks/worker.js'
import type { Database } from './schema.js'
import { decryptSecret, encryptSecret, parseSecretKeyText, secretBoxOf, secretKey, SecretUnreadable } from './secret-box.js'
import { rekeySecrets } from './rekey.js'
import { storeKeyCheck } from './secret-key.js'
import { openTestDatabase } from './test-database.js'

let db: Kysely<Database>
let receiver: Receiver

beforeEach(async () => {
  db = await openTestDatabase()
  receiver = await startReceiver()
})

afterEach(async () => {
  await receiver.close()
  await db.destroy()
})

/** Every stored value of the tables that hold secrets, as the database file has them. */
async function rawSecretColumns(): Promise<string> {
  const rows = [
    ...(await db.selectFrom('signing_keys').select('private_jwk as value').execute()),
    ...(await db.selectFrom('webhook_secrets').select('secret as value').execute()),
    ...(await db.selectFrom('external_providers').select('client_secret as value').execute()),
    ...(await db.selectFrom('settings').select('value').execute()),
  ]
  return rows.map((row) => row.value).join('\n')
}

describe('secrets at rest', () => {
  it('stores every secret kind encrypted, and svc still signs tokens, signs webhooks, signs in through a provider and as the console', async () => {
    // A signing key: a token it signs verifies against the published key set. (The tests' own, stored as a new one would be.)
    const keys = signingKeys(db, { firstKey: TEST_ONLY_PRIVATE_JWK })
    const { kid, privateKey } = await keys.current()
    const token = await signRs256({ alg: 'RS256', kid, typ: 'JWT' }, { sub: 'ACC1', iss: 'https://id.example' }, privateKey)
    const verified = await jwtVerify(token, createLocalJWKSet(await keys.jwks()))
    expect(verified.payload.sub).toBe('ACC1')

    // A webhook secret: a delivery carries a signature the client verifies with the secret it was shown.
    const client = await createClientWithEndpoint(db, { name: 'Shop', redirectUris: ['https://shop.example/cb'], webhookUrl: receiver.url })
    const webhookSecret = client.webhookSecret!
    const now = new Date()
    await webhookOutbox({ now: () => now }).record(db, 'account.signed_out', client.clientId, { account: 'ACC1' })
    expect(await webhookWorker({ db, now: () => now, allowPrivate: true }).runOnce()).toBe(1)
    const [delivered] = receiver.received as [{ headers: Record<string, string>; body: string }]
    await expect(verifyWebhook(delivered.body, delivered.headers['x-svc-signature'], [webhookSecret], { now: now.getTime() / 1000 })).resolves.toBe(true)

    // An external provider: its sign-in configuration hands out the client secret it was given.
    const providerSecret = `provider-secret-${randomBytes(8).toString('hex')}`
    await addExternalProvider(db, { slug: 'partner', name: 'Partner', issuer: 'https://id.partner.example', clientId: 'svc', clientSecret: providerSecret })
    expect((await externalProvider(db, 'partner'))?.client_secret).toBe(providerSecret)

    // The console's client: the secret it keeps authenticates it (its hash is the client's).
    const console = await ensureConsoleClient(db, 'https://id.example')
    expect(hashSecret(console.clientSecret)).toBe((await clientByClientId(db, console.clientId))!.secret_hash)
    expect((await ensureConsoleClient(db, 'https://id.example')).clientSecret).toBe(console.clientSecret)

    // The seal root every form-signing and cookie key derives from.
    const sealed = await sealFor<string>(db, 'test').seal('hello')
    expect(await sealFor<string>(db, 'test').open(sealed)).toBe('hello')

    const raw = await rawSecretColumns()
    expect(raw).not.toContain('"d"')
    // Quoted as the stored JSON would have it: the ciphertext's base64url holds no quote, but held the letters RSA in about one run in a hundred.
    expect(raw).not.toContain('"kty":"RSA"')
    expect(raw).not.toContain(webhookSecret)
    expect(raw).not.toContain('whsec_')
    expect(raw).not.toContain(providerSecret)
    expect(raw).not.toContain(console.clientSecret)
    expect(raw).not.toContain('client_secret')
    for (const value of raw.split('\n')) expect(value).toMatch(/^enc:v1:[0-9a-f]{8}:[A-Za-z0-9_-]+$/)
    // (The check value is there too on a database svc opened; a test's emptied PostgreSQL schema has lost it.)
    const names = (await db.selectFrom('settings').select('name').execute()).map((row) => row.name)
    expect(names).toEqual(expect.arrayContaining(['console-client', 'seal-root']))
  })

  it('does not open a secret copied into another row, nor one under another key', async () => {
    await addExternalProvider(db, { slug: 'one', name: 'One', issuer: 'https://one.example', clientId: 'a', clientSecret: 'first-secret' })
    await addExternalProvider(db, { slug: 'two', name: 'Two', issuer: 'https://two.example', clientId: 'b', clientSecret: 'second-secret' })
    const one = await db.selectFrom('external_providers').select('client_secret').where('slug', '=', 'one').executeTakeFirstOrThrow()
    await db.updateTable('external_providers').set({ client_secret: one.client_secret }).where('slug', '=', 'two').execute()
    await expect(externalProvider(db, 'two')).rejects.toThrow(
      /^the secret in external_providers\.client_secret of two does not open under secret key [0-9a-f]{8}: it was altered or moved from another row$/,
    )
    expect((await externalProvider(db, 'one'))?.client_secret).toBe('first-secret')

    const other = secretKey(randomBytes(32))
    const place = { table: 'settings', column: 'value', row: 'x' } as const
    expect(() => decryptSecret(secretBoxOf(db).key, place, encryptSecret(other, place, 'v'))).toThrow(SecretUnreadable)
    expect(() => decryptSecret(secretBoxOf(db).key, place, encryptSecret(other, place, 'v'))).toThrow(
      `the secret in settings.value of x was encrypted under secret key ${other.id}, but svc was given key ${secretBoxOf(db).key.id}`,
    )
  })
})

describe('a svc still running with the old key after secrets rekey', () => {
  it('refuses to write a secret the restarted svc could not read, and writes nothing', async () => {
    const old = secretBoxOf(db).key
    await storeKeyCheck(db, old) // (a test's emptied PostgreSQL schema has lost it)
    const client = await createClientWithEndpoint(db, { name: 'Shop', redirectUris: ['https://shop.example/cb'] })
    const row = (await clientByClientId(db, client.clientId))!.id
    const next = secretKey(randomBytes(32))
    await rekeySecrets(db, old, next)
    const sentence = `the database's secrets were re-encrypted under secret key ${next.id} (secrets rekey) while this svc runs with key ${old.id}: restart svc with the new key`
    await expect(inTransaction(db, (trx) => addWebhookEndpoint(trx, { clientId: row, url: receiver.url, events: ['*'] }))).rejects.toThrow(sentence)
    expect(await db.selectFrom('webhook_endpoints').select('id').execute()).toEqual([])
    await expect(addExternalProvider(db, { slug: 'p', name: 'P', issuer: 'https://p.example', clientId: 'a', clientSecret: 'b' })).rejects.toThrow(sentence)
    await expect(signingKeys(db).rotate()).rejects.toThrow(sentence)
    expect(await db.selectFrom('webhook_secrets').select('id').execute()).toEqual([])
    expect(await db.selectFrom('external_providers').select('id').execute()).toEqual([])
  })
})

describe('a secret key written as text', () => {
  it('is read from base64, base64url or hex, and nothing else', () => {
    const bytes = randomBytes(32)
    for (const text of [bytes.toString('base64'), bytes.toString('base64url'), bytes.toString('hex'), `${bytes.toString('base64')}\n`])
      expect(parseSecretKeyText(text)).toEqual(bytes)
    for (const text of ['', 'secret', bytes.toString('hex').slice(2), randomBytes(16).toString('base64'), randomBytes(48).toString('base64')])
      expect(parseSecretKeyText(text)).toBeUndefined()
  })
})
