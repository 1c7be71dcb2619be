import { Hono } from 'hono'
import ipaddr from 'ipaddr.js'
import { describe, expect, it } from 'vitest'
import { clientAddress, trustedProxies, trustProxies } from './client-address.js'

const parse = (address: string) => ipaddr.parse(address)

/** Asks an app for the caller's address as a socket from `peer` with these headers would give it. */
async function addressSeen(peer: string, headers: Record<string, string>, trusted?: string): Promise<string> {
  const app = new Hono()
  if (trusted !== undefined) app.use(trustProxies(trustedProxies(trusted)))
  app.get('/', (c) => c.text(clientAddress(c)))
  const res = await app.request('/', { headers }, { incoming: { socket: { remoteAddress: peer } } })
  return res.text()
}

describe('the client address', () => {
  it('is the socket peer, whatever X-Forwarded-For says, when no proxy is trusted', async () => {
    expect(await addressSeen('203.0.113.9', { 'X-Forwarded-For': '198.51.100.1' })).toBe('203.0.113.9')
    expect(await addressSeen('::ffff:127.0.0.1', {})).toBe('127.0.0.1')
  })

  it('is the socket peer when the peer is not a trusted proxy', async () => {
    expect(await addressSeen('203.0.113.9', { 'X-Forwarded-For': '198.51.100.1' }, '10.0.0.0/8')).toBe('203.0.113.9')
  })

  it('is the first untrusted hop from the right behind trusted proxies, so a client cannot name its own', async () => {
    const headers = { 'X-Forwarded-For': '1.1.1.1, 198.51.100.7, 10.0.0.5' }
    expect(await addressSeen('10.0.0.2', headers, '10.0.0.0/8')).toBe('198.51.100.7')
    expect(await addressSeen('::ffff:10.0.0.2', headers, '10.0.0.0/8')).toBe('198.51.100.7')
    expect(await addressSeen('2001:db8::1', { 'X-Forwarded-For': '[2001:db8:1::9]:4711' }, '2001:db8::1')).toBe('2001:db8:1::9')
    expect(await addressSeen('10.0.0.2', { 'X-Forwarded-For': '198.51.100.7:4711' }, '10.0.0.2')).toBe('198.51.100.7')
  })

  it('stays at the last trusted hop when the header is missing or not an address', async () => {
    expect(await addressSeen('10.0.0.2', {}, '10.0.0.0/8')).toBe('10.0.0.2')
    expect(await addressSeen('10.0.0.2', { 'X-Forwarded-For': 'evil, 10.0.0.3' }, '10.0.0.0/8')).toBe('10.0.0.3')
    expect(await addressSeen('10.0.0.2', { 'X-Forwarded-For': '0x7f.1' }, '10.0.0.0/8')).toBe('10.0.0.2')
  })

  it('is unknown in-process, without a socket', async () => {
    const app = new Hono()
    app.get('/', (c) => c.text(clientAddress(c)))
    expect(await (await app.request('/')).text()).toBe('unknown')
  })
})

describe('the trusted-proxy list', () => {
  it('takes addresses and CIDR ranges of both families', () => {
    const trusted = trustedProxies(' 10.0.0.0/8 , 192.168.1.7,2001:db8::/32,')
    expect(['10.200.0.1', '192.168.1.7', '2001:db8:ffff::1'].map((a) => trusted(parse(a)))).toEqual([true, true, true])
    expect(['11.0.0.1', '192.168.1.8', '2001:db9::1'].map((a) => trusted(parse(a)))).toEqual([false, false, false])
  })

  it.each(['proxy.internal', '10.0.0.0/33', '10', '10.0.0.1/8/8', '::/129'])('refuses %j, naming it', (entry) => {
    expect(() => trustedProxies(entry)).toThrow(`${JSON.stringify(entry)} is neither an IP address nor a CIDR range`)
  })
})
