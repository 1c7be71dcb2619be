import { Registry } from 'prom-client'
import { describe, expect, it } from 'vitest'
import { counterFamily, histogramFamily, OTHER } from './metric-families.js'
import { cachedFor } from './scrape-cache.js'

describe('counter and histogram families', () => {
  it('expose their children in Prometheus text, with cumulative buckets', async () => {
    const registry = new Registry()
    const served = counterFamily(registry, { name: 'served_total', help: 'Served.', labelNames: ['slot', 'kind'] })
    served.child('home', 'a').value += 2
    served.child('home', 'a').value++
    served.child('side', 'b').value++
    const timed = histogramFamily(registry, { name: 'time_seconds', help: 'Time.', labelNames: ['route'], buckets: [0.1, 1] })
    const child = timed.child('/x')
    child.observe(0.05)
    child.observe(0.5)
    child.observe(5)
    const text = await registry.metrics()
    expect(text).toContain('# TYPE served_total counter')
    expect(text).toContain('served_total{slot="home",kind="a"} 3')
    expect(text).toContain('served_total{slot="side",kind="b"} 1')
    expect(text).toContain('# TYPE time_seconds histogram')
    expect(text).toContain('time_seconds_bucket{route="/x",le="0.1"} 1')
    expect(text).toContain('time_seconds_bucket{route="/x",le="1"} 2')
    expect(text).toContain('time_seconds_bucket{route="/x",le="+Inf"} 3')
    expect(text).toContain('time_seconds_sum{route="/x"} 5.55')
    expect(text).toContain('time_seconds_count{route="/x"} 3')
  })

  it('fold label values past the cap into other, so callers cannot grow the registry', async () => {
    const registry = new Registry()
    const family = counterFamily(registry, { name: 'slots_total', help: 'Slots.', labelNames: ['slot', 'kind'], maxChildren: 3 })
    for (let i = 0; i < 10; i++) family.child(`slot-${i}`, 'x').value++
    family.child('slot-0', 'x').value++
    const text = await registry.metrics()
    expect(text).toContain('slots_total{slot="slot-0",kind="x"} 2')
    expect(text).toContain('slots_total{slot="slot-2",kind="x"} 1')
    expect(text).not.toContain('slot-3')
    expect(text).toContain(`slots_total{slot="${OTHER}",kind="${OTHER}"} 7`)
  })

  it('keep a family per registry, so two apps in one process count apart', async () => {
    const [one, two] = [new Registry(), new Registry()]
    counterFamily(one, { name: 'hits_total', help: 'Hits.', labelNames: ['a'] }).child('x').value++
    counterFamily(two, { name: 'hits_total', help: 'Hits.', labelNames: ['a'] })
    expect(await one.metrics()).toContain('hits_total{a="x"} 1')
    expect(await two.metrics()).not.toContain('hits_total{a="x"}')
  })
})

describe('cachedFor', () => {
  it('reads once per period however often it is asked, and again after a failure', async () => {
    let time = 0
    let reads = 0
    let fail = false
    const read = cachedFor(
      5000,
      async () => {
        reads++
        if (fail) throw new Error('database down')
        return reads
      },
      () => time,
    )
    expect(await Promise.all([read(), read(), read()])).toEqual([1, 1, 1])
    time = 4999
    expect(await read()).toBe(1)
    time = 5000
    expect(await read()).toBe(2)
    fail = true
    time = 10_000
    await expect(read()).rejects.toThrow('database down')
    fail = false
    expect(await read()).toBe(4)
    expect(reads).toBe(4)
  })
})
