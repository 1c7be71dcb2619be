import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import SQLite from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import { sqliteDataVersion } from './sqlite-data-version.js'

/** A WAL database file with one table, and a second connection to it (another process, as SQLite sees it). */
function fileWithTwoConnections() {
  const path = join(mkdtempSync(join(tmpdir(), 'svc-data-version-')), 'svc.db')
  const own = new SQLite(path)
  own.pragma('journal_mode = WAL')
  own.exec('create table notes (text)')
  const other = new SQLite(path)
  opened.push(own, other)
  return { path, own, other }
}
const opened: SQLite.Database[] = []
afterEach(() => {
  for (const connection of opened.splice(0)) connection.close()
})

describe('SQLite data version', () => {
  it("moves for another connection's commit while the stamp is asked without pause, once the write is reported", async () => {
    const { path, own, other } = fileWithTwoConnections()
    let clock = 0
    const version = sqliteDataVersion(own, path, () => clock)
    const first = version.read()
    // Half a millisecond apart: never idle, so only the file system's notice can make it read.
    clock += 0.5
    expect(version.read()).toBe(first)
    other.prepare("insert into notes values ('revoked')").run()
    await expect
      .poll(() => {
        clock += 0.5
        return version.read()
      })
      .toBeGreaterThan(first)
    version.close()
  })

  it('moves for a commit made during a pause, before any notice is taken', () => {
    const { path, own, other } = fileWithTwoConnections()
    let clock = 0
    const version = sqliteDataVersion(own, path, () => clock)
    const first = version.read()
    other.prepare("insert into notes values ('revoked')").run()
    clock += 2
    expect(version.read()).toBeGreaterThan(first)
    version.close()
  })

  it('stays put while only its own connection writes', () => {
    const { path, own } = fileWithTwoConnections()
    let clock = 0
    const version = sqliteDataVersion(own, path, () => clock)
    const first = version.read()
    own.prepare("insert into notes values ('own')").run()
    clock += 5
    expect(version.read()).toBe(first)
    version.close()
  })
})
