/**
 * @module The webhook worker inside the BFF: claims due deliveries with a
 * lease (so a crashed worker's claims come back when the lease runs out,
 * and several processes can share the table), signs each attempt afresh,
 * sends it to its endpoint's URL with the endpoint's secrets, records the
 * attempt and schedules the retry or the dead letter, the attempts that
 * finish together in one transaction (group commit, `db/group-commit.ts`:
 * the next batch starts when the running one has committed), and claims
 * again as soon as they have freed their slots (its SQL in
 * `deliveries.ts`, `endpoints.ts`, `webhook-events.ts` and
 * `webhook-attempts.ts`). It keeps each endpoint's failing clock and
 * disables one that has failed for days (`failing-endpoints.ts`); a
 * delivery to a disabled endpoint is held, not sent. Stopping it ends
 * claiming and lets attempts in flight finish.
 */
import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import { tableChangeStampOf } from '../db/change-stamp.js'
import { groupCommit } from '../db/group-commit.js'
import { idleOutbox } from '../db/idle-outbox.js'
import { isPostgres } from '../db/open-database.js'
import type { Database } from '../db/schema.js'
import { publicClientIdsByRowId } from '../clients/clients.js'
import { type ClaimedDelivery, claimDueDeliveries, type DeliverySettlement, settleDeliveries } from './deliveries.js'
import { type WebhookEndpoint, webhookEndpointsById } from './endpoints.js'
import { delayAfterFailure } from './retry-schedule.js'
import { activeWebhookSecrets } from './secrets.js'
import { attemptSignatureHeaders } from './attempt-signatures.js'
import { type AttemptOutcome, sendDelivery } from './send-delivery.js'
import { isBackchannelLogout, type LogoutTokenSigner, sendLogoutToken } from './backchannel-logout.js'
import { attemptRecord, recordWebhookAttempts } from './webhook-attempts.js'
import { type WebhookEventRow, webhookEventData, webhookEventsById } from './webhook-events.js'
import { afterEndpointAttempt, type FailingEndpointPolicy } from './failing-endpoints.js'
import { DEFAULT_DISABLE_AFTER_MS } from './disable-after.js'
import { DEFAULT_BRANDING } from '../branding.js'
import { log } from '../log.js'
import { pollingLoop } from '../polling-loop.js'
import type { SvcMetrics } from '../metrics/svc-metrics.js'

export const USER_AGENT = 'svc-webhooks/1.0'

export interface WorkerOptions {
  db: Kysely<Database>
  /** The clock; injectable so tests check the schedule without waiting. */
  now?: () => Date
  /** Let deliveries reach private and loopback addresses (development and tests). */
  allowPrivate?: boolean
  timeoutMs?: number
  /** How long a claim holds before another worker may take it over; longer than the time-out. */
  leaseMs?: number
  /** Deliveries sent at once. */
  concurrency?: number
  pollMs?: number
  /** Sends an attempt; injectable for tests of the bookkeeping. */
  send?: (options: Parameters<typeof sendDelivery>[0]) => Promise<AttemptOutcome>
  /** Where attempts are counted by outcome, when metrics are on. */
  metrics?: SvcMetrics
  /** The issuer and keys back-channel logout tokens are signed with; without them those deliveries fail. */
  logoutTokens?: LogoutTokenSigner
  /** When an endpoint failing for days is disabled, and how its developers are told (by default after 5 days, with no mail without an issuer). */
  failing?: Partial<FailingEndpointPolicy>
}

interface Claimed extends ClaimedDelivery {
  event: WebhookEventRow
  public_client_id: string
  /** Where it goes, as the endpoint is now (its URL may have changed since the event); none once removed. */
  endpoint: WebhookEndpoint | undefined
  /** The endpoint's active secrets, read once for the claimed batch, or why they could not be. */
  secrets: string[] | Error
}

/** What an attempt (or a hold) leaves to write when its batch commits: the delivery's outcome and the attempt's record. */
interface Settled {
  delivery: DeliverySettlement
  attempt?: ReturnType<typeof attemptRecord>
}

/** How long a worker's claim on a delivery holds before another may take it over (`SVC_WEBHOOK_LEASE_SECONDS`). */
export const DEFAULT_LEASE_MS = 30_000

/**
 * Makes a worker; call `start()` to poll, or `runOnce()` to process what is due now.
 *
 * @example
 * const worker = webhookWorker({ db, allowPrivate: settings.webhookAllowPrivate })
 * worker.start()
 * process.on('SIGTERM', () => worker.stop())
 */
export function webhookWorker({
  db,
  now = () => new Date(),
  allowPrivate = false,
  timeoutMs = 10_000,
  leaseMs = DEFAULT_LEASE_MS,
  concurrency = 64,
  pollMs = 20,
  send = sendDelivery,
  metrics,
  logoutTokens,
  failing = {},
}: WorkerOptions) {
  const owner = randomUUID()
  const policy: FailingEndpointPolicy = { disableAfterMs: DEFAULT_DISABLE_AFTER_MS, branding: DEFAULT_BRANDING, ...failing }
  const inFlight = new Set<Promise<void>>()
  /** Attempts whose request is under way: what `concurrency` bounds (one settling holds no slot). */
  let sending = 0

  // Replicas on PostgreSQL claim side by side: each skips the rows another
  // is claiming instead of waiting for them or taking them too. SQLite
  // has one writer at a time, and its transactions take the write lock first.
  const postgres = isPostgres(db)

  // One statement, atomic without a transaction of its own.
  const outbox = idleOutbox(db, 'webhook_deliveries', (time, limit) =>
    claimDueDeliveries(db, { owner, time, leaseMs, limit, skipLocked: postgres }),
  )
  const claimDue = outbox.claim

  async function claim(limit: number): Promise<Claimed[]> {
    const deliveries = await claimDue(now().getTime(), limit)
    if (deliveries.length === 0) return []
    // Read after the claim's transaction, so the write lock is held only for the claim itself
    // (events and clients do not change under a claimed delivery).
    const [events, clientIds, endpoints] = await Promise.all([
      webhookEventsById(
        db,
        deliveries.map((delivery) => delivery.event_id),
      ),
      publicClientIdsByRowId(
        db,
        deliveries.map((delivery) => delivery.client_id),
      ),
      webhookEndpointsById(
        db,
        deliveries.flatMap((delivery) => (delivery.endpoint_id === null ? [] : [delivery.endpoint_id])),
      ),
    ])
    const secrets = await secretsOf([...endpoints.values()])
    return deliveries.flatMap((delivery) => {
      const event = events.get(delivery.event_id)
      const publicClientId = clientIds.get(delivery.client_id)
      const endpoint = delivery.endpoint_id === null ? undefined : endpoints.get(delivery.endpoint_id)
      const signWith = (endpoint && secrets.get(endpoint.id)) ?? []
      return event && publicClientId !== undefined
        ? [{ ...delivery, event, public_client_id: publicClientId, endpoint, secrets: signWith }]
        : []
    })
  }

  const secretsStamp = tableChangeStampOf(db, 'webhook_secrets')
  let keptSecrets: { stamp: string | undefined; byEndpoint: Map<string, string[]> } = { stamp: undefined, byEndpoint: new Map() }

  /**
   * Each enabled endpoint's active secrets, read (and decrypted) once for all its claimed deliveries,
   * and kept for the next claims while the secrets table's change stamp stays (SQLite: a secret added
   * or removed by any process moves it); PostgreSQL has no stamp, so each claim reads them.
   */
  async function secretsOf(endpoints: WebhookEndpoint[]): Promise<Map<string, string[] | Error>> {
    const stamp = secretsStamp?.()
    if (stamp === undefined || keptSecrets.stamp !== stamp) keptSecrets = { stamp, byEndpoint: new Map() }
    const { byEndpoint } = keptSecrets
    const read = endpoints
      .filter((endpoint) => endpoint.enabled)
      .map(async (endpoint) => {
        const kept = byEndpoint.get(endpoint.id)
        if (kept) return [endpoint.id, kept] as const
        const secrets = await activeWebhookSecrets(db, endpoint).catch((error: Error) => error)
        if (!(secrets instanceof Error)) byEndpoint.set(endpoint.id, secrets)
        return [endpoint.id, secrets] as const
      })
    return new Map(await Promise.all(read))
  }

  /** Builds, signs and sends one attempt; any failure on the way is a failed attempt, never a stuck delivery. */
  async function sendAttempt(delivery: Claimed, startedAt: Date): Promise<AttemptOutcome> {
    const failed = (error: string): AttemptOutcome => ({ ok: false, statusCode: null, durationMs: 0, responseExcerpt: null, error })
    try {
      if (isBackchannelLogout(delivery.event)) {
        const { url, public_client_id: clientId, event } = delivery
        const headers = { 'User-Agent': USER_AGENT }
        return await sendLogoutToken({ signer: logoutTokens, send, url, clientId, event, headers, timeoutMs, allowPrivate, at: startedAt })
      }
      const body = JSON.stringify({
        id: delivery.event_id,
        event: delivery.event.event,
        created_at: delivery.event.created_at,
        client_id: delivery.public_client_id,
        data: webhookEventData(delivery.event),
      })
      const { endpoint } = delivery
      if (!endpoint) return { ...failed('its webhook endpoint no longer exists'), permanent: true }
      const { secrets } = delivery
      if (secrets instanceof Error) throw secrets
      if (secrets.length === 0) return failed('the endpoint has no signing secret to sign with')
      // Signed at send time, so a retry hours later still passes the receiver's tolerance.
      const timestamp = Math.floor(startedAt.getTime() / 1000)
      return await send({
        url: endpoint.url,
        body,
        timeoutMs,
        allowPrivate,
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': USER_AGENT,
          'X-SVC-Event': delivery.event.event,
          'X-SVC-Delivery': delivery.id,
          // webhook-id is the delivery id, as X-SVC-Delivery: the spec wants it the same on every attempt and replay.
          ...attemptSignatureHeaders(delivery.id, timestamp, body, secrets),
        },
      })
    } catch (error) {
      return failed(`could not send: ${(error as Error).message}`)
    }
  }

  /** A delivery whose endpoint was disabled after it was queued (or while it was claimed) waits, unsent, for a recovery. */
  async function hold(delivery: Claimed): Promise<void> {
    const settlement = {
      id: delivery.id,
      attempts: delivery.attempts,
      state: 'held',
      deliveredAt: null,
      nextAttemptAt: now().getTime(),
    } as const
    await inBatch(async () => ({ delivery: settlement }))
  }

  async function attempt(delivery: Claimed): Promise<void> {
    const { endpoint } = delivery
    if (endpoint && !endpoint.enabled) {
      sending--
      return hold(delivery)
    }
    const startedAt = now()
    let outcome: AttemptOutcome
    try {
      outcome = await sendAttempt(delivery, startedAt)
    } finally {
      // The slot is free once the answer is in, so the next claim need not wait for this batch's commit
      // (the lease, not the slot, keeps the delivery from being sent twice); freed even if sending threw,
      // or the worker would lose a slot for good.
      sending--
    }
    const attempts = delivery.attempts + 1
    const delay = outcome.ok || outcome.permanent ? undefined : delayAfterFailure(attempts)
    const finishedAt = now()
    const { delivery: settled } = await inBatch(async (trx) => {
      let state = (outcome.ok ? 'delivered' : delay === undefined ? 'dead' : 'pending') as 'delivered' | 'dead' | 'pending' | 'held'
      // Only endpoint deliveries count towards an endpoint's failures: a logout token goes to the client's own URI.
      if (endpoint && !isBackchannelLogout(delivery.event)) {
        const disabled = await afterEndpointAttempt(trx, endpoint, { ok: outcome.ok, startedAt, now: finishedAt }, policy)
        // Its retry would only be held: keep it for the recovery now.
        if (disabled && state === 'pending') state = 'held'
      }
      // A held delivery has no next attempt until it is recovered.
      const nextAttemptAt = delay === undefined || state === 'held' ? null : new Date(finishedAt.getTime() + delay)
      const settled: Settled = {
        attempt: attemptRecord(delivery.id, startedAt, outcome, nextAttemptAt),
        delivery: {
          id: delivery.id,
          attempts,
          state,
          deliveredAt: outcome.ok ? finishedAt.toISOString() : null,
          nextAttemptAt: outcome.ok || delay === undefined ? finishedAt.getTime() : finishedAt.getTime() + delay,
        },
      }
      return settled
    })
    if (settled.state !== 'held') metrics?.webhookDelivery(settled.state === 'pending' ? 'retrying' : settled.state)
  }

  /** Claims what is due (up to the free capacity) and starts sending it; resolves once claimed. One claim at a time. */
  function claimAndSend(): Promise<number> {
    claiming ??= claimFree().finally(() => (claiming = undefined))
    return claiming
  }
  let claiming: Promise<number> | undefined

  async function claimFree(): Promise<number> {
    const free = concurrency - sending
    if (free <= 0) return 0
    const claimed = await claim(free)
    for (const delivery of claimed) {
      sending++
      const task = attempt(delivery)
        .catch((error: unknown) => log('error', `webhook delivery ${delivery.id}: ${(error as Error).message}`))
        .finally(() => inFlight.delete(task))
      inFlight.add(task)
    }
    return claimed.length
  }

  /**
   * Claims again after each settled batch once half the slots are free (answers in), rather than at
   * the next 20 ms turn, so a backlog keeps the slots busy; half, so that a claim (one statement and
   * the reads of events, clients and endpoints) serves many deliveries. A claim under way is followed by one more.
   */
  function refill(): void {
    if (!loop.running || concurrency - sending < Math.ceil(concurrency / 2)) return
    if (claiming) {
      const again = () => void setImmediate(refill)
      void claiming.then(again, again)
      return
    }
    claimAndSend().catch((error: unknown) => log('error', `webhook worker: ${(error as Error).message}`))
  }

  // One batch at a time: a burst of 64 settled attempts costs one transaction and two statements (the
  // attempts' insert, the deliveries' update) instead of 64 and 128, and a crash before its commit leaves
  // the lease to run out and the delivery to be sent again (at least once).
  // Refill after the batch's attempts have left the in-flight set (their promises settle after the commit).
  const inBatch = groupCommit<Database, Settled>(db, {
    start: 'after-running-commit',
    beforeCommit: async (trx, batch) => {
      await recordWebhookAttempts(
        trx,
        batch.flatMap((settled) => (settled.attempt ? [settled.attempt] : [])),
      )
      await settleDeliveries(
        trx,
        owner,
        batch.map((settled) => settled.delivery),
      )
    },
    afterCommit: () => setImmediate(refill),
  })
  // Idle on SQLite, the loop sleeps until a delivery is queued or replayed (a write to the table wakes it),
  // another process may have committed, or the next retry comes due.
  const loop = pollingLoop('webhook worker', claimAndSend, pollMs, {
    pauseMs: () => outbox.pauseMs(now().getTime(), pollMs),
    watch: outbox.watch,
  })

  return {
    /** Starts polling for due deliveries. */
    start: () => loop.start(),
    /** Stops claiming and waits for attempts in flight (each bounded by the time-out). */
    async stop() {
      // A claim under way when stopping still starts its attempts; wait for it first.
      await loop.stop()
      await claiming
      await Promise.all(inFlight)
    },
    /** Claims and sends everything due now and waits for those attempts; for tests and the CLI. */
    async runOnce(): Promise<number> {
      let total = 0
      for (;;) {
        const claimed = await claimAndSend()
        total += claimed
        await Promise.all(inFlight)
        if (claimed === 0) return total
      }
    },
  }
}

export type WebhookWorker = ReturnType<typeof webhookWorker>
