/**
 * @module The console's words for what the API names in its own: the
 * scopes an application may see, counts with their plurals, and a
 * refusal's field name turned into the label people see beside it.
 */

/** What each scope lets an application see, as the account page says it. */
const SCOPE_WORDS: Record<string, string> = {
  openid: 'Who you are (your account id)',
  profile: 'Profile (name, picture)',
  email: 'Email address',
  offline_access: 'Access while you are away',
  'svc.access': 'Your svc roles and access',
}

/**
 * A scope in people's words; an unknown one as it is named.
 *
 * @example
 * scopeWords('profile') // 'Profile (name, picture)'
 */
export const scopeWords = (scope: string): string => SCOPE_WORDS[scope] ?? scope

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
