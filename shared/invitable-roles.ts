/**
 * @module Which console roles an invitation gives, and who may give each,
 * shared by the People API (which refuses the others) and the People page
 * (which offers only these). An organisation admin gives the roles scoped
 * to their organisation; `developer` reaches every client and webhook of
 * the deployment, so only an operator makes one.
 */

/** The console roles an invitation can give, highest first. */
export const INVITABLE_ROLES = ['admin', 'marketer', 'developer'] as const
export type InvitableRole = (typeof INVITABLE_ROLES)[number]

/** The roles scoped to one organisation, which its admins may give. */
const ORGANISATION_ROLES: readonly InvitableRole[] = ['admin', 'marketer']

/**
 * The roles a viewer may give: every one for an operator, their
 * organisation's for an admin.
 *
 * @example
 * rolesInvitableBy({ operator: false }) // ['admin', 'marketer']
 */
export function rolesInvitableBy(viewer: { operator: boolean }): InvitableRole[] {
  return viewer.operator ? [...INVITABLE_ROLES] : [...ORGANISATION_ROLES]
}
