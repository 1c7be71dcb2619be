/**
 * @module What svc's webhook worker spends on a delivery besides its HTTP
 * request: the real worker (`server/webhooks/worker.ts`) delivers a
 * backlog in this process with its `send` answering at once, so the CPU
 * it takes is the claim, the reads, the body, the signatures, the
 * attempt's record and the settled batch's commit, and nothing of Node's
 * HTTP client. Added to a bare POST's CPU it bounds the throughput ratio
 * the webhooks bench can show on this design. Both start from the same
 * database with a backlog ({@link databaseWithBacklog}).
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Kysely } from 'kysely'
import { openDatabase } from '../server/db/open-database.js'
import type { Database } from '../server/db/schema.js'
import { createClientWithEndpoint } from '../server/webhooks/client-with-endpoint.js'
import { webhookOutbox } from '../server/webhooks/outbox.js'
import type { AttemptOutcome, HeaderPair } from '../server/webhooks/send-delivery.js'
import { webhookWorker } from '../server/webhooks/worker.js'

export interface WorkerCost {
  /** CPU a delivery, µs, over every thread of this process. */
  microseconds: number
  deliveries: number
}

/**
 * Delivers `backlog` queued pings with an instant `send` and returns the
 * CPU each took. With `recordRequest` the attempt keeps what was sent and
 * received as a real attempt does; without, its record has neither (what a
 * design keeping them only for failures would write for a success).
 *
 * @example
 * const { microseconds } = await webhookWorkerCost(5000, { recordRequest: true })
 */
export async function webhookWorkerCost(backlog: number, { recordRequest }: { recordRequest: boolean }): Promise<WorkerCost> {
  const { db } = await databaseWithBacklog('http://127.0.0.1:9/hooks', backlog)
  try {
    const worker = webhookWorker({ db, allowPrivate: true, send: (options) => Promise.resolve(answeredAtOnce(options, recordRequest)) })
    const before = process.cpuUsage()
    const deliveries = await worker.runOnce()
    const used = process.cpuUsage(before)
    await worker.stop()
    return { microseconds: (used.user + used.system) / deliveries, deliveries }
  } finally {
    await db.destroy()
  }
}

/**
 * A fresh SQLite file with one client whose endpoint is `webhookUrl` and
 * `backlog` pings queued for it, as both webhook benches start.
 *
 * @example
 * const { db, dbPath, clientId } = await databaseWithBacklog('http://127.0.0.1:8080/hooks', 5000)
 */
export async function databaseWithBacklog(
  webhookUrl: string,
  backlog: number,
): Promise<{ db: Kysely<Database>; dbPath: string; clientId: string }> {
  const dbPath = join(mkdtempSync(join(tmpdir(), 'svc-bench-hooks-')), 'svc.db')
  const db = await openDatabase({ sqlitePath: dbPath })
  const { clientId } = await createClientWithEndpoint(db, { name: 'Receiver', redirectUris: ['https://r.example/cb'], webhookUrl })
  const outbox = webhookOutbox()
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < backlog; i++) await outbox.record(trx, 'ping', clientId, { message: `ping ${i}` })
  })
  return { db, dbPath, clientId }
}

/** A 200 with an empty body, as the bench's receiver answers, recorded as `sendDelivery` records one. */
function answeredAtOnce(
  { url, headers, body }: { url: string; headers: Record<string, string>; body: string },
  recordRequest: boolean,
): AttemptOutcome {
  const sent: HeaderPair[] = [
    ...Object.entries({ ...headers, 'Content-Length': String(Buffer.byteLength(body)) }),
    ['Host', new URL(url).host],
    ['Connection', 'keep-alive'],
  ]
  const received: HeaderPair[] = [
    ['date', new Date().toUTCString()],
    ['connection', 'keep-alive'],
    ['keep-alive', 'timeout=5'],
    ['content-length', '0'],
  ]
  return {
    ok: true,
    statusCode: 200,
    durationMs: 1,
    responseExcerpt: '',
    error: null,
    ...(recordRequest ? { request: { headers: sent, body }, responseHeaders: received } : {}),
  }
}
