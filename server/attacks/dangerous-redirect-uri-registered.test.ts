/**
 * Attack: a developer (or whoever holds a developer's console session)
 * registers redirect URIs that are no place to send a code: `vbscript:`,
 * `file:`, `blob:`, `https://*` (which then became "any https site" in the
 * One Tap and button frames' `frame-ancestors`), a `;` in the host (which
 * ends the CSP directive and starts another), plain http to a public host.
 * Every registration path refuses them, naming the rule; one stored before
 * the rules is never matched and never reaches a frame-ancestors list.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { runCli } from '../cli/run-cli.js'
import { createClient } from '../clients/clients.js'
import { consoleUser } from '../testing/console-user.js'
import { type IdentityFixture, identityFixture } from '../testing/identity-fixture.js'

let idp: IdentityFixture
beforeEach(async () => {
  idp = await identityFixture()
})
afterEach(() => idp.close())

const REFUSED: [string, string][] = [
  ['vbscript:msgbox(1)', 'must not use the vbscript: scheme'],
  ['javascript:alert(1)//', 'must not use the javascript: scheme'],
  ['data:text/html,<script>alert(1)</script>', 'must not use the data: scheme'],
  ['file:///etc/passwd', 'must not use the file: scheme'],
  ['blob:https://shop.example/0b1c', 'must not use the blob: scheme'],
  ['https://*', 'must not contain a wildcard'],
  ['https://*.shop.example/cb', 'must not contain a wildcard'],
  ['https://shop.example;frame-ancestors/cb', 'is not a domain name or an IP address'],
  ["https://shop.example'/cb", 'is not a domain name or an IP address'],
  ['http://shop.example/cb', 'may use http only on loopback'],
  ['http://127.0.0.2/cb', 'may use http only on loopback'],
  ['https://shop.example/cb#frag', 'must not have a fragment'],
  ['https://SHOP.example/cb', 'must be written as the URL parser writes it: https://shop.example/cb'],
  ['https://shop.example:443', 'must be written as the URL parser writes it: https://shop.example/'],
  ['myapp://callback', "neither https nor an app's reverse-domain scheme"],
  ['ftp://shop.example/cb', "neither https nor an app's reverse-domain scheme"],
]
const ACCEPTED = [
  'https://shop.example/cb',
  // An empty path is the same page as "/" (stored so).
  'https://shop.example',
  'https://shop.example:8443/cb?tenant=1',
  'http://127.0.0.1/callback',
  'http://[::1]:8080/callback',
  'http://localhost:3000/callback',
  'com.example.app:/oauth2redirect',
]

describe('registering a dangerous redirect URI', () => {
  it.each(REFUSED)('refuses %s in the repository, naming the rule', async (uri, rule) => {
    await expect(createClient(idp.db, { name: 'Evil', redirectUris: [uri] })).rejects.toThrow(rule)
    await expect(
      createClient(idp.db, { name: 'Evil', redirectUris: ['https://ok.example/cb'], postLogoutRedirectUris: [uri] }),
    ).rejects.toThrow(rule)
  })

  it('refuses them in the console developer API with the field and the rule', async () => {
    const developer = await consoleUser(idp, { svcRole: 'developer' })
    for (const [uri, rule] of REFUSED) {
      const refused = await developer.api('POST', '/clients', { name: 'Evil', redirect_uris: [uri] })
      expect(refused.status).toBe(422)
      const { errors } = await refused.json()
      expect(Object.keys(errors)).toEqual(['redirect_uris'])
      expect(Object.values(errors).join(' ')).toContain(rule)
    }
  })

  it('refuses them on the command line', async () => {
    const dbPath = join(mkdtempSync(join(tmpdir(), 'svc-attack-')), 'svc.db')
    for (const [uri, rule] of REFUSED.slice(0, 8)) {
      const stderr: string[] = []
      const code = await runCli(['client', 'create', '--name', 'Evil', '--redirect-uri', uri, '--db', dbPath], {
        stdout: () => {},
        stderr: (text) => stderr.push(text),
        env: {},
      })
      expect(code).not.toBe(0)
      expect(stderr.join('\n')).toContain(rule)
    }
  })

  it('accepts https, http on loopback and localhost, and an app’s reverse-domain scheme', async () => {
    await expect(createClient(idp.db, { name: 'Fine', redirectUris: ACCEPTED, postLogoutRedirectUris: ACCEPTED })).resolves.toBeTruthy()
  })

  it('never matches a stored one and keeps it out of frame-ancestors', async () => {
    // Stored before the rules existed.
    const { clientId } = await createClient(idp.db, { name: 'Old', redirectUris: ['https://shop.example/cb'] })
    const stored = ['https://*', 'https://shop.example;script-src *', 'vbscript:msgbox(1)', 'https://shop.example/cb']
    await idp.db
      .updateTable('clients')
      .set({ redirect_uris: JSON.stringify(stored) })
      .where('client_id', '=', clientId)
      .execute()
    for (const origin of ['https://shop.example', 'https://*', 'https://evil.example']) {
      const res = await fetch(`${idp.issuer}/oidc/onetap?${new URLSearchParams({ client_id: clientId, origin })}`)
      const policy = res.headers.get('Content-Security-Policy')!
      expect(policy).toMatch(/frame-ancestors https:\/\/shop\.example$/)
      expect(policy).not.toContain('*')
      expect(policy.split(';').filter((directive) => directive.trim().startsWith('script-src'))).toHaveLength(1)
    }
    for (const uri of ['https://*', 'vbscript:msgbox(1)']) {
      const res = await fetch(
        `${idp.issuer}/oidc/authorize?${new URLSearchParams({ client_id: clientId, redirect_uri: uri, response_type: 'code', scope: 'openid' })}`,
        { redirect: 'manual' },
      )
      expect(res.status).toBe(400)
      expect(res.headers.get('Location')).toBeNull()
    }
  })
})
