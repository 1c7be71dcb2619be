/**
 * @module Registering a client's back-channel logout URL in the developer
 * portal (through the console API) and with `svc-bff client create`: the
 * rule of OpenID Connect Back-Channel Logout §2.2 and the webhook
 * sender's address guard, kept on an edit that leaves it out.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { openDatabase } from '../db/open-database.js'
import { runCliOn } from '../testing/cli-runner.js'
import { consoleUser } from '../testing/console-user.js'
import { CALLBACK, type IdentityFixture, identityFixture } from '../testing/identity-fixture.js'

let idp: IdentityFixture | undefined
afterEach(async () => {
  await idp?.close()
  idp = undefined
})

const LOGOUT = 'https://shop.example/backchannel-logout'

describe('a back-channel logout URL in the developer portal', () => {
  it('is registered with its sid requirement, kept by an edit that leaves it out, and removed when emptied', async () => {
    idp = await identityFixture()
    const developer = await consoleUser(idp, { svcRole: 'developer' })
    const made = await developer.api('POST', '/clients', {
      name: 'Shop',
      redirect_uris: CALLBACK,
      backchannel_logout_uri: LOGOUT,
      backchannel_logout_session_required: true,
    })
    expect(made.status).toBe(201)
    const { client } = await made.json()
    expect(client).toMatchObject({ backchannel_logout_uri: LOGOUT, backchannel_logout_session_required: true })
    const path = `/clients/${client.client_id}`
    const edit = { name: 'Shop shop', redirect_uris: CALLBACK, post_logout_redirect_uris: '' }
    expect((await (await developer.api('PUT', path, edit)).json()).client).toMatchObject({
      name: 'Shop shop',
      backchannel_logout_uri: LOGOUT,
      backchannel_logout_session_required: true,
    })
    const emptied = await developer.api('PUT', path, { ...edit, backchannel_logout_uri: '', backchannel_logout_session_required: false })
    expect((await emptied.json()).client).toMatchObject({ backchannel_logout_uri: null, backchannel_logout_session_required: false })
  })

  it.each([
    ['http://shop.example/logout', 'may use http only on loopback'],
    ['https://shop.example/logout#here', 'must not have a fragment'],
    ['/logout', 'must be an http or https URL'],
    ['http://127.0.0.1:9/logout', 'must reach a public address'],
    ['https://10.1.2.3/logout', 'must reach a public address'],
  ])('refuses %s, saying why', async (uri, why) => {
    idp = await identityFixture()
    const developer = await consoleUser(idp, { svcRole: 'developer' })
    const refused = await developer.api('POST', '/clients', { name: 'Shop', redirect_uris: CALLBACK, backchannel_logout_uri: uri })
    expect(refused.status).toBe(422)
    const { errors } = await refused.json()
    expect(Object.keys(errors)).toEqual(['backchannel_logout_uri'])
    expect(errors.backchannel_logout_uri).toContain(why)
  })

  it('takes a loopback URL when the server allows private webhook targets (development)', async () => {
    idp = await identityFixture({ webhookAllowPrivate: true })
    const developer = await consoleUser(idp, { svcRole: 'developer' })
    const made = await developer.api('POST', '/clients', {
      name: 'Shop',
      redirect_uris: CALLBACK,
      backchannel_logout_uri: 'http://localhost:3000/logout',
    })
    expect(made.status).toBe(201)
    expect((await made.json()).client.backchannel_logout_uri).toBe('http://localhost:3000/logout')
  })
})

describe('svc-bff client create --backchannel-logout-uri', () => {
  const dbPath = () => join(mkdtempSync(join(tmpdir(), 'svc-bcl-')), 'svc.db')

  it('registers it, and warns of an address the sender would refuse as it does for webhooks', async () => {
    const path = dbPath()
    const made = await runCliOn(path, [
      'client',
      'create',
      '--name',
      'Shop',
      '--redirect-uri',
      CALLBACK,
      '--backchannel-logout-uri',
      'http://127.0.0.1:4000/logout',
      '--backchannel-logout-session-required',
      '--json',
    ])
    expect(made.exitCode).toBe(0)
    expect(made.stderr).toMatch(/warning: --backchannel-logout-uri must reach a public address.*SVC_WEBHOOK_ALLOW_PRIVATE=1/)
    const { client_id } = JSON.parse(made.stdout)
    const db = await openDatabase({ sqlitePath: path })
    try {
      const row = await db
        .selectFrom('clients')
        .select(['backchannel_logout_uri', 'backchannel_logout_session_required'])
        .where('client_id', '=', client_id)
        .executeTakeFirstOrThrow()
      expect(row).toEqual({ backchannel_logout_uri: 'http://127.0.0.1:4000/logout', backchannel_logout_session_required: 1 })
    } finally {
      await db.destroy()
    }
  })

  it('refuses plain http off loopback with one sentence', async () => {
    const refused = await runCliOn(dbPath(), [
      'client',
      'create',
      '--name',
      'Shop',
      '--redirect-uri',
      CALLBACK,
      '--backchannel-logout-uri',
      'http://shop.example/logout',
    ])
    expect(refused.exitCode).toBe(1)
    expect(refused.stderr).toContain('backchannel_logout_uri may use http only on loopback')
  })
})
