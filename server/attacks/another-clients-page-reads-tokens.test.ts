/**
 * Attack: a page of one public client reads another client's tokens.
 * CORS on the token, userinfo and revocation endpoints allowed every public
 * client's registered origin, whatever client the request was for: a page
 * on an origin the attacker registered as a public client of their own
 * could call the token endpoint as the victim's client (with a code or
 * refresh token it came by) and read the answer, or read the claims behind
 * another client's access token. An answer about a client is readable only
 * from that client's own origins.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClient } from '../clients/clients.js'
import { CALLBACK, type IdentityFixture, identityFixture, pkcePair, ScriptedBrowser } from '../testing/identity-fixture.js'

const OWN_ORIGIN = new URL(CALLBACK).origin
const ATTACKERS_ORIGIN = 'https://attacker.example'

let idp: IdentityFixture
let tokens: { access_token: string; refresh_token: string }
beforeAll(async () => {
  idp = await identityFixture()
  await createClient(idp.db, { name: 'Attacker App', redirectUris: [`${ATTACKERS_ORIGIN}/callback`], public: true })
  const { verifier, challenge } = pkcePair()
  const callback = await new ScriptedBrowser().authorize(
    `${idp.issuer}/oidc/authorize?${new URLSearchParams({
      client_id: idp.publicClient.clientId,
      redirect_uri: CALLBACK,
      response_type: 'code',
      scope: 'openid email offline_access',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    })}`,
  )
  const redeemed = await post('/oidc/token', OWN_ORIGIN, {
    grant_type: 'authorization_code',
    code: callback.searchParams.get('code')!,
    code_verifier: verifier,
    redirect_uri: CALLBACK,
    client_id: idp.publicClient.clientId,
  })
  expect(redeemed.headers.get('access-control-allow-origin')).toBe(OWN_ORIGIN)
  tokens = await redeemed.json()
})
afterAll(() => idp.close())

function post(path: string, origin: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(`${idp.issuer}${path}`, {
    method: 'POST',
    headers: { Origin: origin, 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  })
}

describe("another public client's page", () => {
  it('cannot read a refresh grant made in the name of the victim client', async () => {
    const refreshed = await post('/oidc/token', ATTACKERS_ORIGIN, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: idp.publicClient.clientId,
    })
    expect(refreshed.status).toBe(200)
    expect(refreshed.headers.get('access-control-allow-origin')).toBeNull()
    // The client's own page can, with the token the grant above rotated to.
    const own = await post('/oidc/token', OWN_ORIGIN, {
      grant_type: 'refresh_token',
      refresh_token: ((await refreshed.json()) as { refresh_token: string }).refresh_token,
      client_id: idp.publicClient.clientId,
    })
    expect(own.headers.get('access-control-allow-origin')).toBe(OWN_ORIGIN)
    tokens = await own.json()
  })

  it("cannot read the claims behind the victim client's access token", async () => {
    const bearer = { Authorization: `Bearer ${tokens.access_token}` }
    const foreign = await fetch(`${idp.issuer}/oidc/userinfo`, { headers: { Origin: ATTACKERS_ORIGIN, ...bearer } })
    expect(foreign.status).toBe(200)
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull()
    const own = await fetch(`${idp.issuer}/oidc/userinfo`, { headers: { Origin: OWN_ORIGIN, ...bearer } })
    expect(own.headers.get('access-control-allow-origin')).toBe(OWN_ORIGIN)
  })

  it("cannot read a revocation made in the victim client's name, though its own refusals stay readable", async () => {
    const revoked = await post('/oidc/revoke', ATTACKERS_ORIGIN, { token: 'unknown', client_id: idp.publicClient.clientId })
    expect(revoked.headers.get('access-control-allow-origin')).toBeNull()
    // A request that names no client is refused readably, so a developer sees why.
    const refused = await post('/oidc/token', ATTACKERS_ORIGIN, { grant_type: 'refresh_token', refresh_token: 'x' })
    expect(refused.status).toBe(401)
    expect(refused.headers.get('access-control-allow-origin')).toBe(ATTACKERS_ORIGIN)
  })
})
