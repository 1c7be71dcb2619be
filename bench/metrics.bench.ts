/**
 * @module Benchmark of what metrics cost the ads API: `GET
 * /ads/home-slider-ads?limit=12&random=0` from two `svc-bff serve`
 * processes on copies of one seeded SQLite file, one with metrics off and
 * one with `SVC_METRICS_TOKEN` set (every request counted and timed by
 * route, the ads counted by slot), loaded at once on the core they share,
 * as `against-bare.ts` loads svc and its bare baseline. The cost ratio is
 * the off server's throughput over the on server's, median of the
 * rounds; budget: 1.03 (metrics cost at most 3 %).
 */
import { copyFileSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Round, roundsAgainstBare } from './against-bare.js'
import { cliJson, load, startServerProcess } from './load.js'

const PATH = '/ads/home-slider-ads?limit=12&random=0'
const CONNECTIONS = 50
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5)
/** Metrics on may cost the ads API this much: off/on throughput at most 1.03. */
const BUDGET = 1.03
const TOKEN = 'bench-metrics-token-0123456789abcdef'

/**
 * Runs the benchmark, prints its rows and returns the median cost ratio.
 *
 * @example
 * await benchMetrics()
 */
export async function benchMetrics(): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-bench-'))
  const off = join(dir, 'off.db')
  const seeded = await cliJson(['seed', '--demo', '--db', off])
  // The default 600 a minute would turn the load into 429s.
  const { api_key: apiKey } = await cliJson(['key', 'create', '--org', seeded.organisation!, '--rate-limit', '100000000', '--db', off])
  const on = join(dir, 'on.db')
  // With its secret key file: svc refuses a database whose secrets it cannot read.
  for (const file of ['', '.key']) copyFileSync(`${off}${file}`, `${on}${file}`)
  const headers = { Authorization: `Bearer ${apiKey}` }

  const quiet = { SVC_LOG_LEVEL: 'warn' }
  const plain = await startServerProcess(['server/cli.ts', 'serve', '--port', '0', '--json', '--db', off], quiet, { ownCore: true })
  const measured = await startServerProcess(
    ['server/cli.ts', 'serve', '--port', '0', '--json', '--db', on],
    { ...quiet, SVC_METRICS_TOKEN: TOKEN },
    { ownCore: true },
  )
  const offUrl = `http://127.0.0.1:${plain.ready.port}${PATH}`
  const onUrl = `http://127.0.0.1:${measured.ready.port}${PATH}`
  try {
    for (const url of [offUrl, onUrl]) {
      const answer = await fetch(url, { headers })
      if (answer.status !== 200) throw new Error(`svc answered ${answer.status}: ${await answer.text()}`)
    }
    const rounds = await roundsAgainstBare({
      bare: { server: plain, url: offUrl },
      svc: { server: measured, url: onUrl },
      rounds: ROUNDS,
      seconds: SECONDS,
      load: (url, seconds) => load({ url, headers, connections: CONNECTIONS, seconds }),
    })
    // The metrics saw the load: the server with them on counted every answer.
    const scrape = await (
      await fetch(`http://127.0.0.1:${measured.ready.port}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } })
    ).text()
    const counted = /^svc_http_requests_total\{route="\/ads\/:display",method="GET",status="200"\} (\d+)$/m.exec(scrape)?.[1]
    return report(rounds, Number(counted ?? 0))
  } finally {
    await Promise.all([plain.stop(), measured.stop()])
  }
}

function report(rounds: Round[], counted: number): number {
  const cost = (round: Round) => round.bare.requestsPerSecond / round.svc.requestsPerSecond
  const cpu = (round: Round) => round.svc.cpuMicrosecondsPerAnswer / round.bare.cpuMicrosecondsPerAnswer
  console.log(`metrics: ads API GET ${PATH}, metrics off vs on, ${CONNECTIONS} connections each, ${ROUNDS} rounds of ${SECONDS} s`)
  for (const [index, round] of rounds.entries()) {
    console.log(
      `  round ${index + 1}: off ${round.bare.requestsPerSecond.toFixed(0)} req/s (${round.bare.cpuMicrosecondsPerAnswer.toFixed(1)} µs CPU/answer), ` +
        `on ${round.svc.requestsPerSecond.toFixed(0)} req/s (${round.svc.cpuMicrosecondsPerAnswer.toFixed(1)} µs CPU/answer): ` +
        `cost ratio ${cost(round).toFixed(3)}, CPU ratio ${cpu(round).toFixed(3)}`,
    )
  }
  const ratio = median(rounds.map(cost))
  console.log(`  requests the metrics counted: ${counted}`)
  console.log(
    `  cost ratio off/on throughput, median of rounds: ${ratio.toFixed(3)} (budget <= ${BUDGET}: ${ratio <= BUDGET ? 'met' : 'MISSED'})`,
  )
  console.log(`  CPU per answer on/off, median of rounds: ${median(rounds.map(cpu)).toFixed(3)}`)
  return ratio
}

function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
}
