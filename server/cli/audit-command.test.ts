/** @module Tests of the audit log from the command line: what each family of commands records, and `audit list` and `audit prune`. */
import { userInfo } from 'node:os'
import { beforeEach, describe, expect, it } from 'vitest'
import { migratedDatabaseFile, runCliOn, tableCells } from '../testing/cli-runner.js'
import { recordAuditEvent } from '../audit/audit-events.js'
import { openDatabase } from '../db/open-database.js'

let dbPath: string
beforeEach(async () => {
  dbPath = await migratedDatabaseFile('svc-audit-')
})

const cli = (...argv: string[]) => runCliOn(dbPath, argv)
async function json(...argv: string[]) {
  const result = await cli(...argv, '--json')
  return { ...result, body: JSON.parse(result.stdout) }
}
const audit = async (...filters: string[]) => (await json('audit', 'list', ...filters)).body.events as Record<string, any>[]
const cliActor = { kind: 'cli', code: userInfo().username, email: null }

describe('the audit log of svc-bff commands', () => {
  it('records organisations and keys with the OS user as actor, and a refused or repeated revocation writes nothing', async () => {
    const org = (await json('org', 'create', '--name', 'Acme', '--origin', 'https://acme.example')).body.code
    const key = (await json('key', 'create', '--org', org, '--rate-limit', '120')).body.id
    expect((await cli('key', 'revoke', String(key))).exitCode).toBe(0)
    expect((await cli('key', 'revoke', String(key))).exitCode).toBe(0)
    expect((await cli('key', 'revoke', '999')).exitCode).toBe(1)
    expect((await cli('key', 'create', '--org', 'ORG0000000000')).exitCode).toBe(1)

    const events = await audit()
    expect(events.map((e) => e.action)).toEqual(['api_key.revoked', 'api_key.created', 'api_key.created', 'organisation.created'])
    expect(events.every((e) => JSON.stringify(e.actor) === JSON.stringify(cliActor) && e.organisation === org)).toBe(true)
    expect(events[3]).toMatchObject({
      target: { kind: 'organisation', code: org, name: 'Acme' },
      detail: { origins: ['https://acme.example'] },
    })
    expect(events[1]).toMatchObject({
      target: { kind: 'api_key', code: String(key), name: expect.stringMatching(/^svc_pk_[\w-]{4}…$/) },
      detail: { origins: ['https://acme.example'], rate_limit: 120, permissions: ['read_ads'] },
    })
    // Neither key appears in the log.
    expect(JSON.stringify(events)).not.toMatch(/svc_pk_[\w-]{10}/)
  })

  it("records people's creation, role changes and removal with before and after, and not a refused demotion", async () => {
    const org = (await json('org', 'create', '--name', 'Acme')).body.code
    await cli('user', 'create', '--email', 'ops@example.com', '--name', 'Ops', '--password', 'a long password', '--svc-master')
    await cli(
      'user',
      'create',
      '--email',
      'grace@example.com',
      '--name',
      'Grace',
      '--password',
      'a long password',
      '--svc-app',
      org,
      '--svc-role',
      'marketer',
    )
    await cli('user', 'update', '--email', 'grace@example.com', '--role', 'admin')
    await cli('user', 'update', '--email', 'grace@example.com', '--role', 'admin')
    await cli('user', 'update', '--email', 'grace@example.com', '--name', 'Grace Hopper')
    expect((await cli('user', 'update', '--email', 'ops@example.com', '--no-operator')).exitCode).toBe(1)
    await cli('user', 'delete', '--email', 'grace@example.com')

    const events = await audit('--action', 'person')
    expect(events.map((e) => [e.action, e.target.name])).toEqual([
      ['person.removed', 'grace@example.com'],
      ['person.updated', 'grace@example.com'],
      ['person.role_changed', 'grace@example.com'],
      ['person.created', 'grace@example.com'],
      ['person.created', 'ops@example.com'],
    ])
    expect(events[2]).toMatchObject({
      actor: cliActor,
      organisation: org,
      detail: { before: { roles: ['marketer'] }, after: { roles: ['admin'] } },
    })
    expect(events[1]!.detail).toEqual({ before: { name: 'Grace' }, after: { name: 'Grace Hopper' } })
    expect(events[4]!.detail).toEqual({ name: 'Ops', roles: ['operator'], organisation: null })
    expect(JSON.stringify(events)).not.toContain('a long password')
  })

  it('records clients, webhook secrets and signing key rotations, never a secret', async () => {
    const made = await json(
      'client',
      'create',
      '--name',
      'Shop',
      '--redirect-uri',
      'https://shop.example/cb',
      '--webhook-url',
      'https://shop.example/hook',
    )
    const clientId = made.body.client_id
    const added = (await json('client', 'secret', 'add', '--client', clientId)).body
    await cli('client', 'secret', 'remove', '--client', clientId)
    expect((await cli('client', 'secret', 'add', '--client', 'cli_unknown')).exitCode).toBe(1)
    await cli('keys', 'rotate')
    const kid = (await json('keys', 'rotate')).body.kid
    // A next key waits already: this rotation changes nothing, and records nothing.
    expect((await json('keys', 'rotate')).body).toMatchObject({ kid, created: false })

    const events = await audit()
    expect(events.map((e) => e.action)).toEqual([
      'signing_key.rotated',
      'signing_key.rotated',
      'webhook.secret_removed',
      'webhook.secret_added',
      'webhook.endpoint_added',
      'client.created',
    ])
    expect(events[0]).toMatchObject({ target: { kind: 'signing_key', code: kid }, detail: { emergency: false } })
    expect(events[3]).toMatchObject({ target: { kind: 'client', code: clientId, name: 'Shop' }, detail: { id: added.id } })
    expect(events[4]!.detail).toMatchObject({ url: 'https://shop.example/hook', events: ['*'] })
    expect(events[5]!.detail).toMatchObject({ public: false, redirect_uris: ['https://shop.example/cb'] })
    const log = JSON.stringify(events)
    for (const secret of [made.body.client_secret, made.body.webhook_secret, added.webhook_secret]) expect(log).not.toContain(secret)
  })

  it('lists with filters, as text and JSON, a page at a time, and prunes what is older than a date', async () => {
    const acme = (await json('org', 'create', '--name', 'Acme')).body.code
    const zeta = (await json('org', 'create', '--name', 'Zeta')).body.code
    await json('key', 'create', '--org', zeta)

    expect((await audit('--org', acme)).map((e) => e.action)).toEqual(['api_key.created', 'organisation.created'])
    expect((await audit('--action', 'organisation.')).map((e) => e.organisation)).toEqual([zeta, acme])
    expect(await audit('--actor', 'nobody@example.com')).toEqual([])
    expect(await audit('--actor', 'cli')).toHaveLength(5)
    expect(await audit('--since', '2999-01-01')).toEqual([])

    const first = await json('audit', 'list', '--limit', '2')
    expect(first.body.events.map((e: any) => e.action)).toEqual(['api_key.created', 'api_key.created'])
    const rest = await json('audit', 'list', '--before', String(first.body.next_before))
    expect([rest.body.events.length, rest.body.next_before]).toEqual([3, null])

    const text = await cli('audit', 'list', '--org', zeta, '--limit', '1')
    const [table, more] = [text.stdout.split('\n').slice(0, -1).join('\n'), text.stdout.split('\n').at(-1)]
    expect(tableCells(table)).toEqual([
      ['WHEN', 'WHO', 'ACTION', 'TARGET', 'ORGANISATION', 'DETAILS'],
      [
        expect.stringMatching(/^\d{4}-\d\d-\d\dT[\d:.]+Z$/),
        `cli:${userInfo().username}`,
        'api_key.created',
        expect.stringMatching(/^api_key svc_pk_[\w-]{4}… \(id \d+\)$/),
        `Zeta (${zeta})`,
        'rate_limit=600; permissions=read_ads',
      ],
    ])
    expect(more).toMatch(/^More: add --before \d+$/)
    // A change's details read key=value in the console's words: an organisation by its name beside its code, never JSON.
    await cli('user', 'create', '--email', 'grace@example.com', '--name', 'Grace', '--password', 'a long password')
    await cli('user', 'update', '--email', 'grace@example.com', '--role', 'marketer', '--org', acme)
    const change = tableCells((await cli('audit', 'list', '--action', 'person.role_changed')).stdout)[1]!
    expect(change.at(-1)).toBe(`roles=none → marketer; organisation=— → Acme (${acme})`)
    expect((await cli('audit', 'list')).stdout).not.toMatch(/[{}]/)
    expect((await cli('audit', 'list', '--org', 'ORG0000000000')).stdout).toBe('No audit events match these filters.')
    expect(await cli('audit', 'list', '--since', 'yesterday')).toMatchObject({
      exitCode: 2,
      stderr: expect.stringContaining('--since must be a date'),
    })

    expect((await json('audit', 'prune', '--before', '2999-01-01')).body).toEqual({ removed: 7, before: '2999-01-01T00:00:00.000Z' })
    expect(await audit()).toEqual([
      expect.objectContaining({ action: 'audit.pruned', detail: { before: '2999-01-01T00:00:00.000Z', removed: 7 } }),
    ])
  })

  it("prints a token's expiry as ISO 8601, as every other time, and names the token that acted", async () => {
    const org = (await json('org', 'create', '--name', 'Acme')).body.code
    const made = (await json('token', 'create', '--org', org, '--scopes', 'ads:write', '--name', 'CMS import', '--expires-days', '30')).body
    const [row] = tableCells((await cli('audit', 'list', '--action', 'token.')).stdout).slice(1)
    const expiresAt = (await audit('--action', 'token.'))[0]!.detail.expires_at as string
    expect(expiresAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
    expect(row!.at(-1)).toBe(`scopes=ads:write; expires_at=${expiresAt}`)

    // A change the token made: the log names the token by id and name.
    const db = await openDatabase({ sqlitePath: dbPath })
    try {
      await recordAuditEvent(db, { actor: { kind: 'token', id: made.id }, action: 'ad.created', target: { kind: 'ad', code: 'ADS1' } })
    } finally {
      await db.destroy()
    }
    const [byToken] = tableCells((await cli('audit', 'list', '--action', 'ad.')).stdout).slice(1)
    expect(byToken![1]).toBe(`token:${made.id} (CMS import)`)
  })
})
