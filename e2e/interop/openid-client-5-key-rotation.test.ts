/**
 * Interop: a server-side relying party on openid-client 5, which checks
 * id_tokens against the key set it caches (refetched for an unknown `kid`
 * at most once a minute), and an API checking the same tokens with jose's
 * remote key set (cached up to 10 minutes), keep verifying across `svc-bff
 * keys rotate`: the new key is published at once and signs only after the
 * key-set cache lifetime, and the old one stays published for the tokens
 * it signed. svc runs with a 15-second lifetime so the journey is short;
 * the relying party's clock is moved on past its own caches' lifetimes
 * meanwhile, as hours would pass in production.
 */
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose'
import { custom, generators, Issuer, type Client } from 'openid-client-5'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { ScriptedBrowser } from '../../server/testing/identity-fixture.js'
import { type InteropSvc, PERSON, startInteropSvc } from './svc-for-interop.js'

const CALLBACK = 'http://127.0.0.1:9/callback'
// Long enough that the sign-in right after the rotation is done before the switch on a loaded machine: at 8 s, a sign-in
// that took longer (load 15–28) got a token from the new key while openid-client, having fetched the key set under
// a minute before, would not fetch it again ("no valid key found"). Waiting costs wall time, not CPU.
const KEY_SET_CACHE_SECONDS = 15

let svc: InteropSvc
let client: Client
let issuer: Issuer

beforeAll(async () => {
  // openid-client 5 gives up on a request after 3.5 s, which a busy test machine can take to redeem a code.
  custom.setHttpOptionsDefaults({ timeout: 30_000 })
  svc = await startInteropSvc({ SVC_JWKS_CACHE_SECONDS: String(KEY_SET_CACHE_SECONDS) })
  const registered = await svc.cli('client', 'create', '--name', 'Server Shop', '--redirect-uri', CALLBACK)
  issuer = await Issuer.discover(svc.issuer)
  client = new issuer.Client({
    client_id: registered.client_id!,
    client_secret: registered.client_secret!,
    redirect_uris: [CALLBACK],
    response_types: ['code'],
  })
}, 60_000)

afterAll(async () => {
  vi.useRealTimers()
  await svc?.bff.stop()
})

/** A whole sign-in as openid-client 5 makes it: PKCE, state, nonce, code redeemed, id_token verified. */
async function signIn(): Promise<string> {
  const verifier = generators.codeVerifier()
  const state = generators.state()
  const nonce = generators.nonce()
  const url = client.authorizationUrl({
    scope: 'openid email',
    code_challenge: generators.codeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  })
  const callback = await new ScriptedBrowser().authorize(url, { email: PERSON.email, password: PERSON.password })
  const tokens = await client.callback(CALLBACK, client.callbackParams(callback.href), { code_verifier: verifier, state, nonce })
  expect(tokens.claims().email).toBe(PERSON.email)
  return tokens.id_token!
}

describe('openid-client 5 and jose across keys rotate', () => {
  it('verify every id_token before, during and after a rotation', { timeout: 90_000 }, async () => {
    const keySet = createRemoteJWKSet(new URL(issuer.metadata.jwks_uri!))
    const verifyWithJose = (token: string) => jwtVerify(token, keySet, { issuer: svc.issuer, audience: client.metadata.client_id })
    const before = await signIn()
    const oldKid = decodeProtectedHeader(before).kid
    await verifyWithJose(before)

    const { kid: newKid } = await svc.cli('keys', 'rotate')
    expect(newKid).not.toBe(oldKid)
    // Published, not yet signing: both libraries go on with what they cached.
    const during = await signIn()
    expect(decodeProtectedHeader(during).kid).toBe(oldKid)
    await verifyWithJose(during)

    // The relying party's caches expire (a minute for openid-client, ten for jose) while svc's lifetime passes.
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true })
    vi.setSystemTime(Date.now() + 11 * 60_000)
    // Every sign-in until the new key signs verifies too; the switch comes once svc's lifetime has passed.
    const deadline = Date.now() + (KEY_SET_CACHE_SECONDS + 20) * 1000
    let after = during
    while (decodeProtectedHeader(after).kid !== newKid) {
      if (Date.now() > deadline) throw new Error(`the new key ${newKid} never signed`)
      await new Promise((resolve) => setTimeout(resolve, 500))
      after = await signIn()
      await verifyWithJose(after)
    }
    // The retired key stays published for what it signed.
    await verifyWithJose(before)
  })
})
