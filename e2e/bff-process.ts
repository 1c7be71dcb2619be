/**
 * @module Starts the BFF as its own process (`svc-bff serve --json`) for
 * tests that cross processes, and stops it.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { createServer } from 'node:net'
import type { AddressInfo } from 'node:net'
import { createInterface } from 'node:readline'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { runCli } from '../server/cli/run-cli.js'
import { TEST_ONLY_SETTINGS } from '../server/settings.js'
import { TEST_ONLY_PRIVATE_JWK } from '../server/testing/test-signing-key.js'
import { SERVER_BUNDLE_VARIABLE } from './built-server.global.js'

export interface RunningBff {
  process: ChildProcess
  /** `http://127.0.0.1:PORT`, where it listens. */
  origin: string
  /** What `serve --json` printed. */
  started: { url: string; port: number; database: string; demo_api_key?: string }
  /** What it has logged so far. */
  stderr(): string
  /** Sends SIGTERM and resolves with the exit code. */
  stop(): Promise<number | null>
}

const root = fileURLToPath(new URL('..', import.meta.url))

/**
 * Spawns `svc-bff serve --port 0 --json` with extra arguments and waits until it listens.
 *
 * @example
 * const bff = await startBff(['--db', path, '--demo'])
 */
export async function startBff(args: string[], env: Record<string, string> = {}): Promise<RunningBff> {
  return startServe(svcBffCommand(), args, { cwd: root, env })
}

/**
 * The command that starts `svc-bff` from this checkout, run from the
 * repository's root: the bundle the test run made when there is one
 * (Vitest), the TypeScript through tsx otherwise (a script run alone).
 *
 * @example
 * spawn(svcBffCommand()[0], [...svcBffCommand().slice(1), 'version'], { cwd: root })
 */
export function svcBffCommand(): string[] {
  const bundle = process.env[SERVER_BUNDLE_VARIABLE]
  return bundle ? [process.execPath, bundle] : [process.execPath, '--import', 'tsx', 'server/cli.ts']
}

/**
 * What every server a test starts is given beside the test's own
 * variables: the tests' pre-generated signing key, which a database without
 * one starts signing with instead of generating an RSA key at the first
 * sign-in (about 0.3 s of a core each); rotations still make new keys. A test
 * passes `SVC_TEST_ONLY_SIGNING_KEY: ''` to have its server make its own.
 */
const TEST_PROCESS_ENV = { [TEST_ONLY_SETTINGS.signingKey.env]: JSON.stringify(TEST_ONLY_PRIVATE_JWK) }

/**
 * Spawns `EXECUTABLE… serve --port 0 --json ARGS…` (the packed package's or the single binary's `svc-bff`) and waits until it listens.
 *
 * @example
 * const bff = await startServe(['./svc-bff'], ['--db', 'svc.db'], { cwd: folder })
 */
export async function startServe(
  executable: string[],
  args: string[],
  { cwd, env = {} }: { cwd: string; env?: Record<string, string> },
): Promise<RunningBff> {
  const [command, ...leading] = executable
  const child = spawn(command!, [...profiling(command!), ...leading, 'serve', '--port', '0', '--json', ...args], {
    cwd,
    env: { ...process.env, ...TEST_PROCESS_ENV, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stderr = ''
  child.stderr!.on('data', (chunk) => (stderr += chunk))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const firstLine = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve)
    void exited.then((code) => reject(new Error(`svc-bff exited with ${code} before listening: ${stderr}`)))
  })
  const started = JSON.parse(firstLine) as RunningBff['started'] | { error: { message: string } }
  if ('error' in started) {
    await exited
    throw new Error(started.error.message)
  }
  return {
    process: child,
    origin: `http://127.0.0.1:${started.port}`,
    started,
    stderr: () => stderr,
    stop: () => {
      child.kill('SIGTERM')
      return exited
    },
  }
}

/**
 * V8's `--cpu-prof` for a server started with Node when the run is
 * profiled (`SVC_TEST_CPU_PROFILE`, vite.config.ts): its profile is written
 * when it exits, as it does on the SIGTERM `stop()` sends.
 */
function profiling(command: string): string[] {
  const folder = process.env.SVC_TEST_CPU_PROFILE
  return folder && command === process.execPath ? ['--cpu-prof', `--cpu-prof-dir=${join(folder, 'servers')}`] : []
}

/**
 * Runs one `svc-bff` command in this process with `--json` and returns its object; throws on failure.
 *
 * @example
 * const { client_id } = await svcBff('client', 'create', '--name', 'Shop', '--redirect-uri', uri, '--db', path)
 */
export async function svcBff(...argv: string[]): Promise<Record<string, string>> {
  return svcBffWithEnv({}, ...argv)
}

/**
 * {@link svcBff} with environment variables (`DATABASE_URL`, say).
 *
 * @example
 * const org = await svcBffWithEnv({ DATABASE_URL: url }, 'org', 'create', '--name', 'Acme')
 */
export async function svcBffWithEnv(env: Record<string, string>, ...argv: string[]): Promise<Record<string, string>> {
  let out = ''
  const code = await runCli([...argv, '--json'], { stdout: (text) => (out += text), stderr: () => undefined, env })
  if (code !== 0) throw new Error(`svc-bff ${argv.join(' ')}: ${out}`)
  return JSON.parse(out)
}

/**
 * A fresh database whose one client sends its webhooks to `receiverUrl`, with `count` pings queued.
 *
 * @example
 * const db = await databaseWithQueuedPings('http://127.0.0.1:4000/hooks', 100)
 */
export async function databaseWithQueuedPings(receiverUrl: string, count: number): Promise<string> {
  const db = join(mkdtempSync(join(tmpdir(), 'svc-pings-')), 'svc.db')
  const client = await svcBff(
    'client',
    'create',
    '--name',
    'Receiver',
    '--redirect-uri',
    'https://r.example/cb',
    '--webhook-url',
    receiverUrl,
    '--db',
    db,
  )
  await svcBff('webhooks', 'ping', '--client', client.client_id!, '--count', String(count), '--db', db)
  return db
}

/**
 * A TCP port free on loopback now, for a server that must know its URL before it starts.
 *
 * @example
 * const port = await freePort()
 */
export async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as AddressInfo
  await new Promise((resolve) => probe.close(resolve))
  return port
}
