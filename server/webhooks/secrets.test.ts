/**
 * @module The webhook secrets repository on the test database: an
 * endpoint's secrets added, listed oldest first without the secret, shown
 * again, removed (never the last one), deleted with the endpoint, and kept
 * apart from another endpoint's.
 */
import type { Kysely } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { clientByClientId, createClient } from '../clients/clients.js'
import type { Database } from '../db/schema.js'
import { openTestDatabase } from '../db/test-database.js'
import { InvalidInput } from '../invalid-input.js'
import { addWebhookEndpoint } from './endpoints.js'
import {
  activeWebhookSecrets,
  addWebhookSecret,
  listWebhookSecrets,
  removeSecretsOfEndpoint,
  removeWebhookSecret,
  revealWebhookSecret,
  type SecretOwner,
  webhookSecretFingerprint,
} from './secrets.js'

let db: Kysely<Database>
let endpoint: SecretOwner
let firstSecret: string
let other: SecretOwner

beforeEach(async () => {
  db = await openTestDatabase()
  const client = (await clientByClientId(db, (await createClient(db, { name: 'Shop', redirectUris: ['https://shop.example/cb'] })).clientId))!
  const made = await addWebhookEndpoint(db, { clientId: client.id, url: 'https://shop.example/hooks', events: ['*'] }, new Date('2026-01-01T00:00:00Z'))
  endpoint = made.endpoint
  firstSecret = made.secret
  other = (await addWebhookEndpoint(db, { clientId: client.id, url: 'https://shop.example/audit', events: ['*'] })).endpoint
})
afterEach(() => db.destroy())

describe('webhook secrets', () => {
  it('adds a secret in the Standard Webhooks form, stored sealed, and signs with both oldest first', async () => {
    const added = await addWebhookSecret(db, endpoint, new Date('2026-02-01T00:00:00Z'))
    expect(added.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/)
    expect(await activeWebhookSecrets(db, endpoint)).toEqual([firstSecret, added.secret])
    const stored = await db.selectFrom('webhook_secrets').select('secret').where('id', '=', added.id).executeTakeFirstOrThrow()
    expect(stored.secret).not.toContain(added.secret.slice(6))
    expect(await activeWebhookSecrets(db, other)).toHaveLength(1)
    expect(await activeWebhookSecrets(db, other)).not.toContain(added.secret)
  })

  it('lists the active secrets oldest first with a number that removing another never changes', async () => {
    const second = await addWebhookSecret(db, endpoint, new Date('2026-02-01T00:00:00Z'))
    const third = await addWebhookSecret(db, endpoint, new Date('2026-03-01T00:00:00Z'))
    await removeWebhookSecret(db, endpoint, second.id)
    const listed = await listWebhookSecrets(db, endpoint)
    expect(listed.map(({ number, created_at }) => ({ number, created_at }))).toEqual([
      { number: 1, created_at: '2026-01-01T00:00:00.000Z' },
      { number: 3, created_at: '2026-03-01T00:00:00.000Z' },
    ])
    expect(listed.map((row) => row.fingerprint)).toEqual([webhookSecretFingerprint(firstSecret), webhookSecretFingerprint(third.secret)])
    expect(listed[1]!.id).toBe(third.id)
    expect(JSON.stringify(listed)).not.toContain(third.secret)
  })

  it('reveals an active secret of the endpoint only', async () => {
    const added = await addWebhookSecret(db, endpoint)
    expect(await revealWebhookSecret(db, endpoint, added.id)).toBe(added.secret)
    expect(await revealWebhookSecret(db, other, added.id)).toBeUndefined()
    const [oldest] = await listWebhookSecrets(db, endpoint)
    await removeWebhookSecret(db, endpoint)
    expect(await revealWebhookSecret(db, endpoint, oldest!.id)).toBeUndefined()
    expect(await activeWebhookSecrets(db, endpoint)).toEqual([added.secret])
  })

  it('refuses to remove the last secret, or one the endpoint has not', async () => {
    const refusal = await removeWebhookSecret(db, endpoint).catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(InvalidInput)
    expect(refusal).toMatchObject({ field: 'secret' })
    await addWebhookSecret(db, endpoint)
    const [othersSecret] = await listWebhookSecrets(db, other)
    await expect(removeWebhookSecret(db, endpoint, othersSecret!.id)).rejects.toBeInstanceOf(InvalidInput)
    expect(await activeWebhookSecrets(db, endpoint)).toHaveLength(2)
    expect(await activeWebhookSecrets(db, other)).toHaveLength(1)
  })

  it('deletes every secret of an endpoint, and only its', async () => {
    await addWebhookSecret(db, endpoint)
    await removeWebhookSecret(db, endpoint)
    await removeSecretsOfEndpoint(db, endpoint.id)
    expect(await listWebhookSecrets(db, endpoint)).toEqual([])
    expect(await db.selectFrom('webhook_secrets').select('id').where('endpoint_id', '=', endpoint.id).execute()).toEqual([])
    expect(await activeWebhookSecrets(db, other)).toHaveLength(1)
  })
})
