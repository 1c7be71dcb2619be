/**
 * Attack: a client registered for `openid` alone is refused `email` at
 * `/oidc/authorize`, so it goes through FedCM, One Tap or the SDK's code
 * flow instead, which used to hand it the user's name, e-mail and profile,
 * tokens with those scopes, and stored consent for them.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createClient } from '../clients/clients.js'
import { type IdentityFixture, identityFixture, pkcePair, ScriptedBrowser, USER } from '../testing/identity-fixture.js'

const PARTNER = 'http://127.0.0.1:3000'
let idp: IdentityFixture
let client: { clientId: string; clientSecret?: string }
let browser: ScriptedBrowser

beforeEach(async () => {
  idp = await identityFixture()
  client = await createClient(idp.db, { name: 'Openid only', redirectUris: [`${PARTNER}/cb`], scopes: ['openid'] })
  browser = new ScriptedBrowser()
  const page = await (await browser.request(`${idp.issuer}/login`)).text()
  await browser.submit(`${idp.issuer}/login`, page, { email: USER.email, password: USER.password })
})
afterEach(() => idp.close())

const claimsOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>

function assertion(params: Record<string, string> = {}): Promise<Response> {
  return browser.request(`${idp.issuer}/oidc/fedcm/assertion`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Dest': 'webidentity', Origin: PARTNER },
    body: new URLSearchParams({
      client_id: client.clientId,
      account_id: idp.sub,
      params: JSON.stringify({ nonce: 'n', ...params }),
    }).toString(),
  })
}

async function consentedScopes(): Promise<string[]> {
  const row = await idp.db.selectFrom('consents').select('scopes').executeTakeFirst()
  return row ? (JSON.parse(row.scopes) as string[]) : []
}

describe('an openid-only client through the browser flows', () => {
  it('gets no e-mail or profile claims, and no consent for them, from a FedCM id_token', async () => {
    const { token } = await (await assertion()).json()
    const claims = claimsOf(token)
    expect(claims.sub).toBe(idp.sub)
    for (const claim of ['email', 'email_verified', 'name', 'given_name', 'picture']) expect(claims).not.toHaveProperty(claim)
    expect(await consentedScopes()).toEqual(['openid'])
    const signedIn = (await idp.events()).find((event) => event.name === 'account.signed_in')
    expect(signedIn?.data.scopes).toEqual(['openid'])
  })

  it('gets a code worth only openid from FedCM’s code flow: token scope and userinfo', async () => {
    const { verifier, challenge } = pkcePair()
    const { token: code } = await (
      await assertion({ response_type: 'code', code_challenge: challenge, code_challenge_method: 'S256' })
    ).json()
    const tokens = await (
      await fetch(`${idp.issuer}/oidc/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          code_verifier: verifier,
          redirect_uri: `${idp.issuer}/oidc/sdk/callback`,
          client_id: client.clientId,
          client_secret: client.clientSecret!,
        }),
      })
    ).json()
    expect(tokens.scope).toBe('openid')
    expect(claimsOf(tokens.id_token)).not.toHaveProperty('email')
    const userinfo = await (
      await fetch(`${idp.issuer}/oidc/userinfo`, { headers: { Authorization: `Bearer ${tokens.access_token}` } })
    ).json()
    // No profile or e-mail claim; how the sign-in was made comes with every token.
    expect(userinfo).toEqual({ sub: idp.sub, amr: ['pwd'], acr: 'urn:svc:acr:1fa' })
  })

  it('gets no e-mail or profile claims from One Tap', async () => {
    const query = new URLSearchParams({ client_id: client.clientId, origin: PARTNER, nonce: 'n' })
    const page = await (await browser.request(`${idp.issuer}/oidc/onetap?${query}`)).text()
    const answer = await (await browser.submit(`${idp.issuer}/oidc/onetap`, page, {})).text()
    const credential = /"credential":"([^"]+)"/.exec(answer)![1]!
    expect(claimsOf(credential)).not.toHaveProperty('email')
    expect(claimsOf(credential)).not.toHaveProperty('name')
    expect(await consentedScopes()).toEqual(['openid'])
  })
})
