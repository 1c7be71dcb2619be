import { createHash, randomBytes } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { CALLBACK, type IdentityFixture, identityFixture, ScriptedBrowser } from '../testing/identity-fixture.js'
import { flowCookieSlot } from './sdk-flow.js'

let idp: IdentityFixture
let browser: ScriptedBrowser
beforeEach(async () => {
  idp = await identityFixture()
  browser = new ScriptedBrowser()
})
afterEach(() => idp.close())

const PAGE_ORIGIN = 'http://127.0.0.1:3000'
const newState = () => randomBytes(18).toString('base64url')

/** What `/sdk.js` posts to `/oidc/sdk/start` from a page of `origin`. */
function start(fields: Record<string, string>, origin = PAGE_ORIGIN): Promise<Response> {
  const verifier = randomBytes(32).toString('base64url')
  return browser.request(`${idp.issuer}/oidc/sdk/start`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin },
    body: new URLSearchParams({
      client_id: idp.publicClient.clientId,
      state: newState(),
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      mode: 'popup',
      ...fields,
    }).toString(),
  })
}

/** Starts a flow as the SDK does, signs in and consents, and opens svc's callback. */
async function landing(fields: Record<string, string>): Promise<Response> {
  const started = await start(fields)
  expect(started.status).toBe(303)
  const callback = await browser.authorize(started.headers.get('Location')!)
  expect(callback.pathname).toBe('/oidc/sdk/callback')
  return browser.request(callback.href)
}

describe('the SDK flow: /oidc/sdk/start and /oidc/sdk/callback', () => {
  it("posts a popup's answer to the opener at the origin that started the flow, only", async () => {
    const state = newState()
    const res = await landing({ state })
    expect(res.status).toBe(200)
    const page = await res.text()
    expect(page).toContain(`window.opener.postMessage(`)
    expect(page).toMatch(new RegExp(`"source":"svc-sdk","code":"[^"]+","state":"${state}".*, "http://127\\.0\\.0\\.1:3000"\\)`))
    // Delivered once: the flow's record is gone.
    expect((await browser.request(`${idp.issuer}/oidc/sdk/callback?error=access_denied&state=${state}`)).status).toBe(400)
  })

  it('sends a full-page sign-in back to the exact registered page, the answer in the fragment', async () => {
    const state = newState()
    const res = await landing({ state, mode: 'redirect', return_to: CALLBACK })
    expect(res.status).toBe(302)
    const back = new URL(res.headers.get('Location')!)
    expect(back.origin + back.pathname + back.search).toBe(CALLBACK)
    const fragment = new URLSearchParams(back.hash.slice(1))
    expect(fragment.get('svc_code')).toMatch(/^[\w-]{20,}$/)
    expect(fragment.get('svc_state')).toBe(state)
    expect(fragment.get('svc_iss')).toBe(idp.issuer)
  })

  it('asks only for the browser scopes the client is registered for', async () => {
    const res = await start({})
    expect(new URL(res.headers.get('Location')!).searchParams.get('scope')).toBe('openid profile email')
  })

  it.each([
    ['a page of another origin', {}, 'https://attacker.example', 403, 'it came from &quot;https://attacker.example&quot;'],
    ['a page that hides its origin', {}, 'null', 403, 'registered origins'],
    [
      'a return page with a query of its own',
      { mode: 'redirect', return_to: `${CALLBACK}?next=https://attacker.example/` },
      PAGE_ORIGIN,
      400,
      'exactly',
    ],
    ['an unregistered return page', { mode: 'redirect', return_to: `${PAGE_ORIGIN}/go` }, PAGE_ORIGIN, 400, 'exactly'],
    ['a popup with a return page', { return_to: CALLBACK }, PAGE_ORIGIN, 400, 'return_to is for mode redirect only'],
    ['an unknown mode', { mode: 'iframe' }, PAGE_ORIGIN, 400, 'mode must be popup or redirect'],
    ['a short state', { state: 'abc' }, PAGE_ORIGIN, 400, 'state must be 22 to 128 characters'],
    ['a plain challenge', { code_challenge: 'plain' }, PAGE_ORIGIN, 400, 'code_challenge must be a PKCE S256 challenge'],
    ['an unknown client', { client_id: 'cli_nobody' }, PAGE_ORIGIN, 400, 'not registered with svc'],
  ])('refuses a start from %s with a page, never a redirect', async (_name, fields, origin, status, message) => {
    const res = await start(fields, origin)
    expect(res.status).toBe(status)
    expect(res.headers.get('Location')).toBeNull()
    expect(await res.text()).toContain(message)
    expect([...browser.cookies.keys()].some((name) => name.includes('svc_sdk_'))).toBe(false)
  })

  it("never hands a client's code to a flow another client's page started", async () => {
    // The confidential client's page starts a flow; a code of the public client is then brought to the callback under its state.
    const theirs = newState()
    expect((await start({ client_id: idp.confidential.clientId, state: theirs })).status).toBe(303)
    // Two flows of one browser in one cookie slot: the later one replaces the earlier, a different refusal.
    let ours = newState()
    while (flowCookieSlot(ours) === flowCookieSlot(theirs)) ours = newState()
    const started = await start({ state: ours })
    const callback = await browser.authorize(started.headers.get('Location')!)
    const code = callback.searchParams.get('code')!
    const res = await browser.request(`${idp.issuer}/oidc/sdk/callback?code=${code}&state=${theirs}`)
    expect(res.status).toBe(400)
    const page = await res.text()
    expect(page).toContain('started for another application')
    expect(page).not.toContain(code)
  })

  it('shows an error page for an unknown code or flow, never a redirect', async () => {
    for (const query of ['code=forged&state=x~y', `state=${newState()}`, `error=access_denied&state=${newState()}`, '']) {
      const res = await fetch(`${idp.issuer}/oidc/sdk/callback?${query}`, { redirect: 'manual' })
      expect(res.status).toBe(400)
      expect(res.headers.get('Location')).toBeNull()
    }
  })
})
