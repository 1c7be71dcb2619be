/**
 * @module The rules of a webhook endpoint's fields, in one place for the
 * portal and the command line: a web URL, a one-line description, known
 * event names. Each caller says how a refusal is kept: the portal keeps
 * every field's to show them all at once, the command line stops at the
 * first. Whether the sender may reach the URL is the caller's to ask
 * (`save-target.ts`): each saves it and warns.
 */
import { webUrl } from '../clients/web-url.js'
import { endpointDescription } from './endpoint-description.js'
import { type EndpointEvents, endpointEvents } from './endpoint-events.js'

/** An endpoint's fields, checked. */
export interface EndpointFields {
  url: string
  description: string
  events: EndpointEvents
}

/** Reads each field as given; a reader may throw a refusal (a list that is not a list). */
export interface EndpointFieldsGiven {
  url: () => string
  description: () => string
  events: () => readonly string[]
}

/** Runs one field's check: its value, or `undefined` with the refusal kept (or thrown on). */
export type FieldCheck = <T>(field: keyof EndpointFields, read: () => T) => T | undefined

/**
 * Checks the three fields, naming each as the caller does (`url` in the
 * portal, `--url` on the command line); `undefined` when any was refused.
 *
 * @example
 * const refusals = fieldRefusals()
 * const fields = endpointFields({ url: () => text('url'), … }, refusals.checked)
 * const fromShell = endpointFields(given, (field, read) => read(), { url: '--url', description: '--description', events: '--events' })
 */
export function endpointFields(
  given: EndpointFieldsGiven,
  check: FieldCheck,
  names: Record<keyof EndpointFields, string> = { url: 'url', description: 'description', events: 'events' },
): EndpointFields | undefined {
  const url = check('url', () => webUrl(names.url, given.url()))
  const description = check('description', () => endpointDescription(given.description(), names.description))
  const events = check('events', () => endpointEvents(given.events(), names.events))
  return url === undefined || description === undefined || events === undefined ? undefined : { url, description, events }
}
