/**
 * @module The console's words for what the API names in its own: counts with their plurals, a refusal's
 * field name turned into the label people see beside it, and a failed
 * call (no answer, a server error, an answer without a sentence) as a
 * sentence a marketer understands.
 */

/**
 * A count and its noun, singular for one.
 *
 * @example
 * counted(1, 'dead delivery', 'dead deliveries') // '1 dead delivery'
 */
export const counted = (count: number, one: string, many: string): string => `${count} ${count === 1 ? one : many}`

/**
 * A refusal as shown beside its field: the API's name for the field
 * (`redirect_uri`, `webhook_url`, `rate limit`) at its start becomes the
 * field's words, and the sentence starts with a capital.
 *
 * @example
 * inFieldWords('webhook_url must be an http or https URL', ['webhook_url'], 'Webhook URL') // 'Webhook URL must be an http or https URL'
 */
export function inFieldWords(message: string, apiNames: readonly string[], words: string): string {
  const name = [...apiNames].sort((a, b) => b.length - a.length).find((candidate) => message.startsWith(`${candidate} `))
  const worded = name === undefined ? message : `${words}${message.slice(name.length)}`
  return worded.charAt(0).toUpperCase() + worded.slice(1)
}

/**
 * A failed console call as the page says it: the API's own sentence when
 * it gave one a person can read, else what happened in plain words. A
 * server error's text, a protocol code (`invalid_request`) or an address's
 * query syntax (`?organisation=CODE`) never reaches the page.
 *
 * @example
 * problemWords(502, undefined) // 'svc could not answer just now (error 502). Try again in a moment.'
 * problemWords(0, undefined) // 'The console could not reach svc. Check your connection, then try again.'
 */
export function problemWords(status: number, message: string | undefined): string {
  if (status === 0) return 'The console could not reach svc. Check your connection, then try again.'
  const raw = message === undefined || message.trim() === '' || RAW_WORDING.test(message)
  if (!raw && status !== 500) return message!
  if (status >= 500) return `svc could not answer just now (error ${status}). Try again in a moment.`
  if (status === 403) return 'Your account may not do this.'
  if (status === 404) return 'This is not there any more. Reload the page to see what is.'
  if (status === 409) return 'Someone changed this meanwhile. Reload the page, then try again.'
  if (status === 429) return 'Too many tries in a short time. Wait a minute, then try again.'
  return `svc refused this (error ${status}). Reload the page, then try again.`
}

/** What only a program should read: query syntax, protocol error codes, a value printed as nothing. */
const RAW_WORDING =
  /[?&][a-z_]+=|\b[a-z_]+=[A-Z]+\b|\b(?:invalid_request|invalid_client|invalid_grant|invalid_scope|unauthorized_client|server_error|access_denied)\b|\[object |\bundefined\b|\bnull\b|\bNaN\b/
