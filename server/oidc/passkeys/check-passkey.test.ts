import { createHash, generateKeyPairSync, type KeyObject, sign } from 'node:crypto'
import { Hono } from 'hono'
import type { Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addPasskey, passkeyByCredentialId, removePasskey } from '../../accounts/passkeys.js'
import { createUser } from '../../accounts/users.js'
import type { Database, PasskeyRow } from '../../db/schema.js'
import { openTestDatabase } from '../../db/test-database.js'
import type { IdentityProviderContext } from '../../grants/identity-provider-context.js'
import { loginThrottle } from '../../http/login-throttle.js'
import { checkPasskey } from './check-passkey.js'
import { passkeyOptionsEndpoint } from './passkey-options-endpoint.js'

const ISSUER = 'http://localhost:8787'

/** A software authenticator: one P-256 key, signing assertions for svc's RP id with the counter it is told. */
function softwareAuthenticator() {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const jwk = publicKey.export({ format: 'jwk' })
  const bytes = (value: string) => Buffer.from(value, 'base64url')
  // The COSE_Key map {1: 2 (EC2), 3: -7 (ES256), -1: 1 (P-256), -2: x, -3: y} in CBOR.
  const cose = Buffer.concat([
    Buffer.from([0xa5, 0x01, 0x02, 0x03, 0x26, 0x20, 0x01, 0x21, 0x58, 0x20]),
    bytes(jwk.x!),
    Buffer.from([0x22, 0x58, 0x20]),
    bytes(jwk.y!),
  ])
  return { credentialId: createHash('sha256').update(cose).digest('base64url'), publicKey: cose.toString('base64url'), key: privateKey }
}

function assertion(authenticator: { credentialId: string; key: KeyObject }, challenge: string, counter: number): string {
  const clientData = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge, origin: ISSUER, crossOrigin: false }))
  const counterBytes = Buffer.alloc(4)
  counterBytes.writeUInt32BE(counter)
  // The RP id's hash, flags UP and UV, the counter.
  const authData = Buffer.concat([createHash('sha256').update('localhost').digest(), Buffer.from([0x05]), counterBytes])
  const signature = sign('sha256', Buffer.concat([authData, createHash('sha256').update(clientData).digest()]), authenticator.key)
  return JSON.stringify({
    id: authenticator.credentialId,
    rawId: authenticator.credentialId,
    type: 'public-key',
    response: {
      clientDataJSON: clientData.toString('base64url'),
      authenticatorData: authData.toString('base64url'),
      signature: signature.toString('base64url'),
    },
    clientExtensionResults: {},
  })
}

let db: Kysely<Database>
beforeAll(async () => {
  db = await openTestDatabase()
})
afterAll(() => db.destroy())

/** The options endpoint and a sign-in that answers with what `checkPasskey` decided, as one app with one throttle. */
function signInApp(throttle = loginThrottle()) {
  const provider = { db, issuer: ISSUER, now: () => new Date() } as unknown as IdentityProviderContext
  const app = new Hono()
  app.route('/oidc/passkey', passkeyOptionsEndpoint(provider))
  app.post('/sign-in', async (c) => {
    const check = await checkPasskey(c, provider, throttle, await c.req.text())
    return 'error' in check ? c.json({ error: check.error }, check.status) : c.json({ sub: check.user.sub, amr: check.amr })
  })
  let cookie = ''
  return {
    throttle,
    async challenge(): Promise<string> {
      const response = await app.request('/oidc/passkey/sign-in-options', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-origin', ...(cookie ? { Cookie: cookie } : {}) },
        body: '{}',
      })
      cookie ||= response.headers.get('Set-Cookie')!.split(';')[0]!
      return ((await response.json()) as { challenge: string }).challenge
    },
    signIn: (body: string, headers: Record<string, string> = {}) =>
      app.request('/sign-in', { method: 'POST', body, headers: { Cookie: cookie, ...headers } }),
  }
}

async function accountWithPasskey(email: string, counter: number) {
  const user = await createUser(db, { email, name: 'Ada', password: 'long enough password', emailVerified: true })
  const authenticator = softwareAuthenticator()
  const stored = await addPasskey(
    db,
    {
      userId: user.id,
      credentialId: authenticator.credentialId,
      publicKey: authenticator.publicKey,
      counter,
      transports: ['internal'],
      backupEligible: false,
      backedUp: false,
      name: 'Key',
    },
    new Date(),
  )
  return { user, authenticator, stored }
}

describe('checkPasskey', () => {
  it('refuses a signature counter that went backwards, then signs in with one that moved forward, once a challenge', async () => {
    const { user, authenticator } = await accountWithPasskey('counter@example.com', 10)
    const browser = signInApp()
    const behind = await browser.signIn(assertion(authenticator, await browser.challenge(), 5))
    expect(behind.status).toBe(401)
    expect(await behind.json()).toEqual({ error: 'This passkey could not be checked. Try again, or sign in another way.' })
    expect((await passkeyByCredentialId(db, authenticator.credentialId))!.counter).toBe(10)
    // Equal is not forward either.
    expect((await browser.signIn(assertion(authenticator, await browser.challenge(), 10))).status).toBe(401)

    const challenge = await browser.challenge()
    const ahead = await browser.signIn(assertion(authenticator, challenge, 11))
    expect(ahead.status).toBe(200)
    // Not backed up: a device-bound key (RFC 8176's hwk).
    expect(await ahead.json()).toEqual({ sub: user.sub, amr: ['hwk'] })
    expect(await passkeyByCredentialId(db, authenticator.credentialId)).toMatchObject({ counter: 11, last_used_at: expect.any(String) })
    // The same challenge again, even with a counter further on: spent.
    expect((await browser.signIn(assertion(authenticator, challenge, 12))).status).toBe(401)
  })

  it('refuses a removed passkey and a challenge from another browser', async () => {
    const { user, authenticator, stored } = await accountWithPasskey('removed@example.com', 0)
    const browser = signInApp()
    const stranger = signInApp()
    expect((await browser.signIn(assertion(authenticator, await stranger.challenge(), 1))).status).toBe(401)
    await removePasskey(db, user.id, (stored as PasskeyRow).id)
    const refused = await browser.signIn(assertion(authenticator, await browser.challenge(), 2))
    expect(refused.status).toBe(401)
    expect(await refused.json()).toEqual({ error: 'This passkey is not registered here (it may have been removed). Sign in another way.' })
  })

  it('counts its failures in the login throttle, but password guesses against the account never hold its passkey back', async () => {
    const { user, authenticator } = await accountWithPasskey('guessed@example.com', 0)
    const browser = signInApp()
    // Strangers at many addresses guessing the account's password: its account bucket is full.
    for (let i = 0; i < 40; i++) await browser.throttle.failed({ account: user.sub, address: `203.0.113.${i}` })
    expect(await browser.throttle.wait({ account: user.sub, address: '198.51.100.1' })).toBeGreaterThan(0)
    expect((await browser.signIn(assertion(authenticator, await browser.challenge(), 1))).status).toBe(200)
    // Its own failures count: past the free ones, the passkey waits too.
    for (let i = 0; i < 6; i++) await browser.signIn(assertion(authenticator, 'not-a-challenge-of-ours', 2 + i))
    const held = await browser.signIn(assertion(authenticator, await browser.challenge(), 20))
    expect(held.status).toBe(429)
  })

  it('refuses what is not an assertion with a sentence, never a 500', async () => {
    const browser = signInApp()
    for (const body of ['', 'not json', '[]', '{"id":"a"}', JSON.stringify({ id: 'a', rawId: 'a', type: 'public-key', response: {} })]) {
      const refused = await browser.signIn(body)
      expect(refused.status).toBe(400)
      expect(await refused.json()).toEqual({ error: 'This passkey could not be checked. Try again, or sign in another way.' })
    }
  })
})
