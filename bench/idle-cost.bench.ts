/**
 * @module Benchmark of an idle server: the CPU an idle `serve --demo` on a
 * SQLite file uses each second (from `/proc/PID/stat`), with metrics off
 * and on, measured after the start has settled. What an idle server
 * burns is charged to every answer of a busy one (its timers and the
 * garbage they make run between requests), so it belongs near zero.
 * `BENCH_IDLE_BASELINE_CLI` names another build (a copy built from an
 * older commit): its rows alternate with this build's in the same run,
 * so the machine's load falls on both alike.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from '../e2e/bff-process.js'
import { cpuMilliseconds, statusOf, stopProcess } from './load.js'

const CLI = process.env.BENCH_IDLE_CLI ?? 'dist/server/cli.js'
const BASELINE_CLI = process.env.BENCH_IDLE_BASELINE_CLI
/** What start-up leaves behind (the compile cache written, the first collections) is not idle cost. */
const SETTLE_MS = 4000
const WINDOW_MS = Number(process.env.BENCH_IDLE_WINDOW_MS ?? 10_000)

interface Build {
  name: string
  cli: string
}

/**
 * Runs the benchmark and prints, per build and metrics setting, the median and range of CPU ms a second.
 *
 * @example
 * await benchIdleCost()
 */
export async function benchIdleCost(): Promise<void> {
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3)
  const builds: Build[] = [...(BASELINE_CLI ? [{ name: 'baseline', cli: BASELINE_CLI }] : []), { name: 'this build', cli: CLI }]
  const rows = new Map<string, number[]>()
  for (let round = 0; round < rounds; round++) {
    for (const metrics of [false, true]) {
      for (const build of builds) {
        const key = `${build.name}, metrics ${metrics ? 'on ' : 'off'}`
        rows.set(key, [...(rows.get(key) ?? []), await idleCpuPerSecond(build.cli, metrics)])
      }
    }
  }
  console.log(`\nidle serve --demo on SQLite: CPU ms a second over ${WINDOW_MS / 1000} s, after ${SETTLE_MS / 1000} s to settle (${rounds} rounds)`)
  for (const [key, values] of rows) {
    const sorted = [...values].sort((a, b) => a - b)
    const median = sorted[Math.floor(sorted.length / 2)]!
    console.log(`  ${key.padEnd(26)} ${median.toFixed(1).padStart(5)} ms/s  (range ${sorted[0]!.toFixed(1)}–${sorted.at(-1)!.toFixed(1)})`)
  }
}

/** Starts `cli serve --demo` on a new file, lets it settle, and measures the CPU it uses while nobody asks it anything. */
async function idleCpuPerSecond(cli: string, metrics: boolean): Promise<number> {
  const folder = mkdtempSync(join(tmpdir(), 'svc-bench-idle-'))
  const port = await freePort()
  const env: NodeJS.ProcessEnv = { ...process.env, SVC_METRICS_TOKEN: metrics ? 'bench-idle-metrics-token' : '' }
  if (!metrics) delete env.SVC_METRICS_TOKEN
  const child = spawn(process.execPath, [cli, 'serve', '--demo', '--db', join(folder, 'svc.db'), '--port', String(port)], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env,
  })
  let stderr = ''
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  try {
    while ((await statusOf(port, '/readyz')) !== 200) {
      if (child.exitCode !== null) throw new Error(`${cli} serve exited before it was ready:\n${stderr}`)
      await sleep(20)
    }
    await sleep(SETTLE_MS)
    const before = cpuMilliseconds(child.pid!)
    const started = performance.now()
    await sleep(WINDOW_MS)
    return ((cpuMilliseconds(child.pid!) - before) * 1000) / (performance.now() - started)
  } finally {
    await stopProcess(child)
    rmSync(folder, { recursive: true, force: true })
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
