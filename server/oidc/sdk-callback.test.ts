import { createHash, randomBytes } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type IdentityFixture, identityFixture, ScriptedBrowser } from './oidc-testing.js'

let idp: IdentityFixture
let browser: ScriptedBrowser
beforeEach(async () => {
  idp = await identityFixture()
  browser = new ScriptedBrowser()
})
afterEach(() => idp.close())

const encode = (url: string) => Buffer.from(url).toString('base64url')

/** Runs the SDK's code flow for the public client up to svc's callback, with `state` as given. */
async function landing(state: string): Promise<Response> {
  const verifier = randomBytes(32).toString('base64url')
  const callback = await browser.authorize(
    `${idp.issuer}/oidc/authorize?${new URLSearchParams({
      client_id: idp.publicClient.clientId,
      redirect_uri: `${idp.issuer}/oidc/sdk/callback`,
      response_type: 'code',
      scope: 'openid profile',
      state,
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    })}`,
  )
  expect(callback.pathname).toBe('/oidc/sdk/callback')
  return browser.request(callback.href)
}

describe('the SDK callback /oidc/sdk/callback', () => {
  it("posts a popup's response to the opener at the client's registered origins only", async () => {
    const res = await landing(`${idp.publicClient.clientId}~abc`)
    expect(res.status).toBe(200)
    const page = await res.text()
    expect(page).toContain('["http://127.0.0.1:3000"]')
    expect(page).toMatch(/"source":"svc-sdk","code":"[^"]+","state":"[^"]+~abc"/)
  })

  it('sends a full-page sign-in back to the page it came from, the response in the fragment', async () => {
    const res = await landing(`${idp.publicClient.clientId}~abc~${encode('http://127.0.0.1:3000/callback?item=1#reviews')}`)
    expect(res.status).toBe(302)
    const back = new URL(res.headers.get('Location')!)
    expect(back.origin + back.pathname + back.search).toBe('http://127.0.0.1:3000/callback?item=1')
    const fragment = new URLSearchParams(back.hash.slice(1))
    expect(fragment.get('svc_code')).toMatch(/^[\w-]{20,}$/)
    expect(fragment.get('svc_state')).toBe(`${idp.publicClient.clientId}~abc~${encode('http://127.0.0.1:3000/callback?item=1#reviews')}`)
    expect(fragment.get('svc_iss')).toBe(idp.issuer)
  })

  it("refuses to return to any page but the client's registered redirect URIs, even on its own site", async () => {
    for (const page of ['https://attacker.example/steal', 'http://127.0.0.1:3000/go?to=https://attacker.example/']) {
      const res = await landing(`${idp.publicClient.clientId}~abc~${encode(page)}`)
      expect(res.status).toBe(400)
      expect(await res.text()).toContain('not one of this application&#39;s registered redirect URIs')
    }
    // An error answer, which names its client in state only, is held to the same rule.
    const error = await fetch(
      `${idp.issuer}/oidc/sdk/callback?error=x&state=${idp.publicClient.clientId}~r~${encode('http://127.0.0.1:3000/other')}`,
      {
        redirect: 'manual',
      },
    )
    expect(error.status).toBe(400)
  })

  it("never hands a client's code to the origins of another client named in state", async () => {
    // The confidential client's page starts a flow for the public client,
    // hoping to receive a code it could redeem with its own verifier.
    for (const state of [`${idp.confidential.clientId}~abc`, `${idp.confidential.clientId}~abc~${encode('http://127.0.0.1:3000/')}`]) {
      const res = await landing(state)
      expect(res.status).toBe(400)
      const page = await res.text()
      expect(page).toContain('started for another application')
      expect(page).not.toContain('"code"')
    }
  })

  it('shows an error page for an unknown code or client, never a redirect', async () => {
    for (const query of ['code=forged&state=x~y', `state=${idp.publicClient.clientId}`, 'error=access_denied&state=nobody~x', '']) {
      const res = await fetch(`${idp.issuer}/oidc/sdk/callback?${query}`, { redirect: 'manual' })
      expect(res.status).toBe(400)
      expect(res.headers.get('Location')).toBeNull()
    }
  })
})
