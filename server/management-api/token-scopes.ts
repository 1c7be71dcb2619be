/**
 * @module The management API's scopes: one per resource, each `read` or
 * `write` (`ads:write`), where `write` implies `read`, as GitHub's and
 * Stripe's restricted keys do. A token names them when it is made; each
 * route names the one it needs.
 */
import { InvalidInput } from '../invalid-input.js'

/** The resources a token may reach; the API grows into them one group at a time. */
export const TOKEN_RESOURCES = ['ads', 'images', 'keys', 'clients', 'users', 'webhooks', 'reports'] as const
export type TokenResource = (typeof TOKEN_RESOURCES)[number]

/** A scope: a resource and what may be done to it. */
export type TokenScope = `${TokenResource}:${'read' | 'write'}`

/** The resources the API only reads: a `write` scope of theirs would grant nothing. */
export const READ_ONLY_RESOURCES: readonly TokenResource[] = ['reports']

/** Every scope there is, in the order lists show them. */
export const TOKEN_SCOPES: readonly TokenScope[] = TOKEN_RESOURCES.flatMap((resource) =>
  READ_ONLY_RESOURCES.includes(resource) ? ([`${resource}:read`] as const) : ([`${resource}:read`, `${resource}:write`] as const),
)

const SCOPE_RULE =
  `scopes are comma-separated resource:read or resource:write, the resources being ${TOKEN_RESOURCES.join(', ')}` +
  ` (${READ_ONLY_RESOURCES.join(', ')}: read only)`

/**
 * Reads a scope list as a token is made: each must be known, at least one
 * given; duplicates and a `read` that a `write` of the same resource
 * already grants are dropped.
 *
 * @example
 * parseTokenScopes('ads:write, keys:read') // ['ads:write', 'keys:read']
 */
export function parseTokenScopes(value: string | readonly string[]): TokenScope[] {
  const items = (typeof value === 'string' ? value.split(',') : value).map((item) => item.trim()).filter((item) => item !== '')
  if (items.length === 0) throw new InvalidInput('scopes', `give at least one scope; ${SCOPE_RULE}`)
  const unknown = items.find((item) => !(TOKEN_SCOPES as readonly string[]).includes(item))
  if (unknown !== undefined) throw new InvalidInput('scopes', `unknown scope ${unknown}; ${SCOPE_RULE}`)
  const scopes = new Set(items as TokenScope[])
  return TOKEN_SCOPES.filter((scope) => scopes.has(scope) && !(scope.endsWith(':read') && scopes.has(writeOf(scope))))
}

/**
 * Whether a token's scopes allow what `needed` names; `write` implies `read`.
 *
 * @example
 * grantsScope(['ads:write'], 'ads:read') // true
 */
export function grantsScope(scopes: readonly string[], needed: TokenScope): boolean {
  return scopes.includes(needed) || (needed.endsWith(':read') && scopes.includes(writeOf(needed)))
}

const writeOf = (scope: TokenScope): TokenScope => scope.replace(/:read$/, ':write') as TokenScope
