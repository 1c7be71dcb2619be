/**
 * @module Refuses, when a client saves it, a webhook URL whose host is a
 * private, loopback or link-local address, by the same rule the webhook
 * sender applies when it connects (`webhooks/target-guard.ts`), so a
 * developer learns of it on the form rather than from a delivery log full
 * of refusals. A name that does not resolve (yet) is accepted: the sender
 * still checks every address it connects to.
 */
import { lookup } from 'node:dns/promises'
import { isIP } from 'node:net'
import { InvalidInput } from '../invalid-input.js'
import { isPublicAddress } from './target-guard.js'

const PRIVATE_TARGET =
  'must reach a public address: private, loopback and link-local addresses are refused (the server allows them only with SVC_WEBHOOK_ALLOW_PRIVATE=1)'

/**
 * `url` (already a valid web URL), or an {@link InvalidInput} for `field`
 * when its host is, or resolves only to, addresses deliveries may not reach.
 *
 * @example
 * await publicWebhookTarget('webhook_url', 'http://10.0.0.5/hooks', { allowPrivate: false }) // throws
 */
export async function publicWebhookTarget(field: string, url: string, { allowPrivate }: { allowPrivate: boolean }): Promise<string> {
  if (allowPrivate) return url
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '')
  if (isIP(host) !== 0) {
    if (!isPublicAddress(host)) throw new InvalidInput(field, `${field} ${PRIVATE_TARGET}`)
    return url
  }
  const addresses = await lookup(host, { all: true }).catch(() => [])
  if (addresses.length > 0 && !addresses.some((entry) => isPublicAddress(entry.address)))
    throw new InvalidInput(field, `${field} ${host} resolves to ${addresses[0]!.address}; it ${PRIVATE_TARGET}`)
  return url
}
