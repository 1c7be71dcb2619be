/**
 * @module `user create`: an account that signs in at svc.
 */
import { deleteAccount } from '../console/account-deletion.js'
import { revokeConsent } from '../account-changes/revoke-consent.js'
import { createUser, userByEmail, userByLogin, userBySub } from '../accounts/users.js'
import { accessWithRole } from '../account-changes/account-roles.js'
import { INVITABLE_ROLES, type InvitableRole } from '../account-changes/invitations.js'
import { clientByClientId } from '../clients/clients.js'
import { organisationByCode } from '../orgs/organisations.js'
import { webhookOutbox } from '../webhooks/outbox.js'
import { cliActor, recordAuditEvent } from '../audit/audit-events.js'
import { clientTarget, personState, personTarget } from '../audit/audit-targets.js'
import { CliError, UsageError } from './cli-error.js'
import { type CliIo, type CommandOutput, commandSettings, withDatabase } from './context.js'
import { list, oneOf, parseFlags, required } from './flags.js'

export const USER_USAGE =
  'user create --email E --name N --password P [--given-name G] [--family-name F] [--picture URL] [--unverified] [--svc-app A] [--svc-access Area:Perm,...] [--svc-role admin|marketer|developer] [--svc-master]'

/**
 * Creates an account; its e-mail address counts as verified unless `--unverified`.
 *
 * @example
 * await userCreate(['--email', 'ada@example.com', '--name', 'Ada Lovelace', '--password', 'analytical'], io)
 */
export async function userCreate(args: string[], io: CliIo): Promise<CommandOutput> {
  const { values } = parseFlags(args, {
    email: { type: 'string' },
    name: { type: 'string' },
    password: { type: 'string' },
    'given-name': { type: 'string' },
    'family-name': { type: 'string' },
    picture: { type: 'string' },
    unverified: { type: 'boolean' },
    'svc-app': { type: 'string' },
    'svc-access': { type: 'string' },
    'svc-role': { type: 'string' },
    'svc-master': { type: 'boolean' },
  })
  // The words `user invite` and People take: any other word (a typo) would be stored and grant nothing.
  const svcRole = oneOf(values['svc-role'], '--svc-role', [...INVITABLE_ROLES]) as InvitableRole | undefined
  const input = {
    email: required(values.email, '--email'),
    name: required(values.name, '--name'),
    password: required(values.password, '--password'),
    givenName: values['given-name'],
    familyName: values['family-name'],
    picture: values.picture,
    emailVerified: !values.unverified,
    svcApp: values['svc-app'],
    svcAccess: accessWithRole(svcRole, list(values['svc-access'])),
    svcRole,
    svcMaster: values['svc-master'],
  }
  return withDatabase(commandSettings(values, io), async (db) => {
    // svc.app names the organisation whose console the account may use: a typo would grant nothing, silently.
    if (input.svcApp !== undefined) await organisationByCode(db, input.svcApp)
    warnOfRoleWithoutOrganisation(io, '--svc-role', svcRole, input.svcApp, '--svc-app')
    const user = await createUser(db, input)
    await recordAuditEvent(db, {
      actor: cliActor(),
      action: 'person.created',
      target: personTarget(user),
      organisation: user.svc_app,
      detail: personState(user),
    })
    return { json: { sub: user.sub }, text: `Created account ${user.sub} (${user.email}).` }
  })
}

export const USER_ACCOUNT_USAGE = ['user revoke-consent (--email E | --sub S) --client ID', 'user delete (--email E | --sub S)'].join(
  '\n  ',
)

/**
 * Warns that an organisation's role (admin, marketer) was given to an
 * account with no organisation, where it grants nothing; a warning, not a
 * refusal, as the organisation may come with a later `user update --org`.
 *
 * @example
 * warnOfRoleWithoutOrganisation(io, '--role', 'admin', undefined, '--org')
 */
export function warnOfRoleWithoutOrganisation(
  io: CliIo,
  roleFlag: string,
  role: string | null | undefined,
  organisation: string | null | undefined,
  organisationFlag: string,
): void {
  if ((role === 'admin' || role === 'marketer') && !organisation)
    io.stderr(`svc-bff: warning: ${roleFlag} ${role} gives nothing until the account has an organisation (${organisationFlag} CODE)`)
}

/**
 * The account `--email` or `--sub` names; refuses both, neither, or no such account.
 *
 * @example
 * const user = await userNamed(db, values)
 */
export async function userNamed(db: Parameters<typeof userByLogin>[0], values: { email?: string; sub?: string }) {
  if (values.email !== undefined && values.sub !== undefined) throw new UsageError('name the account with --email or --sub, not both')
  if (values.email === undefined && values.sub === undefined) throw new UsageError('name the account with --email or --sub')
  // Each flag reads its own column, so an e-mail address given as --sub names no one.
  const user =
    values.email !== undefined ? await userByEmail(db, values.email.trim().toLowerCase()) : await userBySub(db, values.sub!.trim())
  if (!user) throw new CliError(`no account has the ${values.email !== undefined ? `email ${values.email}` : `code ${values.sub}`}`)
  return user
}

/**
 * Revokes an account's consent to a client, with the client's tokens for it.
 *
 * @example
 * await userRevokeConsent(['--email', 'ada@example.com', '--client', 'cli_…'], io)
 */
export async function userRevokeConsent(args: string[], io: CliIo): Promise<CommandOutput> {
  const { values } = parseFlags(args, { email: { type: 'string' }, sub: { type: 'string' }, client: { type: 'string' } })
  const clientId = required(values.client, '--client')
  return withDatabase(commandSettings(values, io), async (db) => {
    const user = await userNamed(db, values)
    const client = await clientByClientId(db, clientId)
    if (!client) throw new CliError(`no client has the id ${clientId}`)
    await revokeConsent(db, webhookOutbox(), user, client)
    await recordAuditEvent(db, {
      actor: cliActor(),
      action: 'person.consent_revoked',
      target: personTarget(user),
      organisation: user.svc_app,
      detail: { client: clientTarget(client) },
    })
    return { json: { revoked: { account: user.sub, client: clientId } }, text: `${user.email} no longer consents to ${clientId}.` }
  })
}

/**
 * Deletes an account.
 *
 * @example
 * await userDelete(['--email', 'ada@example.com'], io)
 */
export async function userDelete(args: string[], io: CliIo): Promise<CommandOutput> {
  const { values } = parseFlags(args, { email: { type: 'string' }, sub: { type: 'string' } })
  return withDatabase(commandSettings(values, io), async (db) => {
    const user = await userNamed(db, values)
    await deleteAccount(db, webhookOutbox(), user)
    await recordAuditEvent(db, {
      actor: cliActor(),
      action: 'person.removed',
      target: personTarget(user),
      organisation: user.svc_app,
      detail: personState(user),
    })
    return { json: { deleted: user.sub }, text: `Deleted account ${user.sub} (${user.email}).` }
  })
}
