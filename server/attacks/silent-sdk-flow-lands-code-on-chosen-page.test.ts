/**
 * Attack: a third party, with a victim who once signed in to a public
 * client, sends the victim's browser to `/oidc/authorize` with svc's SDK
 * callback as the redirect URI, `prompt=none`, its own PKCE challenge, and
 * a `state` naming a registered page of the client with a query of its
 * choosing (an open redirect there sends the fragment on). The code used
 * to land on that page; the third party then redeemed it with its own
 * verifier and held the victim's tokens. Or it opened the flow in a popup
 * and navigated its own window to the client's origin, to receive the
 * posted code there.
 */
import { randomBytes } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { CALLBACK, type IdentityFixture, identityFixture, pkcePair, ScriptedBrowser } from '../testing/identity-fixture.js'

let idp: IdentityFixture
let victim: ScriptedBrowser
beforeEach(async () => {
  idp = await identityFixture()
  victim = new ScriptedBrowser()
  // The victim signed in to the public client once, so svc remembers the session and the consent.
  const { challenge } = pkcePair()
  const consented = await victim.authorize(
    `${idp.issuer}/oidc/authorize?${new URLSearchParams({
      client_id: idp.publicClient.clientId,
      redirect_uri: CALLBACK,
      response_type: 'code',
      scope: 'openid profile email',
      state: 'own',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    })}`,
  )
  expect(consented.searchParams.has('code')).toBe(true)
})
afterEach(() => idp.close())

/** Follows the victim's browser from `url` through svc's redirects; the first answer not on svc's origin, or svc's last page. */
async function follow(url: string): Promise<{ location?: URL; page?: string }> {
  let next = url
  for (let hop = 0; hop < 5; hop++) {
    const res = await victim.request(next)
    const location = res.headers.get('Location')
    if (!location) return { page: await res.text() }
    const target = new URL(location, next)
    if (target.origin !== idp.issuer) return { location: target }
    next = target.href
  }
  throw new Error('too many redirects')
}

const redeem = (code: string, verifier: string) =>
  fetch(`${idp.issuer}/oidc/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: `${idp.issuer}/oidc/sdk/callback`,
      client_id: idp.publicClient.clientId,
    }),
  })

/** Every authorization code visible in what the victim's browser was shown or sent to. */
function codesIn(result: { location?: URL; page?: string }): string[] {
  const text = `${result.location?.href ?? ''} ${result.page ?? ''}`
  return [...text.matchAll(/(?:svc_code=|"code":"|[?&]code=)([\w-]{20,})/g)].map((match) => match[1]!)
}

describe('a silent SDK flow started by a third party', () => {
  const attack = (state: string, challenge: string) =>
    `${idp.issuer}/oidc/authorize?${new URLSearchParams({
      client_id: idp.publicClient.clientId,
      redirect_uri: `${idp.issuer}/oidc/sdk/callback`,
      response_type: 'code',
      scope: 'openid profile email',
      prompt: 'none',
      state,
      code_challenge: challenge,
      code_challenge_method: 'S256',
    })}`

  it('lands no code on a registered page with a query the attacker chose', async () => {
    const { verifier, challenge } = pkcePair()
    const page = Buffer.from(`${CALLBACK}?next=https://attacker.example/collect`).toString('base64url')
    const result = await follow(attack(`${idp.publicClient.clientId}~x~${page}`, challenge))
    expect(result.location?.href ?? '').not.toContain('attacker.example')
    for (const code of codesIn(result)) expect((await redeem(code, verifier)).status).toBe(400)
    expect(codesIn(result)).toEqual([])
    expect(result.page).toContain('not started from this browser')
  })

  it('posts no code for a popup the attacker opened', async () => {
    const { verifier, challenge } = pkcePair()
    const result = await follow(attack(`${idp.publicClient.clientId}~x`, challenge))
    expect(result.page).not.toContain('postMessage')
    for (const code of codesIn(result)) expect((await redeem(code, verifier)).status).toBe(400)
    expect(codesIn(result)).toEqual([])
  })

  it("gives no code for the page's own flow replayed with the attacker's challenge (found by the outside re-probe)", async () => {
    // The client's page starts a real flow in the victim's browser; the attacker learns its state and sends the
    // browser to /authorize with that state and a challenge of its own.
    const state = randomBytes(18).toString('base64url')
    const started = await victim.request(`${idp.issuer}/oidc/sdk/start`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: new URL(CALLBACK).origin },
      body: new URLSearchParams({
        client_id: idp.publicClient.clientId,
        state,
        code_challenge: pkcePair().challenge,
        mode: 'popup',
      }).toString(),
    })
    expect(started.status).toBe(303)
    const { verifier, challenge } = pkcePair()
    const result = await follow(attack(state, challenge))
    for (const code of codesIn(result)) expect((await redeem(code, verifier)).status).toBe(400)
    expect(codesIn(result)).toEqual([])
    expect(result.page).toContain('not started from this browser')
  })

  it('cannot start the flow as the client’s page: svc checks the Origin the browser sends', async () => {
    const { challenge } = pkcePair()
    const res = await victim.request(`${idp.issuer}/oidc/sdk/start`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://attacker.example' },
      body: new URLSearchParams({
        client_id: idp.publicClient.clientId,
        state: randomBytes(18).toString('base64url'),
        code_challenge: challenge,
        mode: 'redirect',
        return_to: CALLBACK,
      }).toString(),
    })
    expect(res.status).toBe(403)
    expect(res.headers.get('Location')).toBeNull()
  })
})
