/**
 * @module svc's Prometheus metrics: one registry per app (never
 * prom-client's global one, so tests and several apps in one process keep
 * their counts apart) holding every family `docs/operate/metrics.md`
 * lists. The modules where things happen report them through the small
 * functions here; the ones on hot paths (HTTP requests, ads served, ad
 * events) find their label child in a map once and then add a number.
 * The webhook backlog and the signing key's age are read from the
 * database when scraped, at most once every few seconds however often
 * Prometheus (or several) asks. Every label takes a bounded set of values.
 */
import { collectDefaultMetrics, Gauge, Registry } from 'prom-client'
import { ANYWHERE } from '../../shared/slug.js'
import { type CounterChild, counterFamily, type HistogramChild, histogramFamily, OTHER } from './metric-families.js'
import { cachedFor } from './scrape-cache.js'

/** How long a database reading made for a scrape serves the next ones. */
export const SCRAPE_CACHE_MS = 5000
/** Slots counted by name; ads served in further slots count under `other`. */
export const MAX_SLOTS = 1000

/** Seconds; from a cached ads answer (well under a millisecond) to a request held by the 30 s limit. */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30]
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])
const GRANT_TYPES = new Set(['authorization_code', 'refresh_token'])

/** What happened to a batch's ad event: counted, or not (unknown ad, another slot's, a refused batch). */
export type AdEventOutcome = 'accepted' | 'refused'
/** The kind of ad event, or `batch` for a batch refused before its events could be read. */
export type AdEventType = 'served' | 'viewable' | 'clicks' | 'batch'
export type SignInOutcome = 'success' | 'failure' | 'throttled'
/** How a person signed in: a password form, a mailed sign-in link, an external provider. */
export type SignInMethod = 'password' | 'link' | 'external' | 'passkey'
/** An attempt's result: delivered, failed and to be retried, or failed for the last time. */
export type WebhookDeliveryOutcome = 'delivered' | 'retrying' | 'dead'
/** `queued`: taken from the outbox for its first attempt; `sent`; `failed`: an attempt that failed (it is retried). */
export type MailState = 'queued' | 'sent' | 'failed'

/**
 * What a scrape reads from the database, handed in by `serve` (which
 * knows the webhook outbox and the signing keys), so the metrics stay
 * below the modules they measure.
 */
export interface DatabaseReadings {
  /** Deliveries waiting, and when the oldest of them was queued (ISO 8601, null when none). */
  webhookBacklog(): Promise<{ pending: number; oldestQueuedAt: string | null }>
  /** When the key that signs tokens now began signing (ms since the epoch), null before the first key. */
  signingKeySince(): Promise<number | null>
}

export interface MetricsOptions {
  /** The webhook backlog and signing key the scrape reports; without them, those gauges are left out. */
  readings?: DatabaseReadings
  now?: () => Date
}

/** How often the event loop's delay is sampled, in ms. */
const EVENT_LOOP_SAMPLE_MS = 100

/**
 * Makes the metrics of one app.
 *
 * @example
 * const metrics = svcMetrics({ readings: databaseReadings(db) })
 * metrics.collectProcessDefaults() // once, in `serve`
 * const { listener } = createBff({ db, metrics, metricsToken })
 */
export function svcMetrics({ readings, now = () => new Date() }: MetricsOptions = {}) {
  const registry = new Registry()

  const requests = counterFamily(registry, {
    name: 'svc_http_requests_total',
    help: 'HTTP requests answered, by route template (`unmatched` for no route), method and status code.',
    labelNames: ['route', 'method', 'status'],
    maxChildren: 5000,
  })
  const durations = histogramFamily(registry, {
    name: 'svc_http_request_duration_seconds',
    help: 'Time from a request reaching svc to its answer being written, by route template, method and status class (2xx, 4xx…).',
    labelNames: ['route', 'method', 'status_class'],
    buckets: DURATION_BUCKETS,
    maxChildren: 5000,
  })
  // route → method → status: finding a request's children builds no string once they exist.
  const httpChildren = new Map<string, Map<string, Map<number, { counted: CounterChild; timed: HistogramChild }>>>()

  const served = counterFamily(registry, {
    name: 'svc_ads_served_total',
    help: 'Ads handed out by the ads API (an answer of three ads counts three), by slot slug (`anywhere` for no slot).',
    labelNames: ['slot'],
    maxChildren: MAX_SLOTS,
  })
  const servedBySlotKey = new Map<string | null, CounterChild>()

  const adEventFamily = counterFamily(registry, {
    name: 'svc_ad_events_total',
    help: 'Ad events reported by <svc-ads>, accepted (counted) or refused, by type (served, viewable, clicks; batch for a batch refused before its events were read).',
    labelNames: ['outcome', 'type'],
  })
  const adEventChildren: Record<AdEventOutcome, Partial<Record<AdEventType, CounterChild>>> = { accepted: {}, refused: {} }
  for (const type of ['served', 'viewable', 'clicks'] as const) adEventChildren.accepted[type] = adEventFamily.child('accepted', type)
  // Only refusals come by the batch; an accepted batch counts its events.
  for (const type of ['served', 'viewable', 'clicks', 'batch'] as const)
    adEventChildren.refused[type] = adEventFamily.child('refused', type)

  const grants = counterFamily(registry, {
    name: 'svc_token_grants_total',
    help: 'Token endpoint requests, by grant type (`other` for a missing or unsupported one) and outcome (`success` or the OAuth error code).',
    labelNames: ['grant_type', 'outcome'],
  })
  const signIns = counterFamily(registry, {
    name: 'svc_sign_ins_total',
    help: 'Sign-in attempts, by outcome (success, failure, throttled) and method (password, link, external, passkey).',
    labelNames: ['outcome', 'method'],
  })
  const deliveries = counterFamily(registry, {
    name: 'svc_webhook_deliveries_total',
    help: 'Webhook delivery attempts, by outcome (delivered, retrying, dead).',
    labelNames: ['outcome'],
  })
  const mails = counterFamily(registry, {
    name: 'svc_mails_total',
    help: 'Mails taken from the outbox for their first attempt (queued), sent, and attempts that failed (retried later).',
    labelNames: ['state'],
  })

  // Series that exist from the start, at 0, so that rate() and the alerts work before the first event.
  for (const grantType of GRANT_TYPES) grants.child(grantType, 'success')
  for (const outcome of ['success', 'failure', 'throttled'] as const)
    for (const method of ['password', 'link', 'external', 'passkey'] as const) signIns.child(outcome, method)
  for (const outcome of ['delivered', 'retrying', 'dead'] as const) deliveries.child(outcome)
  for (const state of ['queued', 'sent', 'failed'] as const) mails.child(state)

  if (readings) {
    const backlog = cachedFor(SCRAPE_CACHE_MS, () => readings.webhookBacklog())
    new Gauge({
      name: 'svc_webhook_queue_depth',
      help: 'Webhook deliveries waiting to be made (due now or waiting for a retry); the same in every replica.',
      registers: [registry],
      async collect() {
        this.set((await backlog()).pending)
      },
    })
    new Gauge({
      name: 'svc_webhook_oldest_pending_age_seconds',
      help: 'Seconds since the oldest pending webhook delivery was first queued; 0 when none is pending.',
      registers: [registry],
      async collect() {
        const { oldestQueuedAt } = await backlog()
        this.set(oldestQueuedAt === null ? 0 : Math.max(0, (now().getTime() - Date.parse(oldestQueuedAt)) / 1000))
      },
    })
    const signingSince = cachedFor(SCRAPE_CACHE_MS, () => readings.signingKeySince())
    new Gauge({
      name: 'svc_signing_key_age_seconds',
      help: 'Seconds since the key that signs tokens began signing (keys rotate every 90 days); 0 before the first key is made.',
      registers: [registry],
      async collect() {
        const since = await signingSince()
        this.set(since === null ? 0 : Math.max(0, (now().getTime() - since) / 1000))
      },
    })
  }

  let defaultsCollected = false

  return {
    registry,
    /** `text/plain; version=0.0.4; charset=utf-8`. */
    contentType: registry.contentType,
    /** Every family in Prometheus's text format. */
    scrape: (): Promise<string> => registry.metrics(),
    /** Adds prom-client's process families (CPU, memory, event loop lag, GC); once, as they watch the process. */
    collectProcessDefaults(): void {
      if (defaultsCollected) return
      defaultsCollected = true
      // The event-loop-delay monitor samples on a timer (prom-client's default every 10 ms: about 8 ms of CPU a
      // second on an idle server); any block still delays the pending sample, so the lag's maximum is kept.
      collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: EVENT_LOOP_SAMPLE_MS })
    },
    /** Counts one answered request; `route` is a template (`/oidc/token`, `/console/api/ads/:code`), never a raw path. */
    httpRequest(route: string, method: string, status: number, seconds: number): void {
      let byMethod = httpChildren.get(route)
      if (byMethod === undefined) httpChildren.set(route, (byMethod = new Map()))
      let byStatus = byMethod.get(method)
      if (byStatus === undefined) byMethod.set(method, (byStatus = new Map()))
      let children = byStatus.get(status)
      if (children === undefined) {
        const shownMethod = METHODS.has(method) ? method : OTHER
        children = {
          counted: requests.child(route, shownMethod, String(status)),
          timed: durations.child(route, shownMethod, `${Math.floor(status / 100)}xx`),
        }
        // Methods outside the list share one child rather than a map entry each.
        if (shownMethod === method) byStatus.set(status, children)
      }
      children.counted.value++
      children.timed.observe(seconds)
    },
    /** Counts the ads of one answer of a slot (by its key, `null` for no slot); only slots that serve ads get here. */
    adsServed(slotKey: string | null, count: number): void {
      let child = servedBySlotKey.get(slotKey)
      if (child === undefined) {
        child = served.child(slotKey === null ? ANYWHERE : slotKey.replaceAll(' ', '-'))
        if (servedBySlotKey.size < MAX_SLOTS) servedBySlotKey.set(slotKey, child)
      }
      child.value += count
    },
    adEvents(outcome: AdEventOutcome, type: AdEventType, count = 1): void {
      ;(adEventChildren[outcome][type] ??= adEventFamily.child(outcome, type)).value += count
    },
    /** `outcome`: `success`, or the OAuth error code answered. */
    tokenGrant(grantType: string | null, outcome: string): void {
      grants.child(grantType !== null && GRANT_TYPES.has(grantType) ? grantType : OTHER, outcome).value++
    },
    signIn(outcome: SignInOutcome, method: SignInMethod): void {
      signIns.child(outcome, method).value++
    },
    webhookDelivery(outcome: WebhookDeliveryOutcome): void {
      deliveries.child(outcome).value++
    },
    mail(state: MailState, count = 1): void {
      mails.child(state).value += count
    },
  }
}

/** The metrics of one app, which the modules where things happen report to. */
export type SvcMetrics = ReturnType<typeof svcMetrics>
