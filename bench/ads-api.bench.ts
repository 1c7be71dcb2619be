/**
 * @module Benchmark of the ads API's hot path: `GET
 * /ads/home-slider-ads?limit=12&random=0` served by `svc-bff serve` from a
 * seeded SQLite file, with metrics on (`SVC_METRICS_TOKEN`: every request
 * counted and timed, the ads counted by slot) and the access log at its
 * default (off), against a bare `node:http` server answering the same
 * bytes, both loaded by autocannon over loopback at 50 connections in the
 * same run, at once, on a core apart from the load generator. Goals (issue
 * 31): 0.93 of the bare server's throughput and 0.90 of its CPU per
 * answer, and a p99 under 10 ms with the core to itself. A second set of
 * rounds loads a copy of svc with metrics off against the same bare
 * server, so that what metrics cost stays in sight.
 */
import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { reportAgainstBare, roundsAgainstBare } from './against-bare.js'
import { cliJson, load, type LoadResult, type ServerProcess, startServerProcess } from './load.js'

const PATH = '/ads/home-slider-ads?limit=12&random=0'
const CONNECTIONS = 50
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const METRICS_TOKEN = 'bench-metrics-token-0123456789abcdef'
/** Issue 31's goals, with metrics on: svc/bare throughput, and bare/svc CPU per answer. */
const GOALS = { throughput: 0.93, cpu: 0.9 }

/**
 * Runs the benchmark and returns the rows it prints.
 *
 * @example
 * await benchAdsApi()
 */
export async function benchAdsApi(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-bench-'))
  const db = join(dir, 'svc.db')
  const seeded = await cliJson(['seed', '--demo', '--db', db])
  // The default 600 a minute would turn the load into 429s.
  const { api_key: apiKey } = await cliJson(['key', 'create', '--org', seeded.organisation!, '--rate-limit', '100000000', '--db', db])
  const headers = { Authorization: `Bearer ${apiKey}` }
  const dbOff = join(dir, 'metrics-off.db')
  // With its secret key file: svc refuses a database whose secrets it cannot read.
  for (const file of ['', '.key']) copyFileSync(`${db}${file}`, `${dbOff}${file}`)

  // The access log is left at its default (SVC_ACCESS_LOG unset: off).
  const serve = (file: string) => ['server/cli.ts', 'serve', '--port', '0', '--json', '--db', file]
  const svc = await startServerProcess(serve(db), { SVC_METRICS_TOKEN: METRICS_TOKEN }, { ownCore: true })
  const svcOff = await startServerProcess(serve(dbOff), {}, { ownCore: true })
  const svcUrl = `http://127.0.0.1:${svc.ready.port}${PATH}`
  const sample = await fetch(svcUrl, { headers })
  const body = await sample.text()
  if (sample.status !== 200) throw new Error(`svc answered ${sample.status}: ${body}`)
  const responseFile = join(dir, 'response.json')
  const kept = [
    'content-type',
    'cache-control',
    'vary',
    'etag',
    'x-request-id',
    'x-ratelimit-limit',
    'x-ratelimit-remaining',
    'x-ratelimit-reset',
  ]
  writeFileSync(
    responseFile,
    JSON.stringify({ headers: Object.fromEntries(kept.map((name) => [name, sample.headers.get(name) ?? ''])), body }),
  )
  const bare = await startServerProcess(['bench/bare-server.ts', responseFile], {}, { ownCore: true })
  const bareUrl = `http://127.0.0.1:${bare.ready.port}${PATH}`

  const svcOffUrl = `http://127.0.0.1:${svcOff.ready.port}${PATH}`

  try {
    const against = (server: ServerProcess, url: string) =>
      roundsAgainstBare({
        bare: { server: bare, url: bareUrl },
        svc: { server, url },
        rounds: ROUNDS,
        seconds: SECONDS,
        load: (target, seconds) => load({ url: target, headers, connections: CONNECTIONS, seconds }),
      })
    const title = `ads API: GET ${PATH} (${body.length} bytes), ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s each`
    reportAgainstBare(`${title}; svc with metrics on, access log at its default (off)`, await against(svc, svcUrl), GOALS)
    reportAgainstBare(`${title}; svc with metrics off (what metrics cost)`, await against(svcOff, svcOffUrl), {})
    // Latency is a server's own only with the core to itself; the baseline's shows what the machine adds.
    const bareAlone = await load({ url: bareUrl, headers, connections: CONNECTIONS, seconds: SECONDS })
    const alone = await load({ url: svcUrl, headers, connections: CONNECTIONS, seconds: SECONDS })
    const latency = (r: LoadResult) => `${r.requestsPerSecond.toFixed(0)} req/s, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms`
    console.log(`  alone: bare ${latency(bareAlone)}; svc ${latency(alone)} (p99 budget < 10 ms: ${alone.p99Ms < 10 ? 'met' : 'MISSED'})`)
  } finally {
    await Promise.all([svc.stop(), svcOff.stop(), bare.stop()])
  }
}
