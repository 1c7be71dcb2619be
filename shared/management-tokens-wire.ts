/**
 * @module The console's API tokens page on the wire
 * (`/console/api/tokens`): management API tokens as the page lists them,
 * what a new one is made from, and the answer that carries the token the
 * one time it is shown; and the scopes in people's words.
 */

/** The longest name a token may have: the console's field stops there, and the server refuses longer. */
export const TOKEN_NAME_MAX = 100

/** One management token; the token itself is shown once, at creation, and never again. */
export interface ConsoleManagementToken {
  id: number
  name: string
  /** The token's first characters (`svc_mt_AbCd`), to tell it apart. */
  prefix: string
  /** Scopes as stored: `ads:write`, `keys:read`. */
  scopes: string[]
  /** Who made it, in words: an account's name and address, or "Command line (ada)". */
  created_by: string
  created_at: string
  expires_at: string | null
  last_used_at: string | null
  revoked_at: string | null
  state: 'active' | 'expired' | 'revoked'
}

/** `GET /tokens?organisation=CODE` (or `?operator-wide=1`, operators only). */
export interface ConsoleManagementTokenList {
  /** The organisation's code, or null for the operator-wide tokens. */
  organisation: string | null
  /** The resources a token may be given, in the order the form offers them. */
  resources: string[]
  /** Those of `resources` the API only reads: the form offers no "Read and write" for them. */
  read_only: string[]
  /** The most days a token may live. */
  max_days: number
  tokens: ConsoleManagementToken[]
}

/** What `POST /tokens` takes. */
export interface ConsoleManagementTokenInput {
  /** The organisation's code; null for an operator-wide token (operators only). */
  organisation: string | null
  name: string
  /** `resource:read` or `resource:write`, at least one. */
  scopes: string[]
  /** Whole days until it expires; absent or null with no `expires_at` for a token that never expires. */
  expires_days?: number | null
  /** The instant it expires (ISO 8601), instead of `expires_days`. */
  expires_at?: string | null
}

/** `POST /tokens`: the token, this once. */
export interface ConsoleManagementTokenCreated {
  id: number
  token: string
  expires_at: string | null
}

const RESOURCE_WORDS: Record<string, string> = {
  ads: 'Ads',
  images: 'Images',
  keys: 'API keys',
  clients: 'Clients',
  users: 'People',
  webhooks: 'Webhooks',
  reports: 'Reports',
}

/**
 * A resource a token reaches, as the page names it; an unknown one as it is named, capitalised.
 *
 * @example
 * resourceWords('keys') // 'API keys'
 */
export const resourceWords = (resource: string): string => RESOURCE_WORDS[resource] ?? resource.charAt(0).toUpperCase() + resource.slice(1)

/**
 * A scope in words: `ads:write` is "Ads: read and write", since write implies read.
 *
 * @example
 * scopeInWords('keys:read') // 'API keys: read'
 */
export function scopeInWords(scope: string): string {
  const [resource = '', access = ''] = scope.split(':')
  return `${resourceWords(resource)}: ${access === 'write' ? 'read and write' : access === 'read' ? 'read' : access}`
}
