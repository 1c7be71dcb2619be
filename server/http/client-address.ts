/**
 * @module The caller's IP address, for login throttling and the
 * `account.signed_in` event. It is the socket's peer, unless that peer is
 * one of the proxies the operator trusts (`SVC_TRUSTED_PROXIES`): then
 * `X-Forwarded-For` is read from the right, each trusted hop skipped, and
 * the first address no trusted proxy vouches for is the caller's (as
 * Express's `trust proxy` and nginx's `real_ip_recursive` do). A client
 * therefore cannot name its own address: what it writes into the header
 * sits left of what the proxy appends. In-process (`app.request()`) there
 * is no socket, and the address is `unknown`.
 */
import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context, MiddlewareHandler } from 'hono'
import ipaddr from 'ipaddr.js'

type Address = ipaddr.IPv4 | ipaddr.IPv6

/** Says whether an address is one of the operator's proxies. */
export type TrustedProxies = (address: Address) => boolean

/** Raised for an entry of the trusted-proxy list that is neither an address nor a CIDR range. */
export class InvalidTrustedProxy extends Error {
  override name = 'InvalidTrustedProxy'
}

const TRUSTED_PROXIES = 'trustedProxies'
/** Hops of `X-Forwarded-For` read at most; a longer chain of trusted proxies is not a real deployment. */
const MAX_HOPS = 32

/**
 * Reads a comma-separated list of IP addresses and CIDR ranges (IPv4 or
 * IPv6); an empty list trusts no one.
 *
 * @example
 * const trusted = trustedProxies('10.0.0.0/8, 2001:db8::1')
 * trusted(ipaddr.parse('10.1.2.3')) // true
 */
export function trustedProxies(list: string): TrustedProxies {
  const ranges = list
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map((entry): [Address, number] => {
      const [text = '', bits] = entry.split('/')
      const address = parseAddress(text)
      const prefix = bits === undefined ? undefined : /^\d{1,3}$/.test(bits) ? Number(bits) : -1
      const size = address?.kind() === 'ipv4' ? 32 : 128
      if (!address || text !== text.trim() || (prefix !== undefined && (prefix < 0 || prefix > size)) || entry.split('/').length > 2)
        throw new InvalidTrustedProxy(`${JSON.stringify(entry)} is neither an IP address nor a CIDR range like 10.0.0.0/8`)
      return [address, prefix ?? size]
    })
  return (address) => ranges.some(([range, bits]) => range.kind() === address.kind() && address.match(range, bits))
}

/**
 * Makes `clientAddress` believe `X-Forwarded-For` from these proxies; mounted
 * in front of every route only when the operator names some.
 *
 * @example
 * app.use(trustProxies(trustedProxies('10.0.0.0/8, 2001:db8::1')))
 */
export function trustProxies(trusted: TrustedProxies): MiddlewareHandler {
  return async function rememberTrustedProxies(c, next) {
    c.set(TRUSTED_PROXIES, trusted)
    await next()
  }
}

/**
 * The caller's address: the socket's peer, or the forwarded one when the
 * peer is a trusted proxy. IPv4-mapped IPv6 addresses read as IPv4.
 *
 * @example
 * clientAddress(c) // '203.0.113.9'
 */
export function clientAddress(c: Context): string {
  let peer: string | undefined
  try {
    peer = getConnInfo(c).remote.address
  } catch {
    return 'unknown'
  }
  let address = peer === undefined ? undefined : parseAddress(peer)
  if (!address) return peer ?? 'unknown'
  const trusted = c.get(TRUSTED_PROXIES) as TrustedProxies | undefined
  if (trusted && trusted(address)) {
    const hops = (c.req.header('X-Forwarded-For') ?? '').split(',')
    for (let hop = hops.length - 1; hop >= Math.max(0, hops.length - MAX_HOPS); hop--) {
      const forwarded = parseAddress(hops[hop]!)
      // Garbage can only come from a trusted proxy here; the last good address stands.
      if (!forwarded) break
      address = forwarded
      if (!trusted(address)) break
    }
  }
  return address.toString()
}

/** An address as a socket or a proxy writes it (`1.2.3.4`, `1.2.3.4:56`, `[::1]:56`, `::ffff:1.2.3.4`), or undefined. */
function parseAddress(text: string): Address | undefined {
  let value = text.trim()
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value)
  if (bracketed) value = bracketed[1]!
  else if (/^[\d.]+:\d+$/.test(value)) value = value.slice(0, value.indexOf(':'))
  // Only the dotted-quad form of IPv4: ipaddr.js would also read `10` or `0x7f.1`.
  if (ipaddr.IPv4.isValidFourPartDecimal(value)) return ipaddr.IPv4.parse(value)
  if (!ipaddr.IPv6.isValid(value)) return undefined
  const address = ipaddr.IPv6.parse(value)
  return address.isIPv4MappedAddress() ? address.toIPv4Address() : address
}
