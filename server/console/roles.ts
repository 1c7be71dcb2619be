/**
 * @module Who may do what in the console, read from the id_token's svc
 * claims: an organisation admin (`svc.role` `admin`, organisation in
 * `svc.app`) edits its ads and API keys; a marketer (`svc.access`
 * `Ads:Edit`) its ads; a developer (`svc.role` `developer`) clients and
 * webhooks; an operator (`svc.master`) everything, signing keys included.
 */

export interface ConsoleRoles {
  /** The organisation code whose ads and keys this user manages; every one for an operator. */
  organisation: string | undefined
  ads: boolean
  apiKeys: boolean
  developer: boolean
  operator: boolean
}

/**
 * The roles an id_token's claims grant.
 *
 * @example
 * rolesFrom({ 'svc.role': 'admin', 'svc.app': 'ORG0123456789' }) // { ads: true, apiKeys: true, … }
 */
export function rolesFrom(claims: Record<string, unknown>): ConsoleRoles {
  const operator = claims['svc.master'] === true
  const role = typeof claims['svc.role'] === 'string' ? claims['svc.role'] : ''
  const access = Array.isArray(claims['svc.access']) ? (claims['svc.access'] as unknown[]) : []
  const organisation = typeof claims['svc.app'] === 'string' && claims['svc.app'] !== '' ? claims['svc.app'] : undefined
  const admin = role === 'admin' && organisation !== undefined
  return {
    organisation,
    ads: operator || admin || (organisation !== undefined && access.includes('Ads:Edit')),
    apiKeys: operator || admin,
    developer: operator || role === 'developer',
    operator,
  }
}

/** True when the user may use any part of the console. */
export const hasAnyRole = (roles: ConsoleRoles): boolean => roles.ads || roles.apiKeys || roles.developer || roles.operator
