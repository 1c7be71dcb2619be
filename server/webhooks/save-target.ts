/**
 * @module What the webhook sender's address guard (`webhooks/target-guard.ts`)
 * will make of a URL as it is saved: a host that is, or resolves only to,
 * a private, loopback or link-local address is refused when delivering,
 * unless the server allows such targets (`SVC_WEBHOOK_ALLOW_PRIVATE=1`).
 * Webhook endpoints are saved all the same with a warning (the operator
 * may allow them later; the developer learns of it on the form, not from a
 * delivery log full of refusals); a client's registration and its
 * back-channel logout URI refuse them. A name that does not resolve (yet)
 * passes: the sender still checks every address it connects to.
 */
import { lookup } from 'node:dns/promises'
import { isIP } from 'node:net'
import { InvalidInput } from '../invalid-input.js'
import { isPublicAddress } from './target-guard.js'

const PRIVATE_TARGET =
  'must reach a public address: private, loopback and link-local addresses are refused (the server allows them only with SVC_WEBHOOK_ALLOW_PRIVATE=1)'

/** The setting that lets deliveries reach private addresses, as the warnings name it. */
const ALLOW_SETTING = 'SVC_WEBHOOK_ALLOW_PRIVATE=1'

/**
 * The host the guard would refuse and the address it refuses, or
 * `undefined` when deliveries may go there, or when the name's lookup
 * takes longer than `timeoutMs` (it passes, as a name that does not
 * resolve does: the sender still checks every address it connects to).
 */
async function refusedAddress(url: string, timeoutMs = Infinity): Promise<{ host: string; address: string } | undefined> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '')
  if (isIP(host) !== 0) return isPublicAddress(host) ? undefined : { host, address: host }
  // Loopback by definition (RFC 6761), as the resolver answers it: no lookup needed.
  if (host === 'localhost' || host.endsWith('.localhost')) return { host, address: '127.0.0.1' }
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<[]>((resolve) => {
    if (Number.isFinite(timeoutMs)) timer = setTimeout(() => resolve([]), timeoutMs)
  })
  const addresses = await Promise.race([lookup(host, { all: true }).catch(() => []), late]).finally(() => clearTimeout(timer))
  if (addresses.length > 0 && !addresses.some((entry) => isPublicAddress(entry.address))) return { host, address: addresses[0]!.address }
  return undefined
}

/**
 * `url` (already a valid web URL), or an {@link InvalidInput} for `field`
 * when its host is, or resolves only to, addresses deliveries may not reach.
 *
 * @example
 * await publicWebhookTarget('webhook_url', 'http://10.0.0.5/hooks', { allowPrivate: false }) // throws
 */
export async function publicWebhookTarget(field: string, url: string, { allowPrivate }: { allowPrivate: boolean }): Promise<string> {
  if (allowPrivate) return url
  const refused = await refusedAddress(url)
  if (!refused) return url
  if (refused.host === refused.address) throw new InvalidInput(field, `${field} ${PRIVATE_TARGET}`)
  throw new InvalidInput(field, `${field} ${refused.host} resolves to ${refused.address}; it ${PRIVATE_TARGET}`)
}

/**
 * Why the sender will not deliver to `url` (already a valid web URL), and
 * the setting that would let it, or `undefined` when it will (or when the
 * server allows private targets, or a lookup outlasts `timeoutMs`).
 *
 * @example
 * await webhookTargetWarning('http://10.0.0.5/', { allowPrivate: false })
 * // 'svc will not deliver to 10.0.0.5: it is a private, loopback or link-local address; an operator can allow such addresses with SVC_WEBHOOK_ALLOW_PRIVATE=1'
 */
export async function webhookTargetWarning(
  url: string,
  { allowPrivate, timeoutMs }: { allowPrivate: boolean; /** How long a name's lookup may take; past it, no warning. */ timeoutMs?: number },
): Promise<string | undefined> {
  if (allowPrivate) return undefined
  const refused = await refusedAddress(url, timeoutMs)
  if (!refused) return undefined
  const why = refused.host === refused.address ? 'it is' : `it resolves only to ${refused.address},`
  return `svc will not deliver to ${refused.host}: ${why} a private, loopback or link-local address; an operator can allow such addresses with ${ALLOW_SETTING}`
}
