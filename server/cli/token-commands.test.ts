import { beforeEach, describe, expect, it } from 'vitest'
import { migratedDatabaseFile, runCliOn } from '../testing/cli-runner.js'

let dbPath: string
beforeEach(async () => {
  dbPath = await migratedDatabaseFile('svc-tokens-')
})

const cli = (...argv: string[]) => runCliOn(dbPath, argv)
const json = async (...argv: string[]) => {
  const result = await cli(...argv, '--json')
  return { ...result, body: JSON.parse(result.stdout) }
}

describe('svc-bff token create, token list and token revoke', () => {
  it('prints the token once, lists tokens in aligned columns without it, and revokes by id, each in the audit log', async () => {
    const org = await json('org', 'create', '--name', 'Acme')
    const made = await json(
      'token',
      'create',
      '--org',
      org.body.code,
      '--scopes',
      'ads:write,keys:read',
      '--name',
      'CMS',
      '--expires-days',
      '30',
    )
    expect(made.body).toEqual({ id: expect.any(Number), token: expect.stringMatching(/^svc_mt_[A-Za-z0-9_-]{43}$/) })

    const shown = await cli('token', 'create', '--operator', '--scopes', 'ads:read')
    expect(shown.exitCode).toBe(0)
    expect(shown.stdout).toMatch(/operator-wide/)
    expect(shown.stdout).toMatch(/shown only once/)
    expect(shown.stdout).toMatch(/^svc_mt_/m)

    const listed = await cli('token', 'list')
    const lines = listed.stdout.split('\n')
    expect(lines[0]).toMatch(/^ID\s+NAME\s+TOKEN\s+ORGANISATION\s+SCOPES\s+STATE\s+EXPIRES\s+LAST USED$/)
    expect(lines).toHaveLength(3)
    // Aligned: every row's scopes start in the header's SCOPES column.
    const scopesColumn = lines[0]!.indexOf('SCOPES')
    expect(lines[2]!.slice(scopesColumn)).toMatch(/^ads:write,keys:read\s/)
    expect(lines[2]).toContain(org.body.code)
    expect(lines[1]).toContain('every (operator)')
    expect(lines[1]).toMatch(/\slive\s/)
    expect(listed.stdout).not.toContain(made.body.token)

    const revoked = await json('token', 'revoke', String(made.body.id))
    expect(revoked.body.revoked).toMatchObject({ id: made.body.id, organisation: org.body.code, already: false })
    expect((await json('token', 'revoke', String(made.body.id))).body.revoked.already).toBe(true)
    const tokens = (await json('token', 'list', '--org', org.body.code)).body.tokens
    expect(tokens).toEqual([expect.objectContaining({ id: made.body.id, state: 'revoked', scopes: ['ads:write', 'keys:read'] })])

    const audit = (await json('audit', 'list', '--action', 'token.')).body.events
    expect(audit.map((event: { action: string }) => event.action)).toEqual(['token.revoked', 'token.created', 'token.created'])
    expect(JSON.stringify(audit)).not.toContain(made.body.token)
  })

  it('refuses a token without an organisation or scopes, with an unknown scope, or for an unknown organisation', async () => {
    expect((await cli('token', 'create', '--scopes', 'ads:read')).stderr).toMatch(
      /--org CODE, or make an operator-wide token with --operator/,
    )
    expect((await cli('token', 'create', '--operator')).stderr).toMatch(/--scopes is required/)
    const unknownScope = await cli('token', 'create', '--operator', '--scopes', 'ads:delete')
    expect(unknownScope.exitCode).not.toBe(0)
    expect(unknownScope.stderr).toMatch(/unknown scope ads:delete/)
    expect((await cli('token', 'create', '--org', 'ORG0000000000', '--scopes', 'ads:read')).stderr).toMatch(/ORG0000000000/)
    expect((await cli('token', 'revoke', '99')).stderr).toMatch(/no management token has the id 99/)
  })
})
