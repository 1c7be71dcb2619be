/**
 * @module An account's console role in the words People, `user invite`
 * and the CLI share (`operator`, `admin`, `marketer`, `developer`), read
 * from and written to the svc claims the console reads (`console/roles.ts`):
 * `svc.master` makes an operator, `svc.role` an admin or a developer, and
 * a marketer is `svc.access` `Ads:Edit`, so the role word alone would
 * grant nothing.
 */
import type { UserRow } from '../db/schema.js'
import { ACCESS_OF_ROLE, type InvitableRole } from './invitations.js'

/**
 * The roles the console grants the account: `operator` first, then its role in its organisation.
 *
 * @example
 * rolesOfAccount(user) // ['operator', 'admin']
 */
export function rolesOfAccount(user: UserRow): string[] {
  const roles = user.svc_master === 1 ? ['operator'] : []
  const access = JSON.parse(user.svc_access) as string[]
  if (user.svc_role === 'admin' || user.svc_role === 'developer') roles.push(user.svc_role)
  else if (access.includes('Ads:Edit')) roles.push('marketer')
  return roles
}

/**
 * The svc.role and svc.access that give `role`: the access the previous
 * role brought goes, any other entry stays; `none` takes the role away.
 *
 * @example
 * claimsOfRole(['Ads:Edit', 'Reports:Read'], 'admin') // { svcRole: 'admin', svcAccess: ['Reports:Read'] }
 */
export function claimsOfRole(access: readonly string[], role: InvitableRole | 'none'): { svcRole: string | null; svcAccess: string[] } {
  const broughtByRoles = new Set(Object.values(ACCESS_OF_ROLE).flat())
  const kept = access.filter((entry) => !broughtByRoles.has(entry))
  if (role === 'none') return { svcRole: null, svcAccess: kept }
  return { svcRole: role, svcAccess: accessWithRole(role, kept) }
}

/**
 * The svc.access an account given `role` holds: what the role brings (a
 * marketer's `Ads:Edit`; the role word alone would grant nothing) and the
 * entries asked for besides, once each.
 *
 * @example
 * accessWithRole('marketer', ['Reports:Read']) // ['Ads:Edit', 'Reports:Read']
 */
export function accessWithRole(role: InvitableRole | undefined, extra: readonly string[] = []): string[] {
  return [...new Set([...(role ? ACCESS_OF_ROLE[role] : []), ...extra])]
}
