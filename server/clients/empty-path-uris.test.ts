/**
 * Regression: express-openid-connect 2 and 3 send their base URL as
 * `post_logout_redirect_uri` without a trailing slash
 * (`http://localhost:9508`). Registration refused that form and matching
 * was character for character, so the registered `http://localhost:9508/`
 * never matched: the visitor got a "Sign-out error" whose text did not say
 * why, and a client registered slash-less earlier stopped matching
 * silently. An empty path is now its normalised form, at registration, in
 * requests (redirect and post-logout URIs alike) and in stored rows; any
 * path stays exact; a refusal names the part that differs.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createClient } from './clients.js'
import { clientByClientId } from './clients.js'
import { redirectUrisOf, postLogoutRedirectUrisOf } from './client-row.js'
import * as migration0018 from '../db/migrations/0018_client_application_type.js'
import { type IdentityFixture, identityFixture, pkcePair, ScriptedBrowser } from '../testing/identity-fixture.js'

let idp: IdentityFixture
beforeEach(async () => {
  idp = await identityFixture()
})
afterEach(() => idp.close())

const logout = (clientId: string, uri: string) =>
  fetch(`${idp.issuer}/oidc/logout?${new URLSearchParams({ client_id: clientId, post_logout_redirect_uri: uri, state: 's' })}`, {
    redirect: 'manual',
  })

describe('a URI whose path is empty', () => {
  it('may be registered either way and is stored normalised', async () => {
    const { clientId } = await createClient(idp.db, {
      name: 'Express app',
      redirectUris: ['http://localhost:9508/callback'],
      postLogoutRedirectUris: ['http://localhost:9508', 'https://rp.example?tenant=1'],
    })
    expect(postLogoutRedirectUrisOf((await clientByClientId(idp.db, clientId))!)).toEqual([
      'http://localhost:9508/',
      'https://rp.example/?tenant=1',
    ])
  })

  it.each([
    ['registered with a slash, asked without', 'http://localhost:9508/', 'http://localhost:9508'],
    ['registered without a slash, asked with', 'http://localhost:9508', 'http://localhost:9508/'],
    ['registered without a slash, asked without', 'http://localhost:9508', 'http://localhost:9508'],
  ])('ends RP-initiated logout at the base URL when %s', async (_case, registered, asked) => {
    const { clientId } = await createClient(idp.db, {
      name: 'Express app',
      redirectUris: ['http://localhost:9508/callback'],
      postLogoutRedirectUris: [registered],
    })
    const res = await logout(clientId, asked)
    expect(res.status).toBe(302)
    expect(res.headers.get('Location')).toBe('http://localhost:9508/?state=s')
  })

  it('matches a redirect URI the same way, sending the code there', async () => {
    const { clientId } = await createClient(idp.db, { name: 'Root app', redirectUris: ['https://rp.example/'], public: true })
    const { challenge } = pkcePair()
    const callback = await new ScriptedBrowser().authorize(
      `${idp.issuer}/oidc/authorize?${new URLSearchParams({
        client_id: clientId,
        redirect_uri: 'https://rp.example',
        response_type: 'code',
        scope: 'openid',
        state: 'st',
        code_challenge: challenge,
        code_challenge_method: 'S256',
      })}`,
    )
    expect(callback.origin + callback.pathname).toBe('https://rp.example/')
    expect(callback.searchParams.get('code')).toBeTruthy()
  })

  it('keeps any other path exact, and the refusal names the part that differs', async () => {
    const { clientId } = await createClient(idp.db, {
      name: 'Express app',
      redirectUris: ['http://localhost:9508/callback'],
      postLogoutRedirectUris: ['http://localhost:9508/signed-out'],
    })
    const slash = await logout(clientId, 'http://localhost:9508/signed-out/')
    expect(slash.status).toBe(400)
    const page = await slash.text()
    expect(page).toContain('its path is &quot;/signed-out/&quot; where the registered &quot;http://localhost:9508/signed-out&quot; has')
    expect(page).toContain('they differ only by a trailing slash')
    const port = await (await logout(clientId, 'http://localhost:9509/signed-out')).text()
    expect(port).toContain('its port is 9509 where the registered &quot;http://localhost:9508/signed-out&quot; has 9508')
    const elsewhere = await (await logout(clientId, 'https://evil.example/')).text()
    expect(elsewhere).toContain('no URI on https://evil.example is registered for this application')
    expect(elsewhere).not.toContain('localhost:9508')
  })

  it('is rewritten in rows stored before the rule, which match again', async () => {
    const { clientId } = await createClient(idp.db, { name: 'Old app', redirectUris: ['https://old.example/cb'] })
    await migration0018.down(idp.db)
    await idp.db
      .updateTable('clients')
      .set({
        redirect_uris: JSON.stringify(['https://old.example', 'https://old.example/cb']),
        post_logout_redirect_uris: JSON.stringify(['http://localhost:9508', 'https://old.example/bye']),
      })
      .where('client_id', '=', clientId)
      .execute()
    await migration0018.up(idp.db)
    const client = (await clientByClientId(idp.db, clientId))!
    expect(redirectUrisOf(client)).toEqual(['https://old.example/', 'https://old.example/cb'])
    expect(postLogoutRedirectUrisOf(client)).toEqual(['http://localhost:9508/', 'https://old.example/bye'])
    expect((await logout(clientId, 'http://localhost:9508')).headers.get('Location')).toBe('http://localhost:9508/?state=s')
  })
})
