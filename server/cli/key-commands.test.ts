import { beforeEach, describe, expect, it } from 'vitest'
import { openDatabase } from '../db/open-database.js'
import { listeningBff } from '../testing/publisher.js'
import { migratedDatabaseFile, runCliOn, tableCells } from '../testing/cli-runner.js'

let dbPath: string
beforeEach(async () => {
  dbPath = await migratedDatabaseFile('svc-keys-')
})

const cli = (...argv: string[]) => runCliOn(dbPath, argv)
const json = async (...argv: string[]) => {
  const result = await cli(...argv, '--json')
  return { ...result, body: JSON.parse(result.stdout) }
}

describe('svc-bff key create, key list and key revoke', () => {
  it('prints each key id at creation and lists the keys by it, newest first, never the key itself', async () => {
    const org = await json('org', 'create', '--name', 'Acme')
    const created = await json('key', 'create', '--org', org.body.code, '--origin', 'https://acme.example', '--rate-limit', '50')
    expect(created.body).toEqual({ api_key: expect.stringMatching(/^svc_pk_/), id: expect.any(Number) })
    expect((await cli('key', 'create', '--org', org.body.code)).stdout).toMatch(/^API key \d+ for ORG\d+, shown once/)

    const listed = await json('key', 'list', '--org', org.body.code)
    expect(listed.exitCode).toBe(0)
    expect(listed.body.organisation).toBe(org.body.code)
    expect(listed.body.keys).toHaveLength(3)
    expect(listed.body.keys[1]).toEqual({
      id: created.body.id,
      key_prefix: created.body.api_key.slice(0, 11),
      origins: ['https://acme.example'],
      rate_limit: 50,
      permissions: ['read_ads'],
      created_at: expect.any(String),
      revoked_at: null,
    })
    expect(listed.stdout).not.toContain(created.body.api_key)
    const text = await cli('key', 'list', '--org', org.body.code)
    const table = tableCells(text.stdout)
    expect(table[0]).toEqual(['ID', 'KEY', 'STATE', 'PERMISSIONS', 'RATE LIMIT', 'ORIGINS'])
    expect(table).toContainEqual([
      String(created.body.id),
      `${created.body.api_key.slice(0, 11)}…`,
      'live',
      'read_ads',
      '50/min',
      'https://acme.example',
    ])
  })

  it('refuses an unknown organisation, and a missing --org', async () => {
    expect((await json('key', 'list', '--org', 'ORG0000000000')).body).toEqual({
      error: { message: 'no organisation has the code ORG0000000000', exit_code: 1 },
    })
    expect((await json('key', 'list')).body.error).toEqual({ message: '--org is required', exit_code: 2 })
  })

  it('revokes a key so the running server refuses it from its next request on', async () => {
    const org = await json('org', 'create', '--name', 'Acme')
    await json('ad', 'create', '--org', org.body.code, '--title', 'Sale', '--display', 'Home')
    const key = await json('key', 'create', '--org', org.body.code)
    const db = await openDatabase({ sqlitePath: dbPath })
    const bff = await listeningBff({ db })
    try {
      const ads = () => bff.request('/ads/home', { headers: { Authorization: `Bearer ${key.body.api_key}` } })
      expect((await ads()).status).toBe(200)
      // Twice, so the server answers from the grant it keeps.
      expect((await ads()).status).toBe(200)

      const revoked = await json('key', 'revoke', String(key.body.id))
      expect(revoked.exitCode).toBe(0)
      expect(revoked.body).toEqual({
        revoked: { id: key.body.id, organisation: org.body.code, revoked_at: expect.any(String), already: false },
      })
      expect((await ads()).status).toBe(401)
      // The organisation's first key still works.
      expect((await bff.request('/ads/home', { headers: { Authorization: `Bearer ${org.body.api_key}` } })).status).toBe(200)
    } finally {
      await bff.close()
      await db.destroy()
    }

    const again = await json('key', 'revoke', String(key.body.id))
    expect(again.exitCode).toBe(0)
    expect(again.body.revoked).toMatchObject({ already: true })
    const listed = await json('key', 'list', '--org', org.body.code)
    expect(listed.body.keys[0]).toMatchObject({ id: key.body.id, revoked_at: again.body.revoked.revoked_at })
    expect(listed.body.keys[1]).toMatchObject({ revoked_at: null })
  })

  it.each([
    [['key', 'revoke', '999'], 1, "no API key has the id 999; key list --org CODE shows an organisation's keys"],
    [['key', 'revoke', 'svc_pk_abcd'], 2, `the key id must be an integer from 1 to ${Number.MAX_SAFE_INTEGER}`],
    [['key', 'revoke'], 2, 'name the key to revoke by its id: key revoke ID (key list --org CODE shows the ids)'],
  ])('refuses %j with exit %i', async (argv, exitCode, message) => {
    const result = await json(...argv)
    expect(result.exitCode).toBe(exitCode)
    expect(result.body).toEqual({ error: { message, exit_code: exitCode } })
    expect(result.stderr).toBe(`svc-bff: ${message}`)
  })
})
