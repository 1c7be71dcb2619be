import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createClient } from '../clients/clients.js'
import { createOrganisation } from '../orgs/organisations.js'
import { API_KEY_ORIGINS_MAX } from '../../shared/field-limits.js'
import { type IdentityFixture, identityFixture, ScriptedBrowser } from '../testing/identity-fixture.js'
import { consoleUser } from '../testing/console-user.js'
import { json, managementApiCall } from '../testing/management-api-requests.js'
import { createManagementToken } from '../management-api/management-tokens-repository.js'

let idp: IdentityFixture
beforeEach(async () => {
  idp = await identityFixture()
})
afterEach(() => idp.close())

describe('API keys in the console', () => {
  it("lets an organisation admin create (shown once), list and revoke its keys, and no one else's", async () => {
    const mine = await createOrganisation(idp.db, { name: 'Mine' })
    await createOrganisation(idp.db, { name: 'Theirs' })
    const admin = await consoleUser(idp, { svcRole: 'admin', svcApp: mine.code })
    const refused = await admin.api('POST', '/keys', { origins: 'not a url', rate_limit: '0' })
    expect(refused.status).toBe(422)
    // Both fields at once, so the form shows both.
    const { errors, message } = await refused.json()
    expect(errors).toEqual({
      origins: 'origin "not a url" is not a URL; write it as https://host[:port]',
      rate_limit: 'rate limit must be an integer from 1 to 100000000 requests a minute',
    })
    expect(message).toBe('the key has 2 problems: origins, rate_limit')
    // No more origins than the console's field holds (API_KEY_ORIGINS_MAX characters), whatever sends them.
    const many = Array.from({ length: 200 }, (_, i) => `https://shop-${i}.example-partner.com`).join(' ')
    const tooMany = await admin.api('POST', '/keys', { origins: many })
    expect(tooMany.status).toBe(422)
    expect((await tooMany.json()).errors).toEqual({
      origins: `origins must be at most ${API_KEY_ORIGINS_MAX} characters in all, separated by spaces`,
    })
    expect((await (await admin.api('GET', '/keys')).json()).keys).toEqual([])
    const created = await (await admin.api('POST', '/keys', { origins: 'https://www.example.com', rate_limit: '120' })).json()
    expect(created.api_key).toMatch(/^svc_pk_/)
    const { keys, organisation } = await (await admin.api('GET', '/keys')).json()
    expect(organisation).toBe(mine.code)
    expect(keys[0]).toMatchObject({ id: created.id, origins: ['https://www.example.com'], rate_limit: 120, revoked_at: null })
    expect(JSON.stringify(keys)).not.toContain(created.api_key)

    const ads = await fetch(`${idp.issuer}/ads`, { headers: { Authorization: `Bearer ${created.api_key}` } })
    expect(ads.status).not.toBe(401)
    expect((await admin.api('DELETE', `/keys/${created.id}`)).status).toBe(204)
    expect((await fetch(`${idp.issuer}/ads`, { headers: { Authorization: `Bearer ${created.api_key}` } })).status).toBe(401)

    const marketer = await consoleUser(idp, { svcApp: mine.code, svcAccess: ['Ads:Edit'] })
    expect((await marketer.api('GET', '/keys')).status).toBe(403)
  })
})

describe('the developer portal', () => {
  it('registers clients for their developer only, showing secrets once, and rotates webhook secrets', async () => {
    const developer = await consoleUser(idp, { svcRole: 'developer' })
    const refused = await developer.api('POST', '/clients', { name: 'Shop', redirect_uris: 'not-a-uri' })
    expect(refused.status).toBe(422)
    expect(Object.keys((await refused.json()).errors)).toEqual(['redirect_uris'])

    const made = await (
      await developer.api('POST', '/clients', {
        name: 'Shop',
        redirect_uris: 'https://shop.example/callback',
        webhook_url: 'https://shop.example/hooks',
        privacy_policy_url: 'https://shop.example/privacy',
      })
    ).json()
    expect(made.client_secret).toMatch(/^sec_/)
    expect(made.webhook_secret).toBeTruthy()
    const { client_id } = made.client
    expect((await (await developer.api('GET', '/clients')).json()).clients.map((c: { client_id: string }) => c.client_id)).toEqual([
      client_id,
    ])

    // Another developer, and the CLI's clients, stay out of sight.
    await createClient(idp.db, { name: 'CLI made', redirectUris: ['https://cli.example/cb'] })
    const other = await consoleUser(idp, { svcRole: 'developer' })
    expect((await (await other.api('GET', '/clients')).json()).clients).toEqual([])
    expect((await other.api('GET', `/clients/${client_id}`)).status).toBe(404)
    const operator = await consoleUser(idp, { svcMaster: true })
    const everything = (await (await operator.api('GET', '/clients')).json()).clients.map((c: { name: string }) => c.name)
    expect(everything).toEqual(expect.arrayContaining(['Shop', 'CLI made', 'Shop App']))
    expect(everything).not.toContain('svc console')

    const endpoint = (await (await developer.api('GET', `/clients/${client_id}`)).json()).webhook_endpoints[0]
    const secrets = `/clients/${client_id}/webhook-endpoints/${endpoint.id}/secrets`
    const rotated = await (await developer.api('POST', secrets)).json()
    expect(rotated.webhook_secret).toBeTruthy()
    const detail = await (await developer.api('GET', `/clients/${client_id}`)).json()
    expect(detail.webhook_endpoints[0].secrets).toHaveLength(2)
    expect((await developer.api('DELETE', `${secrets}/${detail.webhook_endpoints[0].secrets[0].id}`)).status).toBe(200)
    const last = (await (await developer.api('GET', `/clients/${client_id}`)).json()).webhook_endpoints[0].secrets
    expect(last).toHaveLength(1)
    const refusedLast = await developer.api('DELETE', `${secrets}/${last[0].id}`)
    expect(refusedLast.status).toBe(422)

    const edit = `/clients/${client_id}/webhook-endpoints/${endpoint.id}`
    expect((await developer.api('PUT', edit, { url: 'ftp://x' })).status).toBe(422)
    expect((await (await developer.api('PUT', edit, { url: 'https://shop.example/v2' })).json()).endpoint.url).toBe('https://shop.example/v2')
  })
})

describe('the developer portal and the management API', () => {
  it("shows a developer the clients their organisation's token registered, and not another organisation's nor another developer's", async () => {
    const acme = await createOrganisation(idp.db, { name: 'Acme' })
    const other = await createOrganisation(idp.db, { name: 'Other' })
    const register = async (organisationId: number, name: string) => {
      const { secret } = await createManagementToken(idp.db, { name: 'CI', organisationId, scopes: 'clients:write', createdBy: 'cli:test' })
      const res = await managementApiCall(idp.bff.app)('/clients', secret, json('POST', { name, redirect_uris: ['https://shop.example/cb'] }))
      expect(res.status).toBe(201)
      return (await res.json()).client_id as string
    }
    const scripted = await register(acme.id, 'Shop (scripted)')
    await register(other.id, 'Other shop')
    const developer = await consoleUser(idp, { svcRole: 'developer', svcApp: acme.code })
    const colleague = await consoleUser(idp, { svcRole: 'developer', svcApp: acme.code })
    const own = (await (await colleague.api('POST', '/clients', { name: 'Colleague app', redirect_uris: 'https://c.example/cb' })).json()).client
    const names = async (user: typeof developer) =>
      (await (await user.api('GET', '/clients')).json()).clients.map((client: { name: string }) => client.name)
    expect(await names(developer)).toEqual(['Shop (scripted)'])
    expect(await names(colleague)).toEqual(['Colleague app', 'Shop (scripted)'])
    // The developer looks after it in the portal as after their own: its page, its webhook.
    expect((await developer.api('GET', `/clients/${scripted}`)).status).toBe(200)
    expect((await developer.api('POST', `/clients/${scripted}/webhook-endpoints`, { url: 'https://shop.example/hooks' })).status).toBe(201)
    expect((await developer.api('GET', `/clients/${own.client_id}`)).status).toBe(404)
    // A developer of no organisation sees none of them.
    expect(await names(await consoleUser(idp, { svcRole: 'developer' }))).toEqual([])
  })
})

describe('console API input', () => {
  it.each<[string, Record<string, unknown>, string]>([
    ['an unparseable webhook URL', { webhook_url: 'http://%%%' }, 'webhook_url'],
    ['a webhook URL without a host', { webhook_url: 'https://' }, 'webhook_url'],
    ['markup for a privacy policy URL', { privacy_policy_url: 'https://a"><script>' }, 'privacy_policy_url'],
    ['a number for the post-logout URIs', { post_logout_redirect_uris: 5 }, 'post_logout_redirect_uris'],
    ['"yes" for public', { public: 'yes' }, 'public'],
    ['a number for the name', { name: 7 }, 'name'],
    ['a webhook URL with a line break', { webhook_url: 'https://p.example/a\nb' }, 'webhook_url'],
    ['a webhook URL with credentials', { webhook_url: 'https://user:pw@p.example/' }, 'webhook_url'],
    ['a webhook URL with a fragment', { webhook_url: 'https://p.example/#frag' }, 'webhook_url'],
    ['a webhook URL of 100 KB', { webhook_url: `https://p.example/${'a'.repeat(100_000)}` }, 'webhook_url'],
    ['a redirect URI with a tab', { redirect_uris: ['https://s.example/c\tb'] }, 'redirect_uris'],
    [
      'more redirect URIs than a client may have',
      { redirect_uris: Array.from({ length: 51 }, (_, i) => `https://a.example/${i}`) },
      'redirect_uris',
    ],
  ])('refuses a client with %s, naming the field', async (_, fields, field) => {
    const developer = await consoleUser(idp, { svcRole: 'developer' })
    const refused = await developer.api('POST', '/clients', { name: 'Shop', redirect_uris: 'https://shop.example/cb', ...fields })
    expect(refused.status).toBe(422)
    expect(Object.keys((await refused.json()).errors)).toEqual([field])
  })

  it('changes a webhook URL only to one it will deliver to exactly as shown', async () => {
    const developer = await consoleUser(idp, { svcRole: 'developer' })
    const made = await (await developer.api('POST', '/clients', { name: 'Shop', redirect_uris: 'https://shop.example/cb' })).json()
    const path = `/clients/${made.client.client_id}/webhook-endpoints`
    for (const url of ['https://p.example/a b', 'https://p.example/\u0000', 'https://user:pw@p.example/', 'HTTP://%%%']) {
      const refused = await developer.api('POST', path, { url })
      expect(refused.status).toBe(422)
      expect(Object.keys((await refused.json()).errors)).toEqual(['url'])
    }
    expect((await (await developer.api('POST', path, { url: 'HTTPS://P.example/hooks' })).json()).endpoint.url).toBe('https://p.example/hooks')
    // Unknown events and a description too long are refused by field, all at once.
    const refused = await developer.api('POST', path, { url: 'https://p.example/', events: ['user.created'], description: 'x'.repeat(201) })
    expect(Object.keys((await refused.json()).errors).sort()).toEqual(['description', 'events'])
  })

  it('finds no key or webhook secret by an id that is not plain digits', async () => {
    const organisation = await createOrganisation(idp.db, { name: 'Ids' })
    const admin = await consoleUser(idp, { svcRole: 'admin', svcApp: organisation.code })
    const { id } = await (await admin.api('POST', '/keys', { origins: 'https://www.example.com' })).json()
    for (const malformed of [`${id}.0`, `0x${id.toString(16)}`, `+${id}`, `${id}e0`]) {
      expect((await admin.api('DELETE', `/keys/${encodeURIComponent(malformed)}`)).status).toBe(404)
    }
    expect((await admin.api('DELETE', `/keys/${id}`)).status).toBe(204)
    const developer = await consoleUser(idp, { svcRole: 'developer' })
    const made = await (
      await developer.api('POST', '/clients', {
        name: 'Shop',
        redirect_uris: 'https://shop.example/cb',
        webhook_url: 'https://shop.example/h',
      })
    ).json()
    const endpoint = (await (await developer.api('GET', `/clients/${made.client.client_id}`)).json()).webhook_endpoints[0].id
    expect((await developer.api('DELETE', `/clients/${made.client.client_id}/webhook-endpoints/${endpoint}/secrets/abc`)).status).toBe(404)
    expect((await developer.api('DELETE', `/clients/${made.client.client_id}/webhook-endpoints/ep_none`)).status).toBe(404)
  })

  it('keeps a redirect URI given twice once', async () => {
    const developer = await consoleUser(idp, { svcRole: 'developer' })
    const uri = 'https://shop.example/cb'
    const made = await (await developer.api('POST', '/clients', { name: 'Shop', redirect_uris: [uri, uri] })).json()
    expect(made.client.redirect_uris).toEqual([uri])
  })

  it.each([[[5]], [true], ['12x'], [1.5]])('refuses an API key whose rate_limit is %j', async (rateLimit) => {
    const organisation = await createOrganisation(idp.db, { name: 'Limits' })
    const admin = await consoleUser(idp, { svcRole: 'admin', svcApp: organisation.code })
    const refused = await admin.api('POST', '/keys', { origins: 'https://www.example.com', rate_limit: rateLimit })
    expect(refused.status).toBe(422)
    expect(Object.keys((await refused.json()).errors)).toEqual(['rate_limit'])
  })
})

describe('signing keys in the console', () => {
  it('shows an operator the keys with their ages and states, and rotates safely or, labelled, at once; nobody else', async () => {
    const operator = await consoleUser(idp, { svcMaster: true })
    const before = await (await operator.api('GET', '/signing-keys')).json()
    expect(before.key_set_cache_seconds).toBe(21600)
    expect(before.keys[0]).toMatchObject({ state: 'signing', age_days: 0 })
    const rotated = await operator.api('POST', '/signing-keys/rotate')
    expect(rotated.status).toBe(201)
    const { kid, signs_from } = await rotated.json()
    expect(Date.parse(signs_from) - Date.now()).toBeGreaterThan(6 * 3600_000 - 60_000)
    const states = async () =>
      (await (await operator.api('GET', '/signing-keys')).json()).keys.map((key: { kid: string; state: string }) => [key.kid, key.state])
    expect(await states()).toEqual([
      [kid, 'next'],
      [before.keys[0].kid, 'signing'],
    ])
    // A second rotation while that key waits names it and makes no other.
    const again = await operator.api('POST', '/signing-keys/rotate')
    expect(again.status).toBe(200)
    expect(await again.json()).toEqual({ kid, signs_from, created: false })
    idp.advance(6 * 3600)
    expect(await states()).toEqual([
      [kid, 'signing'],
      [before.keys[0].kid, 'retired'],
    ])
    expect((await operator.api('POST', '/signing-keys/rotate', { emergency: 'yes' })).status).toBe(400)
    const emergency = await (await operator.api('POST', '/signing-keys/rotate', { emergency: true })).json()
    // Every earlier key is withdrawn, the leaked one first of all.
    expect(await states()).toEqual([
      [emergency.kid, 'signing'],
      [kid, 'withdrawn'],
      [before.keys[0].kid, 'withdrawn'],
    ])
    const jwks = await (await fetch(`${idp.issuer}/.well-known/jwks.json`)).json()
    expect(jwks.keys.map((key: { kid: string }) => key.kid)).toEqual([emergency.kid])
    const developer = await consoleUser(idp, { svcRole: 'developer' })
    expect((await developer.api('POST', '/signing-keys/rotate')).status).toBe(403)
  })
})

describe('the account page', () => {
  it('lists the apps a user connected, revokes one (account.consent_revoked), and deletes the account', async () => {
    const user = await consoleUser(idp)
    // The user connects the Shop app (the fixture's confidential client).
    const shop = new ScriptedBrowser()
    await shop.authorize(
      `${idp.issuer}/oidc/authorize?${new URLSearchParams({ client_id: idp.confidential.clientId, redirect_uri: 'http://127.0.0.1:3000/callback', response_type: 'code', scope: 'openid email' })}`,
      { email: user.email, password: 'console password' },
    )
    const account = await (await user.api('GET', '/account')).json()
    expect(account.profile.email).toBe(user.email)
    expect(account.apps.map((app: { client_id: string; scopes: string[] }) => [app.client_id, app.scopes])).toEqual([
      [idp.confidential.clientId, ['openid', 'email']],
    ])
    expect((await user.api('DELETE', `/account/apps/${idp.confidential.clientId}`, undefined, { csrf: false })).status).toBe(403)
    expect((await user.api('DELETE', `/account/apps/${idp.confidential.clientId}`)).status).toBe(204)
    expect((await idp.events()).map((event) => event.name)).toContain('account.consent_revoked')
    expect((await (await user.api('GET', '/account')).json()).apps).toEqual([])
    expect((await user.api('DELETE', `/account/apps/${idp.confidential.clientId}`)).status).toBe(404)

    const wrong = await user.api('POST', '/account/delete', { confirm: 'someone@else.example' })
    expect(wrong.status).toBe(422)
    expect((await user.api('POST', '/account/delete', { confirm: user.email })).status).toBe(200)
    expect((await idp.events()).at(-1)!.name).toBe('account.deleted')
    expect((await user.api('GET', '/account')).status).toBe(401)
    // Where the page goes next: signed out, naming nobody, with a way onward.
    const gone = await user.browser.request(`${idp.issuer}/console/account-deleted`)
    expect(gone.status).toBe(200)
    const page = await gone.text()
    expect(page).toContain('<h1>Account deleted</h1>')
    expect(page).toContain('<a href="/console/account">Sign in with another account</a>')
    expect(page).not.toContain(user.email)
    expect(page).not.toContain('Sign out')
    // In the language of the account page the visitor came from.
    const german = await user.browser.request(`${idp.issuer}/console/account-deleted`, { headers: { 'Accept-Language': 'de-DE,de;q=0.9' } })
    const germanPage = await german.text()
    expect(germanPage).toContain('<html lang="de">')
    expect(germanPage).toContain('<h1>Konto gelöscht</h1>')
    expect(germanPage).toContain('<a href="/console/account">Mit einem anderen Konto anmelden</a>')
  })

  it('sends someone signed in from the account-deleted page to their account', async () => {
    const user = await consoleUser(idp, {}, '/console/account')
    const signedIn = await user.browser.request(`${idp.issuer}/console/account-deleted`)
    expect(signedIn.status).toBe(303)
    expect(signedIn.headers.get('Location')).toBe('/console/account')
  })
})

describe('console sessions and links', () => {
  it('takes the roles from the account on every request, so a demotion or deletion bites at once', async () => {
    const operator = await consoleUser(idp, { svcMaster: true })
    expect((await operator.api('GET', '/signing-keys')).status).toBe(200)
    await idp.db.updateTable('users').set({ svc_master: 0 }).where('email', '=', operator.email).execute()
    expect((await operator.api('GET', '/signing-keys')).status).toBe(403)
    await idp.db.deleteFrom('users').where('email', '=', operator.email).execute()
    expect((await operator.api('GET', '/account')).status).toBe(401)
  })

  it('starts a link only from a POST carrying the CSRF token', async () => {
    const { addExternalProvider } = await import('../accounts/account-links.js')
    await addExternalProvider(idp.db, {
      slug: 'partner',
      name: 'Partner',
      issuer: 'https://id.partner.example',
      clientId: 'c',
      clientSecret: 's',
    })
    const user = await consoleUser(idp)
    // A GET (a link from another site) starts nothing: it is only the console's page.
    const followed = await user.browser.request(`${idp.issuer}/console/link/partner`)
    expect(followed.headers.get('Location')).toBeNull()
    const forged = await user.browser.request(`${idp.issuer}/console/link/partner`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'csrf=forged',
    })
    expect(forged.status).toBe(303)
    expect(decodeURIComponent(forged.headers.get('Location')!)).toContain('The link form expired')
  })
})
