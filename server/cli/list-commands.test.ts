import { beforeEach, describe, expect, it } from 'vitest'
import { migratedDatabaseFile, runCliOn, tableCells } from '../testing/cli-runner.js'

let dbPath: string
beforeEach(async () => {
  dbPath = await migratedDatabaseFile('svc-lists-')
})

const cli = (...argv: string[]) => runCliOn(dbPath, argv)
async function json(...argv: string[]) {
  const result = await cli(...argv, '--json')
  return { ...result, body: JSON.parse(result.stdout) }
}

describe('svc-bff org list and client list', () => {
  it('says how to start on an empty database', async () => {
    expect((await cli('org', 'list')).stdout).toBe('No organisations yet; create one with org create --name N.')
    expect((await json('client', 'list')).body).toEqual({ clients: [] })
    expect((await cli('client', 'list')).stdout).toBe('No clients yet; register one with client create.')
    expect((await cli('user', 'list')).stdout).toBe('No people yet; add one with user invite --email E (or user create).')
    expect((await cli('provider', 'list')).stdout).toBe('No sign-in providers yet; add one with provider add.')
    expect((await cli('webhooks', 'list')).stdout).toBe('No webhook deliveries yet.')
    expect((await cli('ad', 'list')).stdout).toBe('No ads yet; create one with ad create.')
  })

  it('lists the organisations by name with their origins', async () => {
    const zeta = (await json('org', 'create', '--name', 'Zeta', '--origin', 'https://zeta.example')).body.code
    const acme = (await json('org', 'create', '--name', 'Acme')).body.code
    const listed = await json('org', 'list')
    expect(listed.body.organisations).toEqual([
      { code: acme, name: 'Acme', origins: [], created_at: expect.any(String), archived_at: null },
      { code: zeta, name: 'Zeta', origins: ['https://zeta.example'], created_at: expect.any(String), archived_at: null },
    ])
    expect(tableCells((await cli('org', 'list')).stdout)).toEqual([
      ['CODE', 'NAME', 'STATE', 'ORIGINS'],
      [acme, 'Acme', 'active', 'any origin'],
      [zeta, 'Zeta', 'active', 'https://zeta.example'],
    ])
  })

  it('archives and unarchives an organisation, which org list shows as archived meanwhile', async () => {
    const acme = (await json('org', 'create', '--name', 'Acme')).body.code
    const archived = await json('org', 'archive', acme)
    expect(archived.exitCode).toBe(0)
    expect(archived.body.organisation).toEqual({ code: acme, name: 'Acme', archived_at: expect.stringMatching(/^\d{4}-/) })
    const at = archived.body.organisation.archived_at
    expect((await json('org', 'list')).body.organisations[0].archived_at).toBe(at)
    expect(tableCells((await cli('org', 'list')).stdout)[1]).toEqual([acme, 'Acme', `archived ${at}`, 'any origin'])
    // Archiving again keeps the first date.
    expect((await json('org', 'archive', acme)).body.organisation.archived_at).toBe(at)
    expect((await cli('org', 'unarchive', acme)).stdout).toBe(
      `Unarchived ${acme} (Acme): its API keys answer and its published ads are served again.`,
    )
    expect((await json('org', 'list')).body.organisations[0].archived_at).toBeNull()
    const unknown = await cli('org', 'archive', 'ORG000')
    expect(unknown.exitCode).not.toBe(0)
    expect(unknown.stderr + unknown.stdout).toContain('no organisation has the code ORG000')
  })

  it('lists the clients oldest first, never a secret', async () => {
    const shop = await json(
      'client',
      'create',
      '--name',
      'Shop',
      '--redirect-uri',
      'https://shop.example/cb',
      '--webhook-url',
      'https://shop.example/hook',
    )
    const app = await json('client', 'create', '--name', 'App', '--redirect-uri', 'http://127.0.0.1/cb', '--public', '--native')
    const listed = await json('client', 'list')
    expect(listed.body.clients).toEqual([
      {
        client_id: shop.body.client_id,
        name: 'Shop',
        public: false,
        application_type: 'web',
        first_party: false,
        redirect_uris: ['https://shop.example/cb'],
        scopes: ['openid', 'profile', 'email'],
        webhook_endpoints: [{ id: expect.stringMatching(/^ep_/), url: 'https://shop.example/hook', events: ['*'], enabled: true }],
        created_at: expect.any(String),
      },
      expect.objectContaining({ client_id: app.body.client_id, public: true, application_type: 'native' }),
    ])
    expect(listed.stdout).not.toContain(shop.body.client_secret)
    expect(listed.stdout).not.toContain(shop.body.webhook_secret)
    const table = tableCells((await cli('client', 'list')).stdout)
    expect([table[0], table[2]]).toEqual([
      ['CLIENT ID', 'NAME', 'TYPE', 'REDIRECT URIS'],
      [app.body.client_id, 'App', 'public native', 'http://127.0.0.1/cb'],
    ])
  })
})
