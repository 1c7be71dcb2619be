/**
 * @module Which events a webhook endpoint subscribes to: every event
 * (`["*"]`, also what new events added later reach), or a chosen set of
 * the catalogue's names. One reading of what people type (the CLI's
 * `--events a,b`, the console's checkboxes, the management API's array),
 * so each refuses an unknown name with the same words.
 */
import { ACCOUNT_EVENT_NAMES, type AccountEventName } from '../accounts/account-events.js'
import { InvalidInput } from '../invalid-input.js'

/** Every event, present and future. */
export const ALL_EVENTS = '*'

/** An endpoint's subscription: `['*']`, or event names in the catalogue's order, none twice. */
export type EndpointEvents = readonly ['*'] | readonly AccountEventName[]

/**
 * The subscription `names` ask for; no names, or `*` among them, is every
 * event. An unknown name is an {@link InvalidInput} for `field` naming the known ones.
 *
 * @example
 * endpointEvents(['account.deleted', 'ping']) // ['account.deleted', 'ping']
 * endpointEvents([]) // ['*']
 */
export function endpointEvents(names: readonly string[], field = 'events'): EndpointEvents {
  const wanted = names.map((name) => name.trim()).filter((name) => name !== '')
  if (wanted.length === 0 || wanted.includes(ALL_EVENTS)) return [ALL_EVENTS]
  for (const name of wanted)
    if (!(ACCOUNT_EVENT_NAMES as readonly string[]).includes(name))
      throw new InvalidInput(field, `${field}: ${JSON.stringify(name)} is not an event; choose from ${ACCOUNT_EVENT_NAMES.join(', ')}, or * for every event`)
  return ACCOUNT_EVENT_NAMES.filter((name) => wanted.includes(name))
}

/**
 * Whether an endpoint with this subscription receives `event`.
 *
 * @example
 * subscribesTo(['account.deleted'], 'ping') // false
 */
export const subscribesTo = (events: EndpointEvents, event: string): boolean =>
  (events as readonly string[]).includes(ALL_EVENTS) || (events as readonly string[]).includes(event)
