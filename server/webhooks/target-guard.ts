/**
 * @module Keeps webhook deliveries off private networks (SSRF): a target
 * whose address is private, loopback, link-local or otherwise not public
 * is refused, checked on the addresses actually connected to (a DNS
 * `lookup` hook), so a name that resolves differently later cannot slip
 * through. A setting allows them for local development and tests.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import { isIP, type LookupFunction } from 'node:net'
import ipaddr from 'ipaddr.js'

/** Raised for a target that resolves to an address deliveries may not reach. */
export class ForbiddenTarget extends Error {
  override name = 'ForbiddenTarget'
}

// IANA allocates global unicast IPv6 only from 2000::/3. ipaddr.js calls
// everything it has no name for `unicast`, including the deprecated
// IPv4-compatible ::/96 (`[::127.0.0.1]` parses to ::7f00:1), so IPv6 must
// also fall inside this block.
const GLOBAL_UNICAST_IPV6 = ipaddr.parseCIDR('2000::/3')

/**
 * True for an address on the public internet: ipaddr.js's `unicast`
 * range, and for IPv6 inside the global unicast block 2000::/3.
 *
 * @example
 * isPublicAddress('10.0.0.1') // false
 * isPublicAddress('::7f00:1') // false: [::127.0.0.1] in a URL
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false
  const parsed = ipaddr.parse(address)
  if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast'
  const ipv6 = parsed as ipaddr.IPv6
  if (ipv6.isIPv4MappedAddress()) return ipv6.toIPv4Address().range() === 'unicast'
  return ipv6.range() === 'unicast' && ipv6.match(GLOBAL_UNICAST_IPV6)
}

/**
 * Refuses a URL whose host is a non-public IP literal: Node connects to
 * literals without calling `lookup`, so they are checked here.
 *
 * @example
 * assertLiteralAllowed(new URL('http://10.0.0.1/hook'), { allowPrivate: false }) // throws
 */
export function assertLiteralAllowed(url: URL, { allowPrivate }: { allowPrivate: boolean }): void {
  const host = url.hostname.replace(/^\[|\]$/g, '')
  if (!allowPrivate && isIP(host) !== 0 && !isPublicAddress(host)) {
    throw new ForbiddenTarget(`${host} is a private, loopback or link-local address; deliveries may not go there`)
  }
}

/**
 * A `lookup` for `http.request` that refuses non-public addresses unless `allowPrivate`.
 *
 * @example
 * http.request(url, { lookup: guardedLookup({ allowPrivate: false }) })
 */
export function guardedLookup({ allowPrivate }: { allowPrivate: boolean }): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 4)
      const allowed = allowPrivate ? addresses : addresses.filter((entry) => isPublicAddress(entry.address))
      if (allowed.length === 0) {
        return callback(
          new ForbiddenTarget(`${hostname} resolves to a private, loopback or link-local address; deliveries may not go there`),
          '',
          4,
        )
      }
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, allowed)
      callback(null, allowed[0]!.address, allowed[0]!.family)
    })
  }
}
