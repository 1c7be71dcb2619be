/**
 * @module Tests of the developer portal's client forms through the console
 * API: every refusal of a registration at once, editing and deleting a
 * client, webhook URLs kept off private addresses, and secrets named so
 * people can tell them apart.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { webhookSecretFingerprint } from '../webhooks/secrets.js'
import { CALLBACK, type IdentityFixture, identityFixture, ScriptedBrowser, USER } from '../testing/identity-fixture.js'
import { type ConsoleUser, consoleUser } from '../testing/console-user.js'

let idp: IdentityFixture
afterEach(() => idp.close())

async function developerWithClient(fields: Record<string, unknown> = {}) {
  const developer = await consoleUser(idp, { svcRole: 'developer' })
  const made = await (
    await developer.api('POST', '/clients', {
      name: 'Shop',
      redirect_uris: `${CALLBACK} https://shop.example/cb`,
      post_logout_redirect_uris: 'https://shop.example/bye',
      privacy_policy_url: 'https://shop.example/privacy',
      logo_uri: 'https://shop.example/logo.png',
      ...fields,
    })
  ).json()
  return { developer, made, path: `/clients/${made.client.client_id}` }
}

const clientOf = async (developer: ConsoleUser, path: string) => (await (await developer.api('GET', path)).json()).client

describe('registering a client in the console', () => {
  it('names every field it refuses in one answer, not one per save', async () => {
    idp = await identityFixture()
    const developer = await consoleUser(idp, { svcRole: 'developer' })
    const refused = await developer.api('POST', '/clients', {
      name: ' ',
      redirect_uris: 'http://shop.example/cb',
      post_logout_redirect_uris: 'javascript:alert(1)',
      webhook_url: 'ftp://shop.example/hooks',
      terms_of_service_url: 'not a url',
    })
    expect(refused.status).toBe(422)
    const { errors, message } = await refused.json()
    expect(Object.keys(errors).sort()).toEqual([
      'name',
      'post_logout_redirect_uris',
      'redirect_uris',
      'terms_of_service_url',
      'webhook_url',
    ])
    expect(errors.redirect_uris).toContain('http only on loopback')
    expect(message).toBe('the client has 5 problems: name, redirect_uris, post_logout_redirect_uris, terms_of_service_url, webhook_url')
    expect((await (await developer.api('GET', '/clients')).json()).clients).toEqual([])
  })
})

describe('webhook URLs on private addresses', () => {
  it.each([
    'http://127.0.0.1:9/hooks',
    'http://10.1.2.3/hooks',
    'http://[::1]/hooks',
    'http://localhost:8080/hooks',
    'http://169.254.169.254/',
  ])('refuses %s on registration, saying why and how to allow it; an endpoint is saved with a warning', async (url) => {
    idp = await identityFixture()
    const developer = await consoleUser(idp, { svcRole: 'developer' })
    const registered = await developer.api('POST', '/clients', { name: 'Shop', redirect_uris: CALLBACK, webhook_url: url })
    expect(registered.status).toBe(422)
    expect((await registered.json()).errors.webhook_url).toMatch(/must reach a public address.*SVC_WEBHOOK_ALLOW_PRIVATE=1/)
    const mine = await (await developer.api('POST', '/clients', { name: 'Mine', redirect_uris: CALLBACK })).json()
    const warned = await developer.api('POST', `/clients/${mine.client.client_id}/webhook-endpoints`, { url })
    expect(warned.status).toBe(201)
    expect((await warned.json()).warning).toMatch(/^svc will not deliver to .*SVC_WEBHOOK_ALLOW_PRIVATE=1$/)
    expect((await clientOf(developer, `/clients/${mine.client.client_id}`)).webhook_endpoints).toEqual({ total: 1, enabled: 1 })
  })

  it('accepts them when the server allows private webhooks', async () => {
    idp = await identityFixture({ webhookAllowPrivate: true })
    const developer = await consoleUser(idp, { svcRole: 'developer' })
    const registered = await developer.api('POST', '/clients', {
      name: 'Shop',
      redirect_uris: CALLBACK,
      webhook_url: 'http://127.0.0.1:9/hooks',
    })
    expect(registered.status).toBe(201)
    const made = await registered.json()
    expect(made.client.webhook_endpoints).toEqual({ total: 1, enabled: 1 })
    const detail = await (await developer.api('GET', `/clients/${made.client.client_id}`)).json()
    expect(detail.webhook_endpoints.map((e: { url: string; events: string[] }) => [e.url, e.events])).toEqual([['http://127.0.0.1:9/hooks', ['*']]])
  })
})

describe('editing a client in the console', () => {
  it('saves the form unchanged as a change to nothing, and one changed field as exactly that change', async () => {
    idp = await identityFixture()
    const { developer, made, path } = await developerWithClient({ webhook_url: 'https://shop.example/hooks' })
    const before = await clientOf(developer, path)
    expect(before).toEqual(made.client)
    expect(before.logo_uri).toBe('https://shop.example/logo.png')
    const form = {
      name: before.name,
      redirect_uris: before.redirect_uris.join(' '),
      post_logout_redirect_uris: before.post_logout_redirect_uris.join(' '),
      privacy_policy_url: before.privacy_policy_url,
      terms_of_service_url: '',
      logo_uri: before.logo_uri,
    }
    const unchanged = await developer.api('PUT', path, form)
    expect(unchanged.status).toBe(200)
    expect((await unchanged.json()).client).toEqual(before)
    expect(await clientOf(developer, path)).toEqual(before)

    const renamed = await developer.api('PUT', path, { ...form, redirect_uris: 'https://shop.example/new-cb' })
    expect(renamed.status).toBe(200)
    expect(await clientOf(developer, path)).toEqual({ ...before, redirect_uris: ['https://shop.example/new-cb'] })
  })

  it('refuses what registration refuses, all at once, and changes nothing then', async () => {
    idp = await identityFixture()
    const { developer, path } = await developerWithClient()
    const before = await clientOf(developer, path)
    const refused = await developer.api('PUT', path, { name: '', redirect_uris: '', post_logout_redirect_uris: 'https://*.shop.example/' })
    expect(refused.status).toBe(422)
    expect(Object.keys((await refused.json()).errors).sort()).toEqual(['name', 'post_logout_redirect_uris', 'redirect_uris'])
    expect(await clientOf(developer, path)).toEqual(before)
    expect((await developer.api('PUT', path, 'not an object')).status).toBe(422)
    const stranger = await consoleUser(idp, { svcRole: 'developer' })
    expect((await stranger.api('PUT', path, { name: 'Mine now', redirect_uris: CALLBACK })).status).toBe(404)
  })
})

describe('deleting a client in the console', () => {
  it('deletes it with every token issued to it, for its developer only', async () => {
    idp = await identityFixture()
    const { developer, made, path } = await developerWithClient()
    const { client_id } = made.client
    const browser = new ScriptedBrowser()
    const callback = await browser.authorize(
      `${idp.issuer}/oidc/authorize?${new URLSearchParams({ client_id, redirect_uri: CALLBACK, response_type: 'code', scope: 'openid email' })}`,
      { email: USER.email, password: USER.password },
    )
    const tokens = await (
      await fetch(`${idp.issuer}/oidc/token`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          Authorization: `Basic ${Buffer.from(`${client_id}:${made.client_secret}`).toString('base64')}`,
        },
        body: new URLSearchParams({ grant_type: 'authorization_code', code: callback.searchParams.get('code')!, redirect_uri: CALLBACK }),
      })
    ).json()
    const userinfo = () => fetch(`${idp.issuer}/oidc/userinfo`, { headers: { Authorization: `Bearer ${tokens.access_token}` } })
    expect((await userinfo()).status).toBe(200)

    const stranger = await consoleUser(idp, { svcRole: 'developer' })
    expect((await stranger.api('DELETE', path)).status).toBe(404)
    expect((await developer.api('DELETE', path, undefined, { csrf: false })).status).toBe(403)
    const deleted = await developer.api('DELETE', path)
    expect(deleted.status).toBe(200)
    expect(await deleted.json()).toEqual({ deleted: client_id })
    expect((await userinfo()).status).toBe(401)
    expect((await developer.api('GET', path)).status).toBe(404)
    expect((await developer.api('DELETE', path)).status).toBe(404)
  })
})

describe("a client's webhook secrets in the console", () => {
  it('numbers them per endpoint, keeps the numbers when one is removed, and gives each a fingerprint of the secret', async () => {
    idp = await identityFixture()
    const { developer, made, path } = await developerWithClient({ webhook_url: 'https://shop.example/hooks' })
    // Another client's secrets do not count towards this one's numbers.
    await developerWithClient({ webhook_url: 'https://other.example/hooks' })
    const endpoint = (await (await developer.api('GET', path)).json()).webhook_endpoints[0].id
    const secrets = `${path}/webhook-endpoints/${endpoint}/secrets`
    const second = await (await developer.api('POST', secrets)).json()
    const listed = async () => (await (await developer.api('GET', path)).json()).webhook_endpoints[0].secrets
    const both = await listed()
    expect(both.map((secret: { number: number; fingerprint: string }) => [secret.number, secret.fingerprint])).toEqual([
      [1, webhookSecretFingerprint(made.webhook_secret)],
      [2, webhookSecretFingerprint(second.webhook_secret)],
    ])
    expect((await developer.api('DELETE', `${secrets}/${both[0].id}`)).status).toBe(200)
    await developer.api('POST', secrets)
    // Shown again on request, the secret as it was given.
    const shown = await (await developer.api('POST', `${secrets}/${both[1].id}/reveal`)).json()
    expect(shown.webhook_secret).toBe(second.webhook_secret)
    expect((await listed()).map((secret: { number: number }) => secret.number)).toEqual([2, 3])
  })
})
