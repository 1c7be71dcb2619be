/**
 * @module Benchmark of the ads API's hot path: `GET
 * /ads/home-slider-ads?limit=12&random=0` served by `svc-bff serve` from a
 * seeded SQLite file, against a bare `node:http` server answering the same
 * bytes, both loaded by autocannon over loopback at 50 connections in the
 * same run. Budget: at least 0.7 of the bare server's throughput and a p99
 * under 10 ms.
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { cliJson, load, type LoadResult, startServerProcess } from './load.js'

const PATH = '/ads/home-slider-ads?limit=12&random=0'
const CONNECTIONS = 50
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)

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

  const svc = await startServerProcess(['server/cli.ts', 'serve', '--port', '0', '--json', '--db', db])
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
  const bare = await startServerProcess(['bench/bare-server.ts', responseFile])
  const bareUrl = `http://127.0.0.1:${bare.ready.port}${PATH}`

  try {
    // A short warm-up for each, then measured rounds, interleaved so that
    // both servers see the same machine; the median round is reported.
    await load({ url: bareUrl, headers, connections: CONNECTIONS, seconds: 2 })
    await load({ url: svcUrl, headers, connections: CONNECTIONS, seconds: 2 })
    const rounds: { bare: LoadResult; svc: LoadResult }[] = []
    for (let round = 0; round < ROUNDS; round++) {
      const bareResult = await load({ url: bareUrl, headers, connections: CONNECTIONS, seconds: SECONDS })
      const svcResult = await load({ url: svcUrl, headers, connections: CONNECTIONS, seconds: SECONDS })
      rounds.push({ bare: bareResult, svc: svcResult })
    }
    report(rounds, body.length)
  } finally {
    await Promise.all([svc.stop(), bare.stop()])
  }
}

function report(rounds: { bare: LoadResult; svc: LoadResult }[], bytes: number): void {
  const row = (name: string, r: LoadResult) =>
    `  ${name.padEnd(16)} ${r.requestsPerSecond.toFixed(0).padStart(8)} req/s   p50 ${String(r.p50Ms).padStart(3)} ms   p99 ${String(r.p99Ms).padStart(3)} ms   non-2xx ${r.non2xx}   errors ${r.errors}`
  const ratioOf = (round: { bare: LoadResult; svc: LoadResult }) => round.svc.requestsPerSecond / round.bare.requestsPerSecond
  console.log(`ads API: GET ${PATH} (${bytes} bytes), ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s each`)
  for (const [index, round] of rounds.entries()) {
    console.log(`  round ${index + 1}: ratio ${ratioOf(round).toFixed(2)}`)
    console.log(row('bare node:http', round.bare))
    console.log(row('svc', round.svc))
  }
  const median = [...rounds].sort((a, b) => ratioOf(a) - ratioOf(b))[Math.floor(rounds.length / 2)]!
  const ratio = ratioOf(median)
  const p99 = Math.max(...rounds.map((round) => round.svc.p99Ms))
  console.log(`  throughput ratio svc/bare, median round: ${ratio.toFixed(2)} (budget >= 0.70: ${ratio >= 0.7 ? 'met' : 'MISSED'})`)
  console.log(`  svc p99, worst round: ${p99} ms (budget < 10 ms: ${p99 < 10 ? 'met' : 'MISSED'})`)
}
