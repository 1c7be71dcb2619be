import { describe, expect, it } from 'vitest'
import { FORGET_AFTER_MS, FREE_FAILURES, type LoginAttempt, loginThrottle, LONGEST_WAIT_SECONDS, NEW_DEVICES } from './login-throttle.js'

function throttleAt(start = 1_000_000) {
  const clock = { time: start }
  return { clock, throttle: loginThrottle({ now: () => clock.time }) }
}

const ADA: LoginAttempt = { account: 'ACC0000000001', address: '203.0.113.9' }

async function fail(throttle: ReturnType<typeof loginThrottle>, attempt: LoginAttempt, times: number) {
  for (let i = 0; i < times; i++) await throttle.failed(attempt)
}

describe('the login throttle', () => {
  it('lets the free failures through, then makes attempts wait 1 s, doubling up to 15 minutes', async () => {
    const { clock, throttle } = throttleAt()
    await fail(throttle, ADA, FREE_FAILURES.pair)
    expect(await throttle.wait(ADA)).toBeUndefined()
    const waits: number[] = []
    for (let failure = 1; failure <= 12; failure++) {
      await throttle.failed(ADA)
      waits.push((await throttle.wait(ADA))!)
      clock.time += waits.at(-1)! * 1000
      expect(await throttle.wait(ADA)).toBeUndefined()
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, LONGEST_WAIT_SECONDS, LONGEST_WAIT_SECONDS])
  })

  it('counts only failures: correct passwords never, and one clears the pair and account counts', async () => {
    const { throttle } = throttleAt()
    for (let i = 0; i < 100; i++) await throttle.succeeded(ADA)
    expect(await throttle.wait(ADA)).toBeUndefined()
    await fail(throttle, ADA, FREE_FAILURES.pair + 1)
    expect(await throttle.wait(ADA)).toBe(1)
    await throttle.succeeded(ADA)
    expect(await throttle.wait(ADA)).toBeUndefined()
  })

  it('forgets failures after an hour without one', async () => {
    const { clock, throttle } = throttleAt()
    await fail(throttle, ADA, FREE_FAILURES.pair + 10)
    clock.time += FORGET_AFTER_MS
    await throttle.failed(ADA)
    expect(await throttle.wait(ADA)).toBeUndefined()
  })

  it('slows one address guessing many accounts, but not other addresses', async () => {
    const { throttle } = throttleAt()
    for (let i = 0; i <= FREE_FAILURES.address; i++) await throttle.failed({ account: `user${i}@example.com`, address: '198.51.100.1' })
    expect(await throttle.wait({ account: 'someone@example.com', address: '198.51.100.1' })).toBe(1)
    expect(await throttle.wait({ account: 'someone@example.com', address: '198.51.100.2' })).toBeUndefined()
  })

  it('counts IPv6 callers by their /64', async () => {
    const { throttle } = throttleAt()
    for (let i = 0; i <= FREE_FAILURES.pair; i++) await throttle.failed({ ...ADA, address: `2001:db8:1:2::${i + 1}` })
    expect(await throttle.wait({ ...ADA, address: '2001:db8:1:2:ffff::1' })).toBe(1)
    expect(await throttle.wait({ ...ADA, address: '2001:db8:1:3::1' })).toBeUndefined()
  })

  it('slows many addresses guessing one account, except a browser that signed in to it before', async () => {
    const { throttle } = throttleAt()
    for (let i = 0; i <= FREE_FAILURES.account; i++) await throttle.failed({ ...ADA, address: `198.51.100.${i}` })
    expect(await throttle.wait({ ...ADA, address: '192.0.2.1' })).toBe(1)
    expect(await throttle.wait({ ...ADA, address: '192.0.2.1', device: 'owners-browser' })).toBeUndefined()
  })

  it('counts a known browser on its own, so it too is slowed after its free failures', async () => {
    const { throttle } = throttleAt()
    const owner = { ...ADA, device: 'owners-browser' }
    await fail(throttle, owner, FREE_FAILURES.device + 1)
    expect(await throttle.wait(owner)).toBe(1)
    expect(await throttle.wait({ ...owner, device: 'another-browser' })).toBeUndefined()
    expect(await throttle.wait(ADA)).toBeUndefined()
  })

  it('counts known browsers’ failures and refusals on their address too, so many device cookies there soon wait', async () => {
    const { throttle } = throttleAt()
    const address = '198.51.100.66'
    for (let device = 0; device < FREE_FAILURES.knownAddress / 2; device++) await throttle.failed({ ...ADA, address, device: `d${device}` })
    for (let refusal = 0; refusal <= FREE_FAILURES.knownAddress / 2; refusal++) await throttle.refused({ ...ADA, address, device: 'd0' })
    expect(await throttle.wait({ ...ADA, address, device: 'a-new-cookie' })).toBe(1)
    // The owner's browser elsewhere, and strangers without a cookie at that address, are not slowed.
    expect(await throttle.wait({ ...ADA, address: '203.0.113.7', device: 'owners-browser' })).toBeUndefined()
    expect(await throttle.wait({ ...ADA, address })).toBeUndefined()
  })

  it('gives one address a few new device cookies an hour per account, and a few more in all', async () => {
    const { clock, throttle } = throttleAt()
    const address = '198.51.100.66'
    const admitted = async (account: string, times: number) => {
      const answers: boolean[] = []
      for (let i = 0; i < times; i++) answers.push(await throttle.admitNewDevice({ account, address }))
      return answers.filter(Boolean).length
    }
    expect(await admitted('mallory', NEW_DEVICES.pair + 5)).toBe(NEW_DEVICES.pair)
    expect(await throttle.admitNewDevice({ account: 'mallory', address: '203.0.113.7' })).toBe(true)
    let all = NEW_DEVICES.pair
    for (let account = 0; all < NEW_DEVICES.address; account++) all += await admitted(`account${account}`, 1)
    expect(await throttle.admitNewDevice({ account: 'someone-new', address })).toBe(false)
    clock.time += FORGET_AFTER_MS
    expect(await throttle.admitNewDevice({ account: 'mallory', address })).toBe(true)
  })

  it('gives one account a few new device cookies an hour from all addresses together', async () => {
    const { clock, throttle } = throttleAt()
    const fromAddresses = async (first: number, count: number) => {
      let admitted = 0
      for (let i = first; i < first + count; i++)
        admitted += Number(await throttle.admitNewDevice({ account: 'mallory', address: `198.51.100.${i}` }))
      return admitted
    }
    expect(await fromAddresses(1, NEW_DEVICES.account + 12)).toBe(NEW_DEVICES.account)
    expect(await throttle.admitNewDevice({ account: 'ada', address: '198.51.100.200' })).toBe(true)
    clock.time += FORGET_AFTER_MS
    expect(await fromAddresses(100, 1)).toBe(1)
  })
})
