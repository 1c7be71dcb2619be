/**
 * @module What the audit log names as a change's target: each kind with
 * its code and a readable name as it is at the change (a person's
 * address, an organisation's or client's name, a key's first
 * characters), and a person's state, which a change's before and after
 * are taken from.
 */
import { rolesOfAccount } from '../account-changes/account-roles.js'
import { isPublicClient, postLogoutRedirectUrisOf, redirectUrisOf, scopesOf } from '../clients/client-row.js'
import type { ClientRow, OrganisationRow, UserRow } from '../db/schema.js'

/**
 * A person: their code, with their address for a name.
 *
 * @example
 * await recordAuditEvent(db, { actor, action: 'person.removed', target: personTarget(user), organisation: user.svc_app })
 */
export const personTarget = (user: Pick<UserRow, 'sub' | 'email'>) => ({ kind: 'person' as const, code: user.sub, name: user.email })

/**
 * What the log keeps of an account's roles, for before and after.
 *
 * @example
 * changedFields(personState(before), personState(after))
 */
export function personState(user: UserRow): { name: string; roles: string[]; organisation: string | null } {
  return { name: user.name, roles: rolesOfAccount(user), organisation: user.svc_app }
}

/**
 * An organisation, by code and name.
 *
 * @example
 * organisationTarget(org) // { kind: 'organisation', code: 'ORG…', name: 'Acme' }
 */
export const organisationTarget = (organisation: Pick<OrganisationRow, 'code' | 'name'>) => ({
  kind: 'organisation' as const,
  code: organisation.code,
  name: organisation.name,
})

/**
 * An API key, by the id `key list` shows, named by its first characters (never the key).
 *
 * @example
 * apiKeyTarget(7, 'svc_live_abcd') // { kind: 'api_key', code: 7, name: 'svc_live_abcd…' }
 */
export const apiKeyTarget = (id: number, prefix: string) => ({ kind: 'api_key' as const, code: id, name: `${prefix}…` })

/**
 * A client application, by client id and name.
 *
 * @example
 * clientTarget(client) // { kind: 'client', code: 'cli_…', name: 'Shop' }
 */
export const clientTarget = (client: Pick<ClientRow, 'client_id' | 'name'>) => ({
  kind: 'client' as const,
  code: client.client_id,
  name: client.name,
})

/**
 * A client's registration as the log keeps it, for its creation and
 * before and after of a change (never its secret).
 *
 * @example
 * changedFields(clientDetail(before), clientDetail(after))
 */
export function clientDetail(client: ClientRow): Record<string, unknown> {
  return {
    name: client.name,
    public: isPublicClient(client),
    application_type: client.application_type,
    redirect_uris: redirectUrisOf(client),
    post_logout_redirect_uris: postLogoutRedirectUrisOf(client),
    scopes: scopesOf(client),
    privacy_policy_url: client.privacy_policy_url,
    terms_of_service_url: client.terms_of_service_url,
    logo_uri: client.logo_uri,
    backchannel_logout_uri: client.backchannel_logout_uri,
    backchannel_logout_session_required: client.backchannel_logout_session_required === 1,
  }
}
