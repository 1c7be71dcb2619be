/**
 * @module Runs `svc-bff` in process on one database file, as the CLI tests
 * do, and gives back what a person would see: the exit code and the
 * printed lines.
 */
import { runCli } from '../cli/run-cli.js'

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
