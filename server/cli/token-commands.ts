/**
 * @module `token create`, `token list` and `token revoke`: the management
 * API's bearer tokens from the command line. Whoever runs the CLI holds
 * the database, so may also make an operator-wide token (`--operator`),
 * which reaches every organisation. A token is printed once, at creation;
 * every creation and revocation goes in the audit log.
 */
import { cliActor } from '../audit/audit-events.js'
import { allOrganisations, organisationByCode, organisationById } from '../orgs/organisations.js'
import {
  listManagementTokens,
  managementTokenState,
  type ManagementTokenState,
  managementTokenWithId,
  MAX_TOKEN_DAYS,
} from '../management-api/management-tokens-repository.js'
import { issueManagementToken, withdrawManagementToken } from '../management-api/management-token-changes.js'
import { CliError, UsageError } from './cli-error.js'
import { type CliIo, type CommandOutput, commandSettings, withDatabase } from './context.js'
import { integer, parseFlags, required } from './flags.js'

export const TOKEN_USAGE = [
  `token create (--org CODE | --operator) --scopes ads:write,keys:read,… [--expires-days 1-${MAX_TOKEN_DAYS}] [--name N]`,
  'token list [--org CODE]',
  'token revoke ID',
].join('\n  ')

/**
 * Makes a token for one organisation, or an operator-wide one, and prints it once.
 *
 * @example
 * await tokenCreate(['--org', 'ORG0123456789', '--scopes', 'ads:write'], io)
 */
export async function tokenCreate(args: string[], io: CliIo): Promise<CommandOutput> {
  const { values } = parseFlags(args, {
    org: { type: 'string' },
    operator: { type: 'boolean' },
    scopes: { type: 'string' },
    'expires-days': { type: 'string' },
    name: { type: 'string' },
  })
  if (values.org !== undefined && values.operator) throw new UsageError('give --org CODE or --operator, not both')
  if (values.org === undefined && !values.operator)
    throw new UsageError('name the organisation the token works in with --org CODE, or make an operator-wide token with --operator')
  const scopes = required(values.scopes, '--scopes')
  const expiresInDays = integer(values['expires-days'], '--expires-days', 1, MAX_TOKEN_DAYS)
  return withDatabase(commandSettings(values, io), async (db) => {
    const organisation = values.org === undefined ? undefined : await organisationByCode(db, values.org)
    const now = new Date()
    const name = values.name ?? `made on ${now.toISOString().slice(0, 10)}`
    const { token, secret } = await issueManagementToken(
      db,
      {
        actor: cliActor(),
        organisation: organisation ? { id: organisation.id, code: organisation.code } : null,
        name,
        scopes,
        expiresInDays,
      },
      now,
    )
    const where = organisation ? `for ${organisation.code}` : 'for every organisation (operator-wide)'
    const expiry = token.expiresAt === null ? 'it does not expire' : `it expires at ${token.expiresAt}`
    return {
      json: { id: token.id, token: secret },
      text: [
        `Management token ${token.id} ${where}, scopes ${token.scopes.join(',')}; ${expiry}.`,
        `It is shown only once: store it now (svc keeps only its hash).`,
        secret,
      ].join('\n'),
    }
  })
}

/**
 * Lists tokens, newest first: one organisation's with `--org`, else all.
 *
 * @example
 * await tokenList(['--org', 'ORG0123456789'], io)
 */
export async function tokenList(args: string[], io: CliIo): Promise<CommandOutput> {
  const { values } = parseFlags(args, { org: { type: 'string' } })
  return withDatabase(commandSettings(values, io), async (db) => {
    const organisation = values.org === undefined ? undefined : await organisationByCode(db, values.org)
    const tokens = await listManagementTokens(db, organisation ? { organisationId: organisation.id } : {})
    const codes = new Map((await allOrganisations(db)).map((org) => [org.id, org.code]))
    const now = new Date()
    const rows = tokens.map((token) => ({
      id: token.id,
      name: token.name,
      prefix: `${token.prefix}…`,
      organisation: token.organisationId === null ? null : (codes.get(token.organisationId) ?? null),
      scopes: token.scopes,
      state: cliState(managementTokenState(token, now)),
      created_by: token.createdBy,
      created_at: token.createdAt,
      expires_at: token.expiresAt,
      last_used_at: token.lastUsedAt,
      revoked_at: token.revokedAt,
    }))
    const table = [
      ['ID', 'NAME', 'TOKEN', 'ORGANISATION', 'SCOPES', 'STATE', 'EXPIRES', 'LAST USED'],
      ...rows.map((row) => [
        String(row.id),
        row.name,
        row.prefix,
        row.organisation ?? 'every (operator)',
        row.scopes.join(','),
        row.state,
        row.expires_at ?? 'never',
        row.last_used_at ?? 'never',
      ]),
    ]
    return {
      json: { tokens: rows },
      text: rows.length === 0 ? 'No management tokens yet; make one with token create --org CODE --scopes ads:write.' : aligned(table),
    }
  })
}

/**
 * Revokes a token by the id `token create` and `token list` print; the running server refuses it from its next request.
 *
 * @example
 * await tokenRevoke(['7'], io)
 */
export async function tokenRevoke(args: string[], io: CliIo): Promise<CommandOutput> {
  const { values, positionals } = parseFlags(args, {}, { positionals: 1 })
  if (positionals[0] === undefined) throw new UsageError('name the token to revoke by its id: token revoke ID (token list shows the ids)')
  const id = integer(positionals[0], 'the token id', 1, Number.MAX_SAFE_INTEGER)!
  return withDatabase(commandSettings(values, io), async (db) => {
    const token = await managementTokenWithId(db, id)
    if (!token) throw new CliError(`no management token has the id ${id}; token list shows them`)
    const organisation = token.organisationId === null ? null : ((await organisationById(db, token.organisationId))?.code ?? null)
    const now = new Date()
    if (!(await withdrawManagementToken(db, cliActor(), token, organisation, now)))
      return {
        json: { revoked: { id, organisation, revoked_at: token.revokedAt, already: true } },
        text: `Management token ${id} (${token.prefix}…) was revoked already, at ${token.revokedAt}.`,
      }
    return {
      json: { revoked: { id, organisation, revoked_at: now.toISOString(), already: false } },
      text: `Revoked management token ${id} (${token.prefix}…); the server refuses it from its next request.`,
    }
  })
}

/** A token's state as `key list` words a key's: `live` where the console says Active. */
const cliState = (state: ManagementTokenState): string => (state === 'active' ? 'live' : state)

/** Columns padded to their widest cell, two spaces apart, the header first. */
function aligned(table: string[][]): string {
  const widths = table[0]!.map((_, column) => Math.max(...table.map((row) => [...row[column]!].length)))
  return table
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column]! + cell.length - [...cell].length))
        .join('  ')
        .trimEnd(),
    )
    .join('\n')
}
