/**
 * @module Runs `svc-bff` in process on one database file, as the CLI tests
 * do, and gives back what a person would see: the exit code and the
 * printed lines.
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { runCli } from '../cli/run-cli.js'
import { workerSqliteImage } from '../db/test-sqlite-image.js'

export interface CliResult {
  exitCode: number
  stdout: string
  stderr: string
}

/**
 * Runs `svc-bff ARGV… --db DB_PATH` with `env` as its environment.
 *
 * @example
 * const { exitCode, stdout } = await runCliOn(dbPath, ['org', 'create', '--name', 'Acme'])
 */
export async function runCliOn(dbPath: string, argv: string[], env: Record<string, string> = {}): Promise<CliResult> {
  const stdout: string[] = []
  const stderr: string[] = []
  const exitCode = await runCli([...argv, '--db', dbPath], { stdout: (t) => stdout.push(t), stderr: (t) => stderr.push(t), env })
  return { exitCode, stdout: stdout.join('\n'), stderr: stderr.join('\n') }
}

/**
 * A list command's table as a person reads it: its lines, each split into
 * cells where three or more spaces separate the columns. Each column must
 * start at the same place on every line, or this fails the test: the
 * table is aligned, not only separated.
 *
 * @example
 * expect(tableCells(stdout)[0]).toEqual(['CODE', 'NAME', 'STATE', 'ORIGINS'])
 */
export function tableCells(stdout: string): string[][] {
  const lines = stdout.split('\n')
  const starts = (line: string) => [...line.matchAll(/(?:^| {3,})(\S)/g)].map((match) => match.index + match[0].length - 1)
  const header = starts(lines[0]!)
  for (const line of lines.slice(1)) {
    const columns = starts(line)
    // A later column may be empty only at a line's end; every column present starts under its header.
    if (!columns.every((at, index) => at === header[index])) throw new Error(`not aligned under the header:\n${lines[0]}\n${line}`)
  }
  return lines.map((line) => line.split(/ {3,}/))
}

/**
 * A new database file (`svc.db` in a folder of its own, named from
 * `prefix`) already migrated: a copy of the worker's migrated image, with
 * no secret key, so the first command to open it makes the key file beside
 * it as for a file it creates. Migrating a new file cost each test about
 * 55 ms of CPU; the copy costs a few. Tests of what happens to a file that
 * does not exist yet, or to migrations, start from a bare path instead.
 *
 * @example
 * beforeEach(async () => void (dbPath = await migratedDatabaseFile('svc-lists-')))
 */
export async function migratedDatabaseFile(prefix = 'svc-cli-'): Promise<string> {
  const path = join(mkdtempSync(join(tmpdir(), prefix)), 'svc.db')
  writeFileSync(path, await workerSqliteImage())
  return path
}
