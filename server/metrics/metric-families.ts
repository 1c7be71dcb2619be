/**
 * @module Counters and histograms whose label children are resolved once
 * and then cost a number addition per event. prom-client's own `labels()`
 * children hash their label object on every `inc()` and `observe()`; on
 * the ads API, which answers tens of thousands of requests a second, that
 * string building per request is the whole cost of measuring it. These
 * families keep plain numbers per child and hand prom-client's registry
 * their values only when it is scraped, through the same `get()` its own
 * metrics answer, so the exposition format stays prom-client's. Each
 * family caps its distinct children: past the cap, new label values fold
 * into `other`, so whatever callers send cannot grow the registry.
 */
import type { Registry } from 'prom-client'

/** One sample as prom-client's registry formats it. */
interface Sample {
  /** The sample's own name (`…_bucket`), when not the family's. */
  metricName?: string
  labels: Record<string, string | number>
  value: number
}

/** Distinct children a family keeps before new label values fold into {@link OTHER}. */
export const DEFAULT_MAX_CHILDREN = 1000
/** The label value of whatever is past a family's cap. */
export const OTHER = 'other'

interface FamilyOptions<L extends string> {
  name: string
  help: string
  labelNames: readonly L[]
  /** Distinct children kept; 1,000 by default. */
  maxChildren?: number
}

/** One child of a counter family: add to `value`. */
export interface CounterChild {
  value: number
}

/** One child of a histogram family. */
export interface HistogramChild {
  observe(value: number): void
}

/**
 * A tree of children by label value, one level per label, so that finding
 * a child builds no key string.
 */
class Children<C> {
  private readonly root = new Map<string, unknown>()
  private readonly all: { labels: Record<string, string>; child: C }[] = []

  constructor(
    private readonly labelNames: readonly string[],
    private readonly maxChildren: number,
    private readonly make: () => C,
  ) {}

  /** The child of `values`; a new one past the cap is the child of all-{@link OTHER} instead (`folded`: already that one). */
  get(values: readonly string[], folded = false): C {
    const full = !folded && this.all.length >= this.maxChildren
    let level = this.root
    const last = values.length - 1
    for (let i = 0; i < last; i++) {
      let next = level.get(values[i]!) as Map<string, unknown> | undefined
      if (next === undefined) {
        if (full)
          return this.get(
            values.map(() => OTHER),
            true,
          )
        next = new Map()
        level.set(values[i]!, next)
      }
      level = next
    }
    const found = level.get(values[last]!) as C | undefined
    if (found !== undefined) return found
    if (full)
      return this.get(
        values.map(() => OTHER),
        true,
      )
    const child = this.make()
    level.set(values[last]!, child)
    const labels: Record<string, string> = {}
    this.labelNames.forEach((name, index) => (labels[name] = values[index]!))
    this.all.push({ labels, child })
    return child
  }

  entries(): readonly { labels: Record<string, string>; child: C }[] {
    return this.all
  }
}

/**
 * A counter family registered on `registry`; `child(...values)` resolves
 * a child once, to keep and add to.
 *
 * @example
 * const served = counterFamily(registry, { name: 'svc_ads_served_total', help: 'Ads served.', labelNames: ['slot'] })
 * served.child('home-slider-ads').value += 3
 */
export function counterFamily<L extends string>(
  registry: Registry,
  { name, help, labelNames, maxChildren = DEFAULT_MAX_CHILDREN }: FamilyOptions<L>,
) {
  const children = new Children<CounterChild>(labelNames, maxChildren, () => ({ value: 0 }))
  registry.registerMetric(
    exposedMetric(name, help, 'counter', () => children.entries().map(({ labels, child }): Sample => ({ labels, value: child.value }))),
  )
  return {
    /** The child of these label values, in `labelNames` order; keep it rather than asking again per event. */
    child: (...values: string[]): CounterChild => children.get(values),
  }
}

/**
 * A histogram family registered on `registry`, with cumulative buckets
 * as Prometheus expects.
 *
 * @example
 * const durations = histogramFamily(registry, { name: 'svc_http_request_duration_seconds', help: '…', labelNames: ['route'], buckets: [0.01, 0.1, 1] })
 * durations.child('/ads/:display').observe(0.004)
 */
export function histogramFamily<L extends string>(
  registry: Registry,
  { name, help, labelNames, buckets, maxChildren = DEFAULT_MAX_CHILDREN }: FamilyOptions<L> & { buckets: readonly number[] },
) {
  const bounds = [...buckets].sort((a, b) => a - b)
  const children = new Children<HistogramChild & { counts: Float64Array; sum: number; count: number }>(labelNames, maxChildren, () => {
    const child = {
      counts: new Float64Array(bounds.length),
      sum: 0,
      count: 0,
      observe(value: number) {
        child.sum += value
        child.count++
        for (let i = 0; i < bounds.length; i++) {
          if (value <= bounds[i]!) {
            child.counts[i]!++
            return
          }
        }
      },
    }
    return child
  })
  registry.registerMetric(
    exposedMetric(name, help, 'histogram', () =>
      children.entries().flatMap(({ labels, child }): Sample[] => {
        let cumulative = 0
        const values: Sample[] = bounds.map((bound, i) => {
          cumulative += child.counts[i]!
          return { metricName: `${name}_bucket`, labels: { ...labels, le: bound }, value: cumulative }
        })
        values.push(
          { metricName: `${name}_bucket`, labels: { ...labels, le: '+Inf' }, value: child.count },
          { metricName: `${name}_sum`, labels, value: child.sum },
          { metricName: `${name}_count`, labels, value: child.count },
        )
        return values
      }),
    ),
  )
  return {
    /** The child of these label values, in `labelNames` order. */
    child: (...values: string[]): HistogramChild => children.get(values),
  }
}

/** The shape prom-client's registry reads a metric through (`name`, `get()`, `reset()`), as its own metrics do. */
function exposedMetric(name: string, help: string, type: 'counter' | 'histogram', values: () => Sample[]) {
  return {
    name,
    help,
    type,
    aggregator: 'sum' as const,
    get: () => Promise.resolve({ name, help, type, aggregator: 'sum', values: values() }),
    // Counters only go up; a scrape never resets them.
    reset: () => undefined,
  } as unknown as Parameters<Registry['registerMetric']>[0]
}
