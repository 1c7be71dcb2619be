/**
 * @module Benchmark of `POST /ads/events`: batches of ad events (each with
 * a fresh batch id, as pages send them) posted to `svc-bff serve` on a
 * seeded SQLite file, against a bare `node:http` server that reads the same
 * bodies and answers fixed bytes, both loaded by autocannon at 50
 * connections in the same run, at once, on a core apart from the load
 * generator. svc runs with metrics on (`SVC_METRICS_TOKEN`: every request
 * counted and timed, every event counted) and the access log at its
 * default (off). Goal (issue 31): 0.93 of the bare server's throughput.
 * Then the floor (`events-floor-server.ts`: what any JSON design of the
 * endpoint must do) against the bare server, which says whether the goal
 * is within any such design's reach, and svc against the floor, which says
 * what svc spends beyond it. A last set of rounds loads a copy of svc with
 * metrics off against the bare server, so what metrics cost stays in sight.
 */
import { randomBytes } from 'node:crypto'
import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type PairNames, reportAgainstBare, roundsAgainstBare } from './against-bare.js'
import { cliJson, type ChainedRequest, loadChain, type ServerProcess, startServerProcess } from './load.js'

const PATH = '/ads/events'
const CONNECTIONS = 50
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const METRICS_TOKEN = 'bench-metrics-token-0123456789abcdef'
/** Issue 31's goal, with metrics on: svc/bare throughput. */
const GOALS = { throughput: 0.93 }

/**
 * Runs the benchmark and prints its rows.
 *
 * @example
 * await benchAdEvents()
 */
export async function benchAdEvents(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-bench-'))
  const db = join(dir, 'svc.db')
  const seeded = await cliJson(['seed', '--demo', '--db', db])
  const { api_key: apiKey } = await cliJson(['key', 'create', '--org', seeded.organisation!, '--rate-limit', '100000000', '--db', db])
  const dbOff = join(dir, 'metrics-off.db')
  // With its secret key file: svc refuses a database whose secrets it cannot read.
  for (const file of ['', '.key']) copyFileSync(`${db}${file}`, `${dbOff}${file}`)
  // The access log is left at its default (SVC_ACCESS_LOG unset: off).
  const serve = (file: string) => ['server/cli.ts', 'serve', '--port', '0', '--json', '--db', file]
  const svc = await startServerProcess(serve(db), { SVC_METRICS_TOKEN: METRICS_TOKEN }, { ownCore: true })
  const svcOff = await startServerProcess(serve(dbOff), {}, { ownCore: true })
  const svcOrigin = `http://127.0.0.1:${svc.ready.port}`
  const ads = await (
    await fetch(`${svcOrigin}/ads/home-slider-ads?limit=3&random=0`, { headers: { Authorization: `Bearer ${apiKey}` } })
  ).json()
  const codes = (ads.data as { code: string }[]).map((ad) => ad.code)
  // What a page view's slot sends: three ads served, two seen, one followed.
  const body = () =>
    JSON.stringify({
      key: apiKey,
      batch: randomBytes(15).toString('base64url'),
      slot: 'home-slider-ads',
      served: codes,
      viewable: codes.slice(0, 2),
      clicks: codes.slice(0, 1),
    })
  const request: ChainedRequest = {
    method: 'POST',
    path: PATH,
    headers: { 'Content-Type': 'text/plain;charset=UTF-8', Origin: 'http://localhost:8787' },
    body,
    onResponse: () => undefined,
  }
  const sample = await fetch(`${svcOrigin}${PATH}`, { method: 'POST', headers: request.headers, body: body() })
  const answer = await sample.text()
  if (sample.status !== 202) throw new Error(`svc answered ${sample.status}: ${answer}`)
  const responseFile = join(dir, 'events-response.json')
  const kept = [
    'content-type',
    'cache-control',
    'x-request-id',
    'x-ratelimit-limit',
    'x-ratelimit-remaining',
    'x-ratelimit-reset',
    'access-control-allow-origin',
    'access-control-expose-headers',
  ]
  writeFileSync(
    responseFile,
    JSON.stringify({ status: 202, headers: Object.fromEntries(kept.map((name) => [name, sample.headers.get(name) ?? ''])), body: answer }),
  )
  const bare = await startServerProcess(['bench/bare-server.ts', responseFile, '--read-body'], {}, { ownCore: true })
  const bareUrl = `http://127.0.0.1:${bare.ready.port}`
  const floor = await startServerProcess(['bench/events-floor-server.ts', responseFile], {}, { ownCore: true })
  const floorUrl = `http://127.0.0.1:${floor.ready.port}`

  const svcOffOrigin = `http://127.0.0.1:${svcOff.ready.port}`

  try {
    const against = (baseline: Target, server: ServerProcess, url: string) =>
      roundsAgainstBare({
        bare: baseline,
        svc: { server, url },
        rounds: ROUNDS,
        seconds: SECONDS,
        load: (target, seconds) => loadChain({ url: target, request, connections: CONNECTIONS, seconds }),
      })
    const bareTarget = { server: bare, url: bareUrl }
    const title = `ad events: POST ${PATH} (${Buffer.byteLength(body())}-byte batches), ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s each`
    reportAgainstBare(`${title}; svc with metrics on, access log at its default (off)`, await against(bareTarget, svc, svcOrigin), GOALS)
    const floorRatios = reportAgainstBare(
      `${title}; the floor (reads, parses, checks and counts a batch; nothing else)`,
      await against(bareTarget, floor, floorUrl),
      {},
      FLOOR_AGAINST_BARE,
    )
    console.log(floorVerdict(floorRatios.throughput))
    reportAgainstBare(
      `${title}; svc with metrics on against the floor`,
      await against({ server: floor, url: floorUrl }, svc, svcOrigin),
      {},
      SVC_AGAINST_FLOOR,
    )
    reportAgainstBare(`${title}; svc with metrics off (what metrics cost)`, await against(bareTarget, svcOff, svcOffOrigin), {})
  } finally {
    await Promise.all([svc.stop(), svcOff.stop(), bare.stop(), floor.stop()])
  }
}

type Target = { server: ServerProcess; url: string }

const FLOOR_AGAINST_BARE: PairNames = {
  baseline: { name: 'bare node:http', short: 'bare' },
  measured: { name: 'floor', short: 'floor' },
}
const SVC_AGAINST_FLOOR: PairNames = { baseline: { name: 'floor', short: 'floor' }, measured: { name: 'svc', short: 'svc' } }

/** Whether the goal is within reach of any design that parses a JSON batch, by the floor's throughput against bare. */
function floorVerdict(floorThroughput: number): string {
  if (floorThroughput >= GOALS.throughput)
    return `  the floor reaches ${floorThroughput.toFixed(2)} of bare (goal ${GOALS.throughput}): within reach of a JSON design; what svc spends over the floor is below`
  return `  the floor itself reaches only ${floorThroughput.toFixed(2)} of bare (goal ${GOALS.throughput}): OUT OF REACH for any design that parses a JSON batch; svc against the floor below`
}
