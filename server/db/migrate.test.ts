import { existsSync, mkdtempSync, readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import SQLite from 'better-sqlite3'
import { Kysely, type Migration, Migrator, SqliteDialect } from 'kysely'
import { describe, expect, it } from 'vitest'
import { runCliOn } from '../testing/cli-runner.js'
import { migrationNames, migrationStatus } from './migrate.js'
import * as migrationModules from './migrations/index.js'
import { openDatabase } from './open-database.js'

/** The last migration of the build before 0019 (an earlier commit's schema). */
const OLDER = '0018_client_application_type'

/** A SQLite file as the svc of an earlier commit left it: migrated up to `OLDER`, with rows written in that schema. */
async function databaseOfAnOlderSvc(): Promise<string> {
  const path = join(mkdtempSync(join(tmpdir(), 'svc-upgrade-')), 'svc.db')
  const db = new Kysely<any>({ dialect: new SqliteDialect({ database: new SQLite(path) }) })
  const migrations: Record<string, Migration> = Object.fromEntries(
    Object.entries(migrationModules).map(([exportName, migration]) => [exportName.replace(/^m/, ''), migration]),
  )
  const { error } = await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateTo(OLDER)
  expect(error).toBeUndefined()
  const now = '2026-01-05T10:00:00.000Z'
  await db.insertInto('organisations').values({ code: 'acme', name: 'Acme', origins: '["https://acme.example"]', created_at: now }).execute()
  const user = { password_hash: 'x', svc_access: '[]', svc_master: 0, svc_role: null, created_at: now, updated_at: now }
  await db
    .insertInto('users')
    .values([
      { ...user, sub: 'sub-confirmed', email: 'ada@acme.example', email_verified: 1, name: 'Ada', svc_links: '["acme"]' },
      { ...user, sub: 'sub-unconfirmed', email: 'eve@acme.example', email_verified: 0, name: 'Eve', svc_links: '["acme"]' },
    ])
    .execute()
  await db.destroy()
  return path
}

describe('upgrading a database an older svc wrote', () => {
  it("serve's migration path copies the file beside itself first, then migrates, and the rows survive", async () => {
    const path = await databaseOfAnOlderSvc()
    const db = await openDatabase({ sqlitePath: path }, { backupBeforeMigrating: true })
    try {
      const status = await migrationStatus(db)
      expect(status.pending).toEqual([])
      expect(status.applied.map((migration) => migration.name)).toEqual(migrationNames)
      expect(await db.selectFrom('organisations').select(['code', 'name', 'origins']).execute()).toEqual([
        { code: 'acme', name: 'Acme', origins: '["https://acme.example"]' },
      ])
      // 0019 ran on the old rows: an unconfirmed account loses the organisations it claimed.
      expect(await db.selectFrom('users').select(['email', 'svc_links']).orderBy('email').execute()).toEqual([
        { email: 'ada@acme.example', svc_links: '["acme"]' },
        { email: 'eve@acme.example', svc_links: '[]' },
      ])
    } finally {
      await db.destroy()
    }
    const backups = readdirSync(join(path, '..')).filter((name) => name.startsWith('svc.db.before-'))
    expect(backups).toHaveLength(1)
    expect(backups[0]).toMatch(/^svc\.db\.before-0019-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ$/)
    // The copy is the older svc's database, which that svc can still open.
    const copy = new SQLite(join(path, '..', backups[0]!), { readonly: true })
    try {
      expect(copy.prepare('select name from kysely_migration order by name desc limit 1').pluck().get()).toBe(OLDER)
      expect(copy.prepare("select svc_links from users where email = 'eve@acme.example'").pluck().get()).toBe('["acme"]')
    } finally {
      copy.close()
    }
  })

  it('takes no backup of a new database, nor of one already up to date', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'svc-upgrade-'))
    const path = join(folder, 'svc.db')
    await (await openDatabase({ sqlitePath: path }, { backupBeforeMigrating: true })).destroy()
    await (await openDatabase({ sqlitePath: path }, { backupBeforeMigrating: true })).destroy()
    expect(readdirSync(folder).filter((name) => name.includes('.before-'))).toEqual([])
  })

  it('lists the applied and pending migrations without applying any (migrate --status)', async () => {
    const path = await databaseOfAnOlderSvc()
    const text = await runCliOn(path, ['migrate', '--status'])
    expect(text.exitCode).toBe(0)
    expect(text.stdout).toContain(`Applied (${migrationNames.indexOf(OLDER) + 1}):`)
    expect(text.stdout).toMatch(new RegExp(`  ${OLDER} +\\d{4}-\\d\\d-\\d\\dT`))
    const pending = migrationNames.slice(migrationNames.indexOf(OLDER) + 1)
    expect(text.stdout).toContain(`Pending (${pending.length}):\n  ${pending.join('\n  ')}`)
    const json = await runCliOn(path, ['migrate', '--status', '--json'])
    const status = JSON.parse(json.stdout)
    expect(status.pending).toEqual(pending)
    expect(status.applied.at(-1)).toMatchObject({ name: OLDER, applied_at: expect.stringMatching(/^\d{4}-/) })
    expect(status.unknown).toEqual([])
    // Still pending: the status changed nothing, and took no backup.
    expect(JSON.parse((await runCliOn(path, ['migrate', '--status', '--json'])).stdout).pending).toEqual(pending)
    expect(readdirSync(join(path, '..')).filter((name) => name.includes('.before-'))).toEqual([])

    const missing = join(mkdtempSync(join(tmpdir(), 'svc-upgrade-')), 'none.db')
    expect(await runCliOn(missing, ['migrate', '--status'])).toMatchObject({
      exitCode: 1,
      stderr: `svc-bff: no SQLite database at ${missing}; name it with --db PATH (serve creates it)`,
    })
    expect(existsSync(missing)).toBe(false)
    expect((await runCliOn(path, ['migrate'])).exitCode).toBe(2)
  })
})

describe('a database a newer svc migrated', () => {
  it('is refused by serve and every command with one sentence and exit code 1, and named by migrate --status', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'svc-newer-')), 'svc.db')
    await (await openDatabase({ sqlitePath: path })).destroy()
    const sqlite = new SQLite(path)
    sqlite.prepare("insert into kysely_migration (name, timestamp) values ('0099_from_the_future', '2027-03-01T00:00:00.000Z')").run()
    sqlite.close()
    const sentence =
      'svc-bff: the database was migrated by a newer svc (it records migration 0099_from_the_future, which this svc does not know); ' +
      'run that newer svc, or restore the backup taken before the upgrade'
    for (const argv of [
      ['serve', '--port', '0'],
      ['org', 'create', '--name', 'Acme'],
    ]) {
      const result = await runCliOn(path, argv)
      expect(result).toEqual({ exitCode: 1, stdout: '', stderr: sentence })
    }
    const status = JSON.parse((await runCliOn(path, ['migrate', '--status', '--json'])).stdout)
    expect(status).toMatchObject({ pending: [], unknown: ['0099_from_the_future'] })
    expect((await runCliOn(path, ['migrate', '--status'])).stdout).toContain('This svc will not start on it: the database was migrated by a newer svc')
  })
})
