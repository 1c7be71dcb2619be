/**
 * @module Benchmark of a start: the time from spawning the built server
 * (`node dist/server/cli.js serve`) to its first 200 from `/readyz`, on a
 * fresh SQLite file and on an existing one, against a bare `node -e` HTTP
 * server started the same way in the same rounds (Node's own start, which
 * svc cannot go below). Also the CPU time each start took (from
 * `/proc/PID/stat`), which a busy machine disturbs less than the clock.
 * Goal: an existing database ready within 300 ms, where bare Node starts
 * in about 40 ms (7.5 times bare, the ratio checked on a busy machine).
 * The rows run with the compile cache the first start saved
 * (server/launcher/compile-cache.ts); one more row starts on the existing
 * file without it (a copy of the build in a new folder each time, whose
 * cache folder beside it is empty), as the first start of a new build
 * does. With `BENCH_POSTGRES_URL`, also an existing PostgreSQL database
 * (in a schema of its own, dropped at the end).
 *
 * Every process is started without `NODE_EXTRA_CA_CERTS`: Node 20 reads
 * and parses that file at start, which took about 80 ms of CPU on the
 * team's machines (where it names the system's whole bundle) for bare Node
 * and svc alike: a cost of the machine's settings, not of svc's start.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, dirname, join } from 'node:path'
import { freePort } from '../e2e/bff-process.js'
import { cpuMilliseconds, statusOf, stopProcess } from './load.js'

// BENCH_START_CLI names another build to compare (a copy built from an older commit, beside this one).
const CLI = process.env.BENCH_START_CLI ?? 'dist/server/cli.js'
const GOAL_MS = 300
// Bare Node starts in about 40 ms on an idle machine: the goal as a multiple of it.
const GOAL_RATIO = GOAL_MS / 40
const BARE_SERVER = "require('node:http').createServer((q, s) => s.end('ok')).listen(Number(process.argv[1]), '127.0.0.1')"

interface Start {
  /** From spawn to the first 200. */
  readyMs: number
  /** CPU (user + system) the process had used by then. */
  cpuMs: number
  /** Once ready, the first request of each kind that loads code of its own, from sending to the whole answer. */
  firstMs?: { ads: number; discovery: number; adsCpu: number; discoveryCpu: number }
}

type Row = { name: string; starts: Start[] }

/**
 * Runs the benchmark and prints its rows.
 *
 * @example
 * await benchStart()
 */
export async function benchStart(): Promise<void> {
  if (!existsSync(CLI)) execFileSync('npm', ['run', 'build:server'], { stdio: 'inherit' })
  if (process.env.NODE_EXTRA_CA_CERTS)
    console.log(`(NODE_EXTRA_CA_CERTS is set here; every start below runs without it, as Node's reading it costs bare Node and svc alike)`)
  const rounds = Number(process.env.BENCH_ROUNDS ?? 9)
  const folder = mkdtempSync(join(tmpdir(), 'svc-bench-start-'))
  const existing = join(folder, 'existing', 'svc.db')
  // The first start migrates the file; the rows measure the ones after.
  await startSvc(['--db', existing], '/readyz')
  const { api_key: apiKey } = JSON.parse(
    execFileSync(process.execPath, [CLI, 'org', 'create', '--name', 'Bench', '--db', existing, '--json'], { encoding: 'utf8' }),
  ) as { api_key: string }
  const firstRequests = async (port: number, child: ChildProcess) => {
    const before = cpuMilliseconds(child.pid!)
    const ads = await timeOf(port, '/ads/home?limit=3', { Authorization: `Bearer ${apiKey}` })
    const between = cpuMilliseconds(child.pid!)
    const discovery = await timeOf(port, '/.well-known/openid-configuration')
    return { ads, discovery, adsCpu: between - before, discoveryCpu: cpuMilliseconds(child.pid!) - between }
  }
  const postgres = process.env.BENCH_POSTGRES_URL ? await postgresSchema(process.env.BENCH_POSTGRES_URL) : undefined
  if (postgres) await startSvc([], '/readyz', { DATABASE_URL: postgres.url })

  const rows: Row[] = [
    { name: 'bare node -e http server', starts: [] },
    { name: 'svc, fresh SQLite file', starts: [] },
    { name: 'svc, existing SQLite file', starts: [] },
    { name: 'svc, existing file, no compile cache', starts: [] },
    ...(postgres ? [{ name: 'svc, existing PostgreSQL database', starts: [] }] : []),
  ]
  // Interleaved, so that a busy moment of the machine falls on every row alike.
  for (let round = 0; round < rounds; round++) {
    rows[0]!.starts.push(await startProcess(['-e', BARE_SERVER], '/', {}, true))
    rows[1]!.starts.push(await startSvc(['--db', join(folder, `fresh-${round}`, 'svc.db')], '/readyz'))
    rows[2]!.starts.push(await startSvc(['--db', existing], '/readyz', {}, firstRequests))
    // The cache lives beside the bundle: a copy of the build in a new folder is a build's first start.
    const copy = copyOfBuild()
    rows[3]!.starts.push(await startProcess([copy.cli, 'serve', '--db', existing], '/readyz', {}, false))
    copy.remove()
    if (postgres) rows[4]!.starts.push(await startSvc([], '/readyz', { DATABASE_URL: postgres.url }))
  }
  await postgres?.drop()
  rmSync(folder, { recursive: true, force: true })

  const [bare, , onExisting] = rows.map((row) => ({
    ready: median(row.starts.map((start) => start.readyMs)),
    cpu: median(row.starts.map((start) => start.cpuMs)),
  }))
  console.log(`start to ready (${CLI} serve until /readyz answers 200), median of ${rounds} runs`)
  for (const row of rows) {
    const ready = median(row.starts.map((start) => start.readyMs))
    const cpu = median(row.starts.map((start) => start.cpuMs))
    const ratios =
      row === rows[0]
        ? ''
        : `   ${(ready / bare!.ready).toFixed(1).padStart(5)} × bare   CPU ${(cpu / bare!.cpu).toFixed(1).padStart(5)} × bare`
    console.log(`  ${row.name.padEnd(38)} ${ready.toFixed(0).padStart(6)} ms   CPU ${cpu.toFixed(0).padStart(5)} ms${ratios}`)
  }
  const firsts = rows[2]!.starts.map((start) => start.firstMs!)
  console.log(
    `  then, on the existing file: first /ads/… ${median(firsts.map((first) => first.ads)).toFixed(0)} ms ` +
      `(CPU ${median(firsts.map((first) => first.adsCpu)).toFixed(0)} ms), ` +
      `first /.well-known/openid-configuration ${median(firsts.map((first) => first.discovery)).toFixed(0)} ms ` +
      `(CPU ${median(firsts.map((first) => first.discoveryCpu)).toFixed(0)} ms)`,
  )
  const cpuRatio = onExisting!.cpu / bare!.cpu
  console.log(
    `  existing SQLite file, goal ${GOAL_MS} ms: ${onExisting!.ready <= GOAL_MS ? 'met' : 'MISSED'} (${onExisting!.ready.toFixed(0)} ms); ` +
      `on a busy machine, where the clock says little, CPU at most ${GOAL_RATIO} × bare Node's: ${cpuRatio <= GOAL_RATIO ? 'met' : 'MISSED'} (${cpuRatio.toFixed(1)})`,
  )
}

/**
 * A copy of the built server in a new folder beside the build (so that it
 * finds the same node_modules), whose code cache folder is empty.
 */
function copyOfBuild(): { cli: string; remove(): void } {
  const folder = mkdtempSync(join(dirname(CLI), '..', 'bench-start-copy-'))
  const bundle = CLI.replace(/\.js$/, '') + '.bundle.cjs'
  for (const file of [CLI, bundle, join(dirname(CLI), 'package.json')]) copyFileSync(file, join(folder, basename(file)))
  return { cli: join(folder, basename(CLI)), remove: () => rmSync(folder, { recursive: true, force: true }) }
}

function startSvc(
  args: string[],
  path: string,
  env: Record<string, string> = {},
  after?: (port: number, child: ChildProcess) => Promise<Start['firstMs']>,
): Promise<Start> {
  return startProcess([CLI, 'serve', ...args], path, env, false, after)
}

/** Spawns Node with `args` and a free port, asks for `path` until it answers 200, then stops it. */
async function startProcess(
  args: string[],
  path: string,
  env: Record<string, string>,
  bare: boolean,
  after?: (port: number, child: ChildProcess) => Promise<Start['firstMs']>,
): Promise<Start> {
  const port = await freePort()
  const started = performance.now()
  const child = spawn(process.execPath, bare ? [...args, String(port)] : [...args, '--port', String(port)], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...withoutExtraCaCerts(process.env), ...env },
  })
  let stderr = ''
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  let exited = false
  child.once('exit', () => (exited = true))
  while ((await statusOf(port, path)) !== 200) {
    if (exited) throw new Error(`${args.join(' ')} exited before it was ready:\n${stderr}`)
    await new Promise((resolve) => setTimeout(resolve, 2))
  }
  const readyMs = performance.now() - started
  const cpuMs = cpuMilliseconds(child.pid!)
  const firstMs = await after?.(port, child)
  await stopProcess(child)
  return { readyMs, cpuMs, firstMs }
}

function withoutExtraCaCerts(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { NODE_EXTRA_CA_CERTS: _skipped, ...rest } = env
  return rest
}

/** How long `path` takes to answer in full, in ms; it must answer 2xx or 404. */
async function timeOf(port: number, path: string, headers: Record<string, string> = {}): Promise<number> {
  const started = performance.now()
  const status = await statusOf(port, path, headers)
  if (status === 0 || (status >= 300 && status !== 404)) throw new Error(`${path} answered ${status}`)
  return performance.now() - started
}

/** A schema of its own in the PostgreSQL database, named in the URL's search path. */
async function postgresSchema(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  const { default: pg } = await import('pg')
  const schema = `svc_bench_start_${process.pid}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`create schema ${schema}`)
  await admin.end()
  const withSchema = new URL(url)
  withSchema.searchParams.set('options', `-c search_path=${schema}`)
  return {
    url: withSchema.href,
    async drop() {
      const client = new pg.Client({ connectionString: url })
      await client.connect()
      await client.query(`drop schema ${schema} cascade`)
      await client.end()
    },
  }
}

function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
}
