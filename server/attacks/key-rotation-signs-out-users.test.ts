/**
 * Attack (by accident, by the operator): `keys rotate`, or the 90-day
 * rotation, signs with a key relying parties have not fetched yet. They
 * cache the key set (jose 10 minutes and a 30 s cool-down, openid-client 5
 * minutes and a 60 s cool-down, the spec up to 6 hours), so the next
 * id_token fails to verify; a relying party that then retries its refresh
 * with the refresh token svc already rotated trips reuse detection, the
 * chain is revoked and the user is signed out. Driven with jose's
 * `createRemoteJWKSet` and openid-client (with its signature checks on)
 * against two replicas of svc behind a round-robin listener, with the
 * clock running past the rotation.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose'
import * as client from 'openid-client'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Kysely } from 'kysely'
import { createUser } from '../accounts/users.js'
import { createBff } from '../app.js'
import { createClient } from '../clients/clients.js'
import { openTestDatabase } from '../db/test-database.js'
import type { Database } from '../db/schema.js'
import { rotateSigningKey } from '../grants/signing-keys.js'
import { CALLBACK, ScriptedBrowser, USER } from '../testing/identity-fixture.js'

const MINUTE = 60_000
const HOUR = 60 * MINUTE

let db: Kysely<Database>
let server: Server
let issuer: string
let rp: { clientId: string; clientSecret: string }

/** Two replicas on one database, each with its own key cache, taking requests in turn like a load balancer. */
async function replicas(options: { keySetCacheMs?: number } = {}) {
  const listeners = [0, 1].map(() => createBff({ db, issuer, ...options }).listener)
  let turn = 0
  server.on('request', (req, res) => listeners[turn++ % 2]!(req, res))
}

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true, now: Date.parse('2026-05-04T09:00:00Z') })
  db = await openTestDatabase()
  await createUser(db, USER)
  const registered = await createClient(db, { name: 'Shop', redirectUris: [CALLBACK], scopes: ['openid', 'email', 'offline_access'] })
  rp = { clientId: registered.clientId, clientSecret: registered.clientSecret! }
  server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterEach(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
  await db.destroy()
  vi.useRealTimers()
})

/**
 * A relying party as the libraries behave: openid-client checks every
 * id_token's signature against its cached key set, the application checks
 * it again with jose's remote key set (the default one, and one cached for
 * the 6 hours the spec allows, unless told not to), and a refresh that fails is retried with
 * the same refresh token, as openid-client 5 applications did.
 */
async function signedInRelyingParty({ cachesSixHours = true } = {}) {
  const config = await client.discovery(new URL(issuer), rp.clientId, rp.clientSecret, client.ClientSecretBasic(), {
    execute: [client.allowInsecureRequests, client.enableNonRepudiationChecks],
  })
  const jwksUrl = new URL(`${issuer}/.well-known/jwks.json`)
  const keySets = [createRemoteJWKSet(jwksUrl)]
  if (cachesSixHours) keySets.push(createRemoteJWKSet(jwksUrl, { cacheMaxAge: 6 * HOUR, cooldownDuration: 6 * HOUR }))
  const verifier = client.randomPKCECodeVerifier()
  const nonce = client.randomNonce()
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: CALLBACK,
    scope: 'openid email offline_access',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    nonce,
  })
  const callback = await new ScriptedBrowser().authorize(url)
  let tokens: { id_token?: string; refresh_token?: string; access_token: string } = await client.authorizationCodeGrant(config, callback, {
    pkceCodeVerifier: verifier,
    expectedNonce: nonce,
  })
  const failures: string[] = []
  const verify = async (idToken: string) => {
    for (const keySet of keySets) await jwtVerify(idToken, keySet, { issuer, audience: rp.clientId })
  }
  await verify(tokens.id_token!)
  return {
    failures,
    kid: () => decodeProtectedHeader(tokens.id_token!).kid,
    async refresh() {
      try {
        const next = await client.refreshTokenGrant(config, tokens.refresh_token!)
        await verify(next.id_token!)
        tokens = next
      } catch (error) {
        failures.push(`${new Date().toISOString()}: ${(error as Error).message}`)
        // The retry presents the refresh token svc already rotated.
        tokens = await client.refreshTokenGrant(config, tokens.refresh_token!).catch(() => tokens)
      }
    },
    /** Whether the user is still signed in at the relying party: a refresh and userinfo work. */
    async signedIn() {
      try {
        tokens = await client.refreshTokenGrant(config, tokens.refresh_token!)
        await client.fetchUserInfo(config, tokens.access_token, client.skipSubjectCheck)
        return true
      } catch {
        return false
      }
    },
  }
}

describe('a key rotation', () => {
  it('signs nobody out: relying parties verify every id_token before, during and after the switch to the new key', async () => {
    await replicas()
    const relyingParty = await signedInRelyingParty()
    const before = relyingParty.kid()
    const rotatedAt = Date.now()
    // What `svc-bff keys rotate` runs.
    const { kid } = await rotateSigningKey(db)
    for (const after of [1 * MINUTE, 20 * MINUTE, 3 * HOUR, 6 * HOUR - MINUTE, 6 * HOUR + MINUTE, 7 * HOUR, 13 * HOUR]) {
      vi.setSystemTime(rotatedAt + after)
      await relyingParty.refresh()
    }
    expect(relyingParty.failures).toEqual([])
    expect(await relyingParty.signedIn()).toBe(true)
    // The relying party did cross the rotation.
    expect(relyingParty.kid()).toBe(kid)
    expect(kid).not.toBe(before)
  })

  it('signs nobody out at the 90-day rotation either, made by a running server without a restart', async () => {
    await replicas()
    const first = await fetch(`${issuer}/.well-known/jwks.json`)
    const [{ kid: firstKid }] = (await first.json()).keys
    const madeAt = Date.now()
    // A user signs in a minute before the next key is due to be published.
    vi.setSystemTime(madeAt + 90 * 24 * HOUR - 6 * HOUR - MINUTE)
    const relyingParty = await signedInRelyingParty()
    for (const after of [2 * MINUTE, 30 * MINUTE, 5 * HOUR, 6 * HOUR - 10_000, 6 * HOUR + 10_000, 8 * HOUR]) {
      vi.setSystemTime(madeAt + 90 * 24 * HOUR - 6 * HOUR + after)
      await relyingParty.refresh()
    }
    expect(relyingParty.failures).toEqual([])
    expect(await relyingParty.signedIn()).toBe(true)
    expect(relyingParty.kid()).not.toBe(firstKid)
  })

  it('publishes the next key as long before it signs as the configured key-set cache lifetime, and the JWKS is cached no longer', async () => {
    await replicas({ keySetCacheMs: 10 * MINUTE })
    const jwks = await fetch(`${issuer}/.well-known/jwks.json`)
    const maxAge = Number(/max-age=(\d+)/.exec(jwks.headers.get('Cache-Control') ?? '')?.[1])
    expect(maxAge).toBeLessThanOrEqual(600)
    // Relying parties that cache the key set 10 minutes at most (jose's and openid-client's defaults).
    const relyingParty = await signedInRelyingParty({ cachesSixHours: false })
    const rotatedAt = Date.now()
    const { kid } = await rotateSigningKey(db, { keySetCacheMs: 10 * MINUTE })
    for (const after of [10_000, 5 * MINUTE, 10 * MINUTE + 10_000, 30 * MINUTE]) {
      vi.setSystemTime(rotatedAt + after)
      await relyingParty.refresh()
    }
    expect(relyingParty.failures).toEqual([])
    expect(relyingParty.kid()).toBe(kid)
    expect(await relyingParty.signedIn()).toBe(true)
  })
})
