import { createHash } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { CALLBACK, type IdentityFixture, identityFixture, ScriptedBrowser } from '../testing/identity-fixture.js'
import { BROWSER_STATE_COOKIE } from './session-state.js'

let idp: IdentityFixture
beforeEach(async () => {
  idp = await identityFixture()
})
afterEach(() => idp.close())

const authorizeUrl = () =>
  `${idp.issuer}/oidc/authorize?${new URLSearchParams({ client_id: idp.confidential.clientId, redirect_uri: CALLBACK, response_type: 'code', scope: 'openid', state: 's' })}`

function expected(browserState: string, salt: string): string {
  return createHash('sha256').update(`${idp.confidential.clientId} http://127.0.0.1:3000 ${browserState} ${salt}`).digest('hex')
}

describe('OpenID Connect Session Management', () => {
  it('advertises the check_session iframe, which any relying party may frame', async () => {
    const document = await (await fetch(`${idp.issuer}/.well-known/openid-configuration`)).json()
    expect(document.check_session_iframe).toBe(`${idp.issuer}/oidc/iframe/check_session`)
    const iframe = await fetch(document.check_session_iframe)
    expect(iframe.headers.get('Content-Security-Policy')).toMatch(/^default-src 'none'; script-src 'sha256-[^']+'$/)
    expect(iframe.headers.get('X-Frame-Options')).toBeNull()
    expect(await iframe.text()).toContain("addEventListener('message'")
  })

  it('puts a session_state in each code response that matches the browser state until the session changes', async () => {
    const browser = new ScriptedBrowser()
    const first = await browser.authorize(authorizeUrl())
    const [hash, salt] = first.searchParams.get('session_state')!.split('.')
    const state = browser.cookies.get(BROWSER_STATE_COOKIE)!
    expect(hash).toBe(expected(state, salt!))

    const silent = new URL((await browser.request(authorizeUrl())).headers.get('Location')!)
    const [silentHash, silentSalt] = silent.searchParams.get('session_state')!.split('.')
    expect(silentHash).toBe(expected(state, silentSalt!))

    const question = await (await browser.request(`${idp.issuer}/oidc/logout?client_id=${idp.confidential.clientId}`)).text()
    await browser.submit(`${idp.issuer}/oidc/logout`, question, {})
    expect(browser.cookies.get(BROWSER_STATE_COOKIE)).not.toBe(state)
    expect(expected(browser.cookies.get(BROWSER_STATE_COOKIE)!, salt!)).not.toBe(hash)
  })
})
