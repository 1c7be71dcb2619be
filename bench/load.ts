/**
 * @module Helpers for the benchmarks: seed through the CLI, start a server
 * process that prints one JSON line when ready, and load a URL with autocannon.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { availableParallelism } from 'node:os'
import { readFileSync } from 'node:fs'
import { request } from 'node:http'
import { createInterface } from 'node:readline'
import autocannon from 'autocannon'
import { runCli } from '../server/cli/run-cli.js'

/**
 * Runs an `svc-bff` command with `--json` in process and returns what it printed.
 *
 * @example
 * const { api_key } = await cliJson(['key', 'create', '--org', code, '--db', db])
 */
export async function cliJson(argv: string[]): Promise<Record<string, string>> {
  let out = ''
  const code = await runCli([...argv, '--json'], { stdout: (t) => (out += t), stderr: (t) => process.stderr.write(`${t}\n`), env: {} })
  if (code !== 0) throw new Error(`svc-bff ${argv.join(' ')} failed`)
  return JSON.parse(out)
}

export interface ServerProcess {
  child: ChildProcess
  ready: Record<string, unknown> & { port: number }
  stop(): Promise<void>
}

/**
 * Spawns `node --import tsx ARGS…` and waits for its first stdout line (JSON
 * with a `port`); with `ownCore`, on the core kept apart from the load
 * generator's (see {@link coreSplit}).
 *
 * @example
 * const server = await startServerProcess(['bench/bare-server.ts', file], {}, { ownCore: true })
 */
export async function startServerProcess(
  args: string[],
  env: Record<string, string> = {},
  { ownCore = false }: { ownCore?: boolean } = {},
): Promise<ServerProcess> {
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []
  const command = [process.execPath, ...profile, '--import', 'tsx', ...args]
  const pinned = ownCore ? coreSplit() : undefined
  if (pinned) command.unshift('taskset', '--cpu-list', String(pinned.server))
  const child = spawn(command[0]!, command.slice(1), {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  })
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve)
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}`)))
  })
  return {
    child,
    ready: JSON.parse(line),
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}

/**
 * On a machine of two or more cores with `taskset`, the last core for the
 * servers under test and the others for the load generator (this process,
 * pinned here once), so that the generator never takes the servers' core
 * and the ratio measures the servers rather than the scheduler.
 * `BENCH_PIN=0` turns it off.
 */
function coreSplit(): { server: number } | undefined {
  if (split === undefined) split = pinGenerator()
  return split ?? undefined
}
// Worked out once: once pinned, this process sees only the generator's cores.
let split: { server: number } | null | undefined

function pinGenerator(): { server: number } | null {
  if (process.env.BENCH_PIN === '0') return null
  const cores = availableParallelism()
  if (cores < 2) return null
  const server = cores - 1
  const pinned = spawnSync('taskset', ['--all-tasks', '--cpu-list', '--pid', `0-${server - 1}`, String(process.pid)], { stdio: 'ignore' })
  return pinned.error || pinned.status !== 0 ? null : { server }
}

export interface LoadResult {
  requestsPerSecond: number
  /** Answers in the whole run. */
  requests: number
  p50Ms: number
  p99Ms: number
  non2xx: number
  errors: number
}

/** A request whose body is made afresh each time from what earlier answers gave. */
export interface ChainedRequest {
  method: 'GET' | 'POST'
  path: string
  headers: Record<string, string>
  /** The body for the next request. */
  body(): string
  /** Reads what later requests need from an answer. */
  onResponse(status: number, body: string): void
}

/**
 * Loads `url` with a request whose body depends on earlier answers (refresh token chains).
 *
 * @example
 * await loadChain({ url, request, connections: 50, seconds: 5 })
 */
export async function loadChain({
  url,
  request,
  connections = 50,
  seconds = 10,
}: {
  url: string
  request: ChainedRequest
  connections?: number
  seconds?: number
}): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    requests: [
      {
        method: request.method,
        path: request.path,
        headers: request.headers,
        setupRequest: (req) => ({ ...req, body: request.body() }),
        onResponse: (status, body) => request.onResponse(status, body),
      },
    ],
  })
  return summarise(result)
}

/**
 * Loads `url` over `connections` keep-alive connections for `seconds`.
 *
 * @example
 * const result = await load({ url, headers, connections: 50, seconds: 10 })
 */
export async function load({
  url,
  headers = {},
  connections = 50,
  seconds = 10,
}: {
  url: string
  headers?: Record<string, string>
  connections?: number
  seconds?: number
}): Promise<LoadResult> {
  const result = await autocannon({ url, headers, connections, duration: seconds, pipelining: 1 })
  return summarise(result)
}

/** The figures a benchmark row prints, from autocannon's result. */
export function summarise(result: autocannon.Result): LoadResult {
  return {
    requestsPerSecond: result.requests.average,
    requests: result.requests.total,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  }
}

/**
 * Runs a load on `server` and adds the CPU time the server spent per answer
 * (all its threads, µs): steadier than throughput on a busy machine, since a
 * pause of the server's core costs it no CPU time.
 *
 * @example
 * const result = await withCpuPerAnswer(svc, () => load({ url, headers }))
 */
export async function withCpuPerAnswer(server: ServerProcess, run: () => Promise<LoadResult>): Promise<LoadResult & CpuPerAnswer> {
  const pid = server.child.pid!
  const before = { all: cpuMilliseconds(pid), main: mainThreadCpuMilliseconds(pid), at: performance.now() }
  const result = await run()
  const spent = cpuMilliseconds(pid) - before.all
  return {
    ...result,
    cpuMicrosecondsPerAnswer: (spent * 1000) / result.requests,
    mainThreadMicrosecondsPerAnswer: ((mainThreadCpuMilliseconds(pid) - before.main) * 1000) / result.requests,
    coreShare: spent / (performance.now() - before.at),
  }
}

/** What {@link withCpuPerAnswer} adds to a load's result. */
export interface CpuPerAnswer {
  /** All the server's threads (the main thread, libuv's pool that signs, V8's), µs an answer. */
  cpuMicrosecondsPerAnswer: number
  /** Its main (JavaScript) thread alone, µs an answer; the rest is its other threads'. */
  mainThreadMicrosecondsPerAnswer: number
  /** CPU time over wall time while loaded: the cores' worth the server had (1 = one core, all the time). */
  coreShare: number
}

/**
 * CPU time (user + system, all threads) a process has used so far, in ms, from Linux's `/proc`.
 *
 * @example
 * const before = cpuMilliseconds(server.child.pid!)
 */
export function cpuMilliseconds(pid: number): number {
  return statCpuMilliseconds(`/proc/${pid}/stat`)
}

/**
 * CPU time (user + system) of a process's main thread alone, in ms:
 * `/proc/PID/task/PID/stat` counts the thread, `/proc/PID/stat` the whole process.
 *
 * @example
 * const before = mainThreadCpuMilliseconds(server.child.pid!)
 */
export function mainThreadCpuMilliseconds(pid: number): number {
  return statCpuMilliseconds(`/proc/${pid}/task/${pid}/stat`)
}

function statCpuMilliseconds(statFile: string): number {
  // Fields 14 and 15 of the stat file, counted after the parenthesised command name.
  const fields = readFileSync(statFile, 'utf8').split(') ')[1]!.split(' ')
  const ticksPerSecond = 100
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond
}

/**
 * The status of one GET of `path` from a server on loopback, without keep-alive; 0 when it could not be asked.
 *
 * @example
 * while ((await statusOf(port, '/readyz')) !== 200) await sleep(20)
 */
export function statusOf(port: number, path: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve) => {
    const asked = request({ host: '127.0.0.1', port, path, headers, agent: false }, (response) => {
      response.resume()
      response.once('end', () => resolve(response.statusCode ?? 0))
    })
    asked.once('error', () => resolve(0))
    asked.end()
  })
}

/**
 * Stops a child process with SIGTERM and waits for it to exit (at once when it already has).
 *
 * @example
 * await stopProcess(server)
 */
export function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
  })
}
