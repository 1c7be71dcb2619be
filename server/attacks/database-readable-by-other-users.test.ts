/**
 * Attack: another user of the machine reads `data/svc.db`. It holds the
 * RSA private keys, the console client secret, the form-signing keys,
 * webhook and external-provider secrets and tokens, and SQLite made it
 * (with its `-wal` and `-shm`, and backups) 0644 under the usual umask.
 * Driven through the real CLI (`svc-bff serve`, `svc-bff backup`) started
 * with umask 022: the folder must come out 0700 and every file 0600, and
 * `serve` must say which existing files others may read and how to fix it.
 */
import { spawnSync } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, mkdtempSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import SQLite from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import { type RunningBff, startServe, svcBffCommand } from '../../e2e/bff-process.js'
import { openDatabase } from '../db/open-database.js'

const root = fileURLToPath(new URL('../..', import.meta.url))
/** `svc-bff` as a shell would start it under the common umask 022. */
const CLI = ['/bin/sh', '-c', 'umask 022 && exec "$@"', 'sh', ...svcBffCommand()]
const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8)

let running: RunningBff | undefined
afterEach(async () => {
  await running?.stop()
  running = undefined
})

describe('the database files', () => {
  it(
    'are private to svc: serve makes the data folder 0700 and the database, its -wal and -shm and the demo credentials 0600',
    { timeout: 60_000 },
    async () => {
      const folder = join(mkdtempSync(join(tmpdir(), 'svc-private-')), 'data')
      const db = join(folder, 'svc.db')
      running = await startServe(CLI, ['--db', db, '--demo'], { cwd: root })
      expect((await fetch(`${running.origin}/readyz`)).status).toBe(200)
      expect(existsSync(`${db}-wal`) && existsSync(`${db}-shm`)).toBe(true)
      expect({
        folder: modeOf(folder),
        database: modeOf(db),
        wal: modeOf(`${db}-wal`),
        shm: modeOf(`${db}-shm`),
        credentials: modeOf(join(folder, 'demo-credentials.json')),
      }).toEqual({ folder: '700', database: '600', wal: '600', shm: '600', credentials: '600' })
      expect(running.stderr()).not.toContain('other users may read')
    },
  )

  it('are private in a backup: backup --to writes a 0600 copy', { timeout: 60_000 }, async () => {
    const folder = mkdtempSync(join(tmpdir(), 'svc-private-'))
    const db = join(folder, 'data', 'svc.db')
    running = await startServe(CLI, ['--db', db], { cwd: root })
    const to = join(folder, 'svc-backup.db')
    const [command, ...args] = CLI
    const backup = spawnSync(command!, [...args, 'backup', '--db', db, '--to', to, '--json'], { cwd: root, encoding: 'utf8' })
    expect(JSON.parse(backup.stdout)).toMatchObject({ backup: to })
    expect(modeOf(to)).toBe('600')
    // A second backup to the same name is still refused, and leaves the first alone.
    const again = spawnSync(command!, [...args, 'backup', '--db', db, '--to', to, '--json'], { cwd: root, encoding: 'utf8' })
    expect(JSON.parse(again.stdout).error.message).toBe(`${to} already exists; backups never overwrite a file`)
    expect(statSync(to).size).toBeGreaterThan(0)
  })

  it("give SQLite's rollback journal the database file's mode, 0600, whatever the umask", async () => {
    const db = join(mkdtempSync(join(tmpdir(), 'svc-private-')), 'data', 'svc.db')
    const previous = process.umask(0o022)
    try {
      await (await openDatabase({ sqlitePath: db })).destroy()
      const sqlite = new SQLite(db)
      sqlite.pragma('journal_mode = DELETE')
      sqlite.exec('begin immediate')
      sqlite.prepare("insert into settings (name, value) values ('journal-test', 'x')").run()
      const journal = modeOf(`${db}-journal`)
      sqlite.exec('rollback')
      sqlite.close()
      expect(journal).toBe('600')
    } finally {
      process.umask(previous)
    }
  })

  it(
    'serve warns in one line, naming the files others may read and the chmod to run, when they exist already',
    { timeout: 60_000 },
    async () => {
      const folder = join(mkdtempSync(join(tmpdir(), 'svc-private-')), 'data')
      const db = join(folder, 'svc.db')
      // As an older svc, or a copy, left them.
      mkdirSync(folder, { mode: 0o755 })
      chmodSync(folder, 0o755)
      writeFileSync(db, '')
      chmodSync(db, 0o644)
      running = await startServe(CLI, ['--db', db], { cwd: root })
      const warnings = running
        .stderr()
        .split('\n')
        .filter((line) => line.includes('other users may read'))
        .map((line) => JSON.parse(line) as { level: string; message: string })
      expect(warnings).toHaveLength(1)
      expect(warnings[0]!.level).toBe('warn')
      expect(warnings[0]!.message).toContain(`${folder} (mode 0755)`)
      expect(warnings[0]!.message).toContain(`${db} (mode 0644)`)
      expect(warnings[0]!.message).toContain(`run: chmod 700 ${folder} && chmod 600 ${db} ${db}-wal ${db}-shm`)
      // It warns and serves; it does not change the operator's files behind their back.
      expect((await fetch(`${running.origin}/readyz`)).status).toBe(200)
      expect(modeOf(db)).toBe('644')
    },
  )
})
