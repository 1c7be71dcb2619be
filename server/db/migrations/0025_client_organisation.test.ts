import { describe, expect, it } from 'vitest'
import { type MigrationTestDatabase, migrationTestDatabase } from '../../testing/migration-test-database.js'

/** The last migration before clients had an organisation. */
const OLDER = '0024_management_tokens'

/**
 * Clients as an older svc registered them (by a developer of Acme, by an
 * operator with no organisation, by the CLI), in 0024's schema: the
 * database is taken back down to it, which runs 0025's `down` too.
 */
async function writeAsAnOlderSvc({ db, migrateTo }: MigrationTestDatabase) {
  await migrateTo(OLDER)
  const now = '2026-01-05T10:00:00.000Z'
  await db.insertInto('organisations').values({ code: 'ORG0000000001', name: 'Acme', origins: '[]', created_at: now }).execute()
  const user = { email_verified: 1, password_hash: 'x', svc_access: '[]', svc_master: 0, svc_role: null, svc_links: '[]', created_at: now, updated_at: now }
  await db
    .insertInto('users')
    .values([
      { ...user, sub: 'developer', email: 'dev@acme.example', name: 'Dev', svc_app: 'ORG0000000001' },
      { ...user, sub: 'operator', email: 'op@svc.example', name: 'Op', svc_app: null },
    ])
    .execute()
  const client = { secret_hash: null, redirect_uris: '[]', post_logout_redirect_uris: '[]', scopes: '["openid"]', webhook_url: null, privacy_policy_url: null, terms_of_service_url: null, created_at: now }
  await db
    .insertInto('clients')
    .values([
      { ...client, client_id: 'cli_developer', name: 'Shop', owner_sub: 'developer' },
      { ...client, client_id: 'cli_operator', name: 'Tool', owner_sub: 'operator' },
      { ...client, client_id: 'cli_cli', name: 'Batch', owner_sub: null },
    ])
    .execute()
}

describe('migration 0025 on a database an older svc wrote', () => {
  it("gives each client its developer's organisation, and none to the others", async () => {
    const older = await migrationTestDatabase('0025')
    const { db } = older
    try {
      await writeAsAnOlderSvc(older)
      await older.migrateToLatest()
      const rows = await db.selectFrom('clients').select(['client_id', 'organisation_id']).orderBy('client_id').execute()
      const acme = await db.selectFrom('organisations').select('id').executeTakeFirstOrThrow()
      expect(rows).toEqual([
        { client_id: 'cli_cli', organisation_id: null },
        { client_id: 'cli_developer', organisation_id: acme.id },
        { client_id: 'cli_operator', organisation_id: null },
      ])
    } finally {
      await older.close()
    }
  })
})
