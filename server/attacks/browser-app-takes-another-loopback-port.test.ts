/**
 * Attack: a browser app registered as a public client on
 * `http://127.0.0.1:3000/callback` also had its codes sent to any other
 * port of 127.0.0.1, because the loopback any-port rule of RFC 8252 §7.3
 * applied to every public client. Whatever else listens on that machine (a
 * second dev server, a tool with a web UI, a page another program opened)
 * could start a sign-in as that app and receive the person's code. RFC 8252
 * gives the exception to native apps only: clients now have an application
 * type, `web` by default and `native` on request (`client create --native`,
 * the portal's form), and only native clients' loopback URIs take any port.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { clientByClientId, createClient } from '../clients/clients.js'
import * as migration0018 from '../db/migrations/0018_client_application_type.js'
import { consoleUser } from '../testing/console-user.js'
import { runCliOn } from '../testing/cli-runner.js'
import { CALLBACK, type IdentityFixture, identityFixture, pkcePair, ScriptedBrowser } from '../testing/identity-fixture.js'

let idp: IdentityFixture
beforeEach(async () => {
  idp = await identityFixture()
})
afterEach(() => idp.close())

const OTHER_PORT = 'http://127.0.0.1:4000/callback'

function authorizeUrl(clientId: string, redirectUri: string): string {
  return `${idp.issuer}/oidc/authorize?${new URLSearchParams({
    client_id: clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'openid',
    state: 'st',
    code_challenge: pkcePair().challenge,
    code_challenge_method: 'S256',
  })}`
}

describe("a public browser app's loopback redirect URI", () => {
  it('sends no code to another port, and says why', async () => {
    // A public client registered as a browser app on 127.0.0.1:3000 (web, the default).
    const res = await fetch(authorizeUrl(idp.publicClient.clientId, OTHER_PORT), { redirect: 'manual' })
    expect(res.status).toBe(400)
    expect(res.headers.get('Location')).toBeNull()
    const page = await res.text()
    expect(page).toContain('its port is 4000 where the registered &quot;http://127.0.0.1:3000/callback&quot; has 3000')
    expect(page).toContain('any port is accepted only for native clients')
    const own = await new ScriptedBrowser().authorize(authorizeUrl(idp.publicClient.clientId, CALLBACK))
    expect(own.origin + own.pathname).toBe(CALLBACK)
  })

  it('takes any port for a client registered as native in the portal', async () => {
    const developer = await consoleUser(idp, { svcRole: 'developer' })
    const made = await developer.api('POST', '/clients', {
      name: 'Desktop App',
      public: true,
      application_type: 'native',
      redirect_uris: ['http://127.0.0.1/callback'],
    })
    expect(made.status).toBe(201)
    const { client } = await made.json()
    expect(client.application_type).toBe('native')
    const callback = await new ScriptedBrowser().authorize(authorizeUrl(client.client_id, OTHER_PORT))
    expect(callback.origin + callback.pathname).toBe(OTHER_PORT)
    // An edit that does not mention the type keeps it.
    const renamed = await developer.api('PUT', `/clients/${client.client_id}`, {
      name: 'Desktop App 2',
      redirect_uris: client.redirect_uris,
    })
    expect((await renamed.json()).client.application_type).toBe('native')

    const refused = await developer.api('POST', '/clients', { name: 'App', application_type: 'desktop', redirect_uris: [CALLBACK] })
    expect(refused.status).toBe(422)
    expect((await refused.json()).errors.application_type).toBe('application_type must be web or native')
  })

  it('registers a native client with client create --native', async () => {
    const dbPath = join(mkdtempSync(join(tmpdir(), 'svc-attack-')), 'svc.db')
    const args = ['client', 'create', '--name', 'Desktop', '--public', '--redirect-uri', 'http://127.0.0.1/callback', '--json']
    expect(JSON.parse((await runCliOn(dbPath, [...args, '--native'])).stdout)).toMatchObject({ application_type: 'native' })
    expect(JSON.parse((await runCliOn(dbPath, args)).stdout)).toMatchObject({ application_type: 'web' })
  })

  it('keeps existing public loopback clients working as native, and the rest web, when migrating', async () => {
    const desktop = await createClient(idp.db, { name: 'Desktop', public: true, redirectUris: ['http://[::1]/callback'] })
    const spa = await createClient(idp.db, { name: 'SPA', public: true, redirectUris: ['https://spa.example/cb'] })
    await migration0018.down(idp.db)
    await migration0018.up(idp.db)
    const typeOf = async (clientId: string) => (await clientByClientId(idp.db, clientId))!.application_type
    expect(await typeOf(desktop.clientId)).toBe('native')
    expect(await typeOf(idp.publicClient.clientId)).toBe('native')
    expect(await typeOf(spa.clientId)).toBe('web')
    expect(await typeOf(idp.confidential.clientId)).toBe('web')
  })
})
