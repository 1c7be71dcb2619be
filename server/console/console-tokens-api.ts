/**
 * @module Management API tokens in the console's JSON API: list, make
 * (the token is shown once) and revoke. An organisation admin works in
 * their own organisation and never makes an operator-wide token; an
 * operator names the organisation, or asks for the operator-wide tokens.
 * Making and revoking go through the same change functions as
 * `svc-bff token`, so the console's tokens are recorded alike.
 */
import { Hono } from 'hono'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.js'
import { organisationById, organisationWithCode } from '../orgs/organisations.js'
import { userBySub } from '../accounts/users.js'
import { accountActor } from '../audit/account-actor.js'
import { InvalidInput } from '../invalid-input.js'
import {
  listManagementTokens,
  type ManagementToken,
  managementTokenState,
  managementTokenWithId,
  MAX_TOKEN_DAYS,
  tokenExpiry,
  tokenName,
} from '../management-api/management-tokens-repository.js'
import { issueManagementToken, withdrawManagementToken } from '../management-api/management-token-changes.js'
import { parseTokenScopes, READ_ONLY_RESOURCES, TOKEN_RESOURCES } from '../management-api/token-scopes.js'
import { type ConsoleVariables, consoleError, consoleGuard, jsonObject } from './console-guard.js'
import { fieldRefusals } from './field-refusals.js'
import { optionalWholeNumber, rowId } from './console-input.js'
import type { ConsoleSessions } from './console-sessions.js'
import type { ConsoleRoles } from './roles.js'
import type {
  ConsoleManagementToken,
  ConsoleManagementTokenCreated,
  ConsoleManagementTokenList,
} from '../../shared/management-tokens-wire.js'

/** Whose tokens a request is about: an organisation, or the operator-wide ones (`null`). */
type Owner = { id: number; code: string } | null

/**
 * Builds the token routes, mounted at `/console/api/tokens`.
 *
 * @example
 * app.route('/console/api/tokens', consoleTokensApi(db, sessions))
 */
export function consoleTokensApi(db: Kysely<Database>, sessions: ConsoleSessions): Hono<{ Variables: ConsoleVariables }> {
  const app = new Hono<{ Variables: ConsoleVariables }>()
  // The same people as API keys: operators, and the admins of an organisation.
  app.use('*', consoleGuard(sessions, 'apiKeys'))

  /** The organisation a request names, as the signed-in person may reach it; `undefined` when there is none to reach. */
  const ownerFor = async (roles: ConsoleRoles, asked: string | null): Promise<Owner | undefined> => {
    const code = roles.operator ? asked : (roles.organisation ?? '')
    if (code === null) return null
    const organisation = await organisationWithCode(db, code)
    return organisation && { id: Number(organisation.id), code: organisation.code }
  }

  app.get('/', async (c) => {
    const { roles } = c.get('session')
    const operatorWide = c.req.query('operator-wide') === '1'
    const owner = await ownerFor(roles, operatorWide ? null : (c.req.query('organisation') ?? roles.organisation ?? ''))
    if (owner === undefined) return consoleError(c, 422, 'choose an organisation', { errors: { organisation: 'choose an organisation' } })
    const tokens = await listManagementTokens(db, { organisationId: owner?.id ?? null })
    const names = await creatorNames(db, tokens)
    const now = new Date()
    return c.json(
      {
        organisation: owner?.code ?? null,
        resources: [...TOKEN_RESOURCES],
        read_only: [...READ_ONLY_RESOURCES],
        max_days: MAX_TOKEN_DAYS,
        tokens: tokens.map((token) => ({
          id: token.id,
          name: token.name,
          prefix: token.prefix,
          scopes: token.scopes,
          created_by: names.get(token.createdBy) ?? creatorWords(token.createdBy),
          created_at: token.createdAt,
          expires_at: token.expiresAt,
          last_used_at: token.lastUsedAt,
          revoked_at: token.revokedAt,
          state: managementTokenState(token, now),
        })) satisfies ConsoleManagementToken[],
      } satisfies ConsoleManagementTokenList,
      200,
      { 'Cache-Control': 'no-store' },
    )
  })

  app.post('/', async (c) => {
    const input = (await jsonObject(c)) ?? {}
    const session = c.get('session')
    const { roles } = session
    if (!roles.operator && input.organisation === null)
      return consoleError(c, 403, 'only operators make operator-wide tokens; an admin makes tokens for their organisation')
    const owner = await ownerFor(roles, typeof input.organisation === 'string' || input.organisation === null ? input.organisation : '')
    if (owner === undefined) return consoleError(c, 422, 'choose an organisation', { errors: { organisation: 'choose an organisation' } })
    // Every field is checked before any refusal is answered, so the form shows them together.
    const refusals = fieldRefusals()
    const now = new Date()
    const name = refusals.checked('name', () => tokenName(typeof input.name === 'string' ? input.name : ''))
    const scopes = refusals.checked('scopes', () => parseTokenScopes(scopeList(input.scopes)))
    const expiry = refusals.checked('expires', () => expiryOf(input, now))
    if (Object.keys(refusals.errors).length > 0) return consoleError(c, 422, refusals.message('the token'), { errors: refusals.errors })
    const { token, secret } = await issueManagementToken(
      db,
      { actor: accountActor(session), organisation: owner, name: name!, scopes: scopes!, ...expiry! },
      now,
    )
    return c.json({ id: token.id, token: secret, expires_at: token.expiresAt } satisfies ConsoleManagementTokenCreated, 201, {
      'Cache-Control': 'no-store',
    })
  })

  app.delete('/:id', async (c) => {
    const { roles } = c.get('session')
    const token = await managementTokenWithId(db, rowId(c.req.param('id')) ?? 0)
    const owner = token?.organisationId == null ? undefined : await organisationById(db, token.organisationId)
    // An operator reaches every token; an admin only their organisation's, and another's is answered as if it did not exist.
    const reachable = token !== undefined && (roles.operator || (owner !== undefined && owner.code === roles.organisation))
    if (!reachable) return consoleError(c, 404, `no token ${c.req.param('id')} in your organisation`)
    await withdrawManagementToken(db, accountActor(c.get('session')), token, owner?.code ?? null)
    return c.body(null, 204)
  })
  return app
}

/** The scopes field: a list of strings (an empty or absent list is refused by the scope rule, as having none). */
function scopeList(value: unknown): string[] {
  if (value === undefined || value === null) return []
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value
  throw new InvalidInput('scopes', 'scopes must be a list such as ["ads:write"]')
}

/** The expiry the form chose: whole days, a date's instant, or neither (never); refused as the repository's rule says. */
function expiryOf(input: Record<string, unknown>, now: Date): { expiresInDays?: number; expiresAt?: Date } {
  const days = optionalWholeNumber(input, 'expires_days')
  const at = input.expires_at
  if (at !== undefined && at !== null && (typeof at !== 'string' || !/^\d{4}-\d\d-\d\dT[\d:.]+(Z|[+-]\d\d:\d\d)$/.test(at)))
    throw new InvalidInput('expires_at', 'the expiry date must be a date and time such as 2026-12-31T00:00:00Z')
  const expiry = {
    ...(days === undefined ? {} : { expiresInDays: days }),
    ...(typeof at === 'string' ? { expiresAt: new Date(at) } : {}),
  }
  tokenExpiry(expiry, now)
  return expiry
}

/** A creator in words when the account is gone or it was not an account: "Command line (ada)". */
function creatorWords(createdBy: string): string {
  const [kind, ...rest] = createdBy.split(':')
  const who = rest.join(':')
  if (kind === 'cli') return `Command line (${who})`
  if (kind === 'account') return 'A removed account'
  if (kind === 'token') return `Management API token ${who}`
  return 'svc itself'
}

/** The accounts that made tokens, as "Name (address)", by `account:SUB`. */
async function creatorNames(db: Kysely<Database>, tokens: ManagementToken[]): Promise<Map<string, string>> {
  const creators = [...new Set(tokens.map((token) => token.createdBy).filter((by) => by.startsWith('account:')))]
  const found = await Promise.all(
    creators.map(async (by) => {
      const user = await userBySub(db, by.slice('account:'.length))
      return [by, user ? `${user.name} (${user.email})` : undefined] as const
    }),
  )
  return new Map(found.filter((entry): entry is readonly [string, string] => entry[1] !== undefined))
}
