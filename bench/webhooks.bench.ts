/**
 * @module Benchmark of the webhook sender with its durable outbox: a
 * backlog of pings delivered by `svc-bff serve` to a local receiver
 * (deliveries a second, against bare POSTs of the same bodies with the
 * same concurrency from this process), then single events recorded by
 * another connection, timed from commit to arrival. Budget: at least 1,000
 * deliveries a second and a p50 latency under 50 ms.
 */
import { mkdtempSync } from 'node:fs'
import { createServer, request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createClientWithEndpoint } from '../server/webhooks/client-with-endpoint.js'
import { openDatabase } from '../server/db/open-database.js'
import { webhookOutbox } from '../server/webhooks/outbox.js'
import { startServerProcess } from './load.js'

const BACKLOG = Number(process.env.BENCH_WEBHOOKS ?? 5000)
const LATENCY_SAMPLES = 200
const CONCURRENCY = 64

/**
 * Runs the benchmark and prints its rows.
 *
 * @example
 * await benchWebhooks()
 */
export async function benchWebhooks(): Promise<void> {
  const arrivals = new Map<string, number>()
  const receiver = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => (body += chunk))
    req.on('end', () => {
      const id = (JSON.parse(body) as { id?: string }).id
      if (id) arrivals.set(id, performance.now())
      res.writeHead(200).end()
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`

  const dbPath = join(mkdtempSync(join(tmpdir(), 'svc-bench-hooks-')), 'svc.db')
  const db = await openDatabase({ sqlitePath: dbPath })
  const { clientId } = await createClientWithEndpoint(db, { name: 'Receiver', redirectUris: ['https://r.example/cb'], webhookUrl: url })
  const outbox = webhookOutbox()
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < BACKLOG; i++) await outbox.record(trx, 'ping', clientId, { message: `ping ${i}` })
  })
  const sample = JSON.stringify({
    id: 'evt_sample',
    event: 'ping',
    created_at: new Date().toISOString(),
    client_id: clientId,
    data: { message: 'ping 0' },
  })

  try {
    const bare = await barePosts(url, sample, BACKLOG)
    arrivals.clear()
    const started = performance.now()
    const svc = await startServerProcess(['server/cli.ts', 'serve', '--port', '0', '--json', '--db', dbPath], {
      SVC_WEBHOOK_ALLOW_PRIVATE: '1',
    })
    try {
      while (arrivals.size < BACKLOG) await new Promise((resolve) => setTimeout(resolve, 5))
      // Timed from the first arrival to the last, so the server's start-up is left out.
      const times = [...arrivals.values()].sort((a, b) => a - b)
      const rate = (BACKLOG - 1) / ((times.at(-1)! - times[0]!) / 1000)
      const withStartUp = BACKLOG / ((performance.now() - started) / 1000)

      const latencies: number[] = []
      for (let i = 0; i < LATENCY_SAMPLES; i++) {
        const before = new Set(arrivals.keys())
        const committed = performance.now()
        await db.transaction().execute((trx) => outbox.record(trx, 'ping', clientId, { message: `latency ${i}` }))
        for (;;) {
          const fresh = [...arrivals].find(([id]) => !before.has(id))
          if (fresh) {
            latencies.push(fresh[1] - committed)
            break
          }
          await new Promise((resolve) => setTimeout(resolve, 1))
        }
      }
      latencies.sort((a, b) => a - b)
      const p50 = latencies[Math.floor(latencies.length / 2)]!
      const p99 = latencies[Math.floor(latencies.length * 0.99)]!
      console.log(`webhooks: ${BACKLOG} queued pings to a local receiver, ${CONCURRENCY} at a time`)
      console.log(`  bare POSTs from one process    ${bare.toFixed(0).padStart(7)} /s`)
      console.log(
        `  svc deliveries (durable outbox) ${rate.toFixed(0).padStart(6)} /s, ratio to bare ${(rate / bare).toFixed(2)} (budget >= 1,000/s: ${rate >= 1000 ? 'met' : 'MISSED'}); ${withStartUp.toFixed(0)}/s counting start-up`,
      )
      console.log(
        `  event committed to first attempt arriving: p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms (budget p50 < 50 ms: ${p50 < 50 ? 'met' : 'MISSED'})`,
      )
    } finally {
      await svc.stop()
    }
  } finally {
    await db.destroy()
    receiver.closeAllConnections()
    await new Promise((resolve) => receiver.close(resolve))
  }
}

/** POSTs `count` copies of `body` with the worker's concurrency, as fast as this process can; returns per second. */
async function barePosts(url: string, body: string, count: number): Promise<number> {
  let next = 0
  const started = performance.now()
  const lane = async () => {
    while (next < count) {
      next++
      await new Promise<void>((resolve, reject) => {
        const req = request(url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
          agent: false,
        })
        req.on('response', (res) => res.resume().on('end', resolve))
        req.on('error', reject)
        req.end(body)
      })
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, lane))
  return count / ((performance.now() - started) / 1000)
}
