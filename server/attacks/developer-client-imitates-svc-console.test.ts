/**
 * Attack: a developer account registers an OpenID client named "svc
 * console". Every new client was registered for every scope, `svc.access`
 * and `offline_access` included, so its consent page read like svc's own
 * console asking for the person's svc permissions, and a yes gave it
 * svc's claims and a refresh token. Now a client registered without an
 * operator's grant gets `openid profile email`, and names that pass for
 * svc's own applications (case, spaces and punctuation ignored) are
 * refused, in the portal, when a client is renamed, and on the command line.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { clientByClientId } from '../clients/clients.js'
import { scopesOf } from '../clients/client-row.js'
import { branding } from '../branding.js'
import { openDatabase } from '../db/open-database.js'
import { consoleUser, type ConsoleUser } from '../testing/console-user.js'
import { runCliOn } from '../testing/cli-runner.js'
import { CALLBACK, type IdentityFixture, identityFixture, ScriptedBrowser } from '../testing/identity-fixture.js'

let idp: IdentityFixture
let developer: ConsoleUser
beforeEach(async () => {
  idp = await identityFixture()
  developer = await consoleUser(idp, { svcRole: 'developer' })
})
afterEach(() => idp.close())

const IMITATIONS = ['svc console', 'SVC Console', '  Svc    Console ', 'svc-console', 'SVC', 'ｓｖｃ ｃｏｎｓｏｌｅ']

describe("a developer's client passing for svc's own", () => {
  it.each(IMITATIONS)('refuses the name %j in the portal, saying why', async (name) => {
    const refused = await developer.api('POST', '/clients', { name, redirect_uris: [CALLBACK] })
    expect(refused.status).toBe(422)
    const { errors } = await refused.json()
    expect(errors.name).toContain("is reserved for svc's own applications")
    expect((await (await developer.api('GET', '/clients')).json()).clients).toEqual([])
  })

  it('refuses renaming a registered client to svc console', async () => {
    const made = await (await developer.api('POST', '/clients', { name: 'Shop', redirect_uris: [CALLBACK] })).json()
    const renamed = await developer.api('PUT', `/clients/${made.client.client_id}`, { name: 'SVC Console', redirect_uris: [CALLBACK] })
    expect(renamed.status).toBe(422)
    expect((await renamed.json()).errors.name).toContain("is reserved for svc's own applications")
  })

  it("refuses a branded deployment's product name the same way", async () => {
    await idp.close()
    idp = await identityFixture({ branding: branding({ name: 'Acme ID', color: '#cc0000' }) })
    const acmeDeveloper = await consoleUser(idp, { svcRole: 'developer' })
    const refused = await acmeDeveloper.api('POST', '/clients', { name: 'ACME ID Console', redirect_uris: [CALLBACK] })
    expect(refused.status).toBe(422)
    expect((await refused.json()).errors.name).toContain("is reserved for svc's own applications")
    const dbPath = join(mkdtempSync(join(tmpdir(), 'svc-attack-')), 'svc.db')
    const cli = await runCliOn(dbPath, ['client', 'create', '--name', 'acme id', '--redirect-uri', CALLBACK], { SVC_BRAND_NAME: 'Acme ID' })
    expect(cli.stderr).toContain("is reserved for svc's own applications")
  })

  it('refuses it on the command line too', async () => {
    const dbPath = join(mkdtempSync(join(tmpdir(), 'svc-attack-')), 'svc.db')
    const result = await runCliOn(dbPath, ['client', 'create', '--name', 'SVC Console', '--redirect-uri', CALLBACK])
    expect(result.exitCode).not.toBe(0)
    expect(result.stderr).toContain("is reserved for svc's own applications")
  })

  it('gives a portal-registered client openid profile email only: no svc claims, no refresh token', async () => {
    const made = await (await developer.api('POST', '/clients', { name: 'Console Look-alike', redirect_uris: [CALLBACK] })).json()
    const clientId: string = made.client.client_id
    const authorize = (scope: string) =>
      new ScriptedBrowser().authorize(
        `${idp.issuer}/oidc/authorize?${new URLSearchParams({ client_id: clientId, redirect_uri: CALLBACK, response_type: 'code', scope })}`,
      )
    for (const scope of ['svc.access', 'offline_access']) {
      const refused = await authorize(`openid email ${scope}`)
      expect(refused.searchParams.get('error')).toBe('invalid_scope')
      expect(refused.searchParams.get('error_description')).toContain(scope)
    }
    const callback = await authorize('openid profile email')
    const res = await fetch(`${idp.issuer}/oidc/token`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Authorization: `Basic ${Buffer.from(`${clientId}:${made.client_secret}`).toString('base64')}`,
      },
      body: new URLSearchParams({ grant_type: 'authorization_code', code: callback.searchParams.get('code')!, redirect_uri: CALLBACK }),
    })
    const tokens = await res.json()
    expect(tokens.scope).toBe('openid profile email')
    expect(tokens.refresh_token).toBeUndefined()
    const claims = await (
      await fetch(`${idp.issuer}/oidc/userinfo`, { headers: { Authorization: `Bearer ${tokens.access_token}` } })
    ).json()
    expect(claims.email).toBe('ada@example.com')
    expect(Object.keys(claims).filter((claim) => claim.startsWith('svc.'))).toEqual([])
  })

  it('lets an operator grant more on the command line, and only there', async () => {
    const dbPath = join(mkdtempSync(join(tmpdir(), 'svc-attack-')), 'svc.db')
    const plain = JSON.parse((await runCliOn(dbPath, ['client', 'create', '--name', 'Shop', '--redirect-uri', CALLBACK, '--json'])).stdout)
    const granted = JSON.parse(
      (
        await runCliOn(dbPath, [
          'client',
          'create',
          '--name',
          'Back office',
          '--redirect-uri',
          CALLBACK,
          '--scopes',
          'openid,offline_access,svc.access',
          '--json',
        ])
      ).stdout,
    )
    const db = await openDatabase({ sqlitePath: dbPath })
    try {
      expect(scopesOf((await clientByClientId(db, plain.client_id))!)).toEqual(['openid', 'profile', 'email'])
      expect(scopesOf((await clientByClientId(db, granted.client_id))!)).toEqual(['openid', 'offline_access', 'svc.access'])
    } finally {
      await db.destroy()
    }
  })
})
