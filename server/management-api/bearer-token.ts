/**
 * @module Who calls the management API, and whether they may: the
 * `Authorization: Bearer svc_mt_…` token (RFC 6750), its organisation,
 * and the scope a route needs. No token, or one unknown, expired or
 * revoked: 401 with `WWW-Authenticate: Bearer`; a live token without the
 * scope: 403 naming it (RFC 6750 `insufficient_scope`). Each use of a
 * live token is in the audit log (`token-uses.ts`). Another
 * organisation's resource is answered 404 by the routes, so a token
 * cannot learn what exists outside its organisation.
 */
import type { Context, MiddlewareHandler } from 'hono'
import type { RequestIdVariables } from 'hono/request-id'
import type { Kysely } from 'kysely'
import type { AuditActor } from '../audit/audit-actions.js'
import type { Database } from '../db/schema.js'
import { organisationById, organisationWithCode } from '../orgs/organisations.js'
import { Refusal } from '../refusal.js'
import { type ManagementToken, managementTokenFor } from './management-tokens-repository.js'
import { InvalidFields } from './problem-details.js'
import { grantsScope, type TokenScope } from './token-scopes.js'
import { recordTokenUse } from './token-uses.js'

/** The caller of a request that passed {@link requireScope}. */
export interface ApiCaller {
  token: ManagementToken
  /** The token's organisation; null for an operator-wide token. */
  organisation: { id: number; code: string } | null
  /** The token as the audit log's actor. */
  actor: AuditActor
}

export type ApiVariables = RequestIdVariables & { caller: ApiCaller }
export type ApiContext = Context<{ Variables: ApiVariables }>

/** No usable token: 401, with the challenge RFC 6750 asks for. */
export class Unauthenticated extends Refusal {
  override name = 'Unauthenticated'
  readonly status = 401
  constructor(message: string, presented: boolean) {
    super(message)
    // RFC 6750 §3 allows printable ASCII but `"` and `\` in the description; a header cannot carry more.
    const description = message.replaceAll('…', '...').replace(/[^\x20\x21\x23-\x5b\x5d-\x7e]/g, '')
    this.headers = {
      'WWW-Authenticate': presented ? `Bearer realm="svc", error="invalid_token", error_description="${description}"` : 'Bearer realm="svc"',
    }
  }
}

/** A live token without the scope a route needs, or whose organisation is archived. */
export class Forbidden extends Refusal {
  override name = 'Forbidden'
  readonly status = 403
  constructor(message: string, scope?: TokenScope) {
    super(message)
    if (scope) this.headers = { 'WWW-Authenticate': `Bearer realm="svc", error="insufficient_scope", scope="${scope}"` }
  }
}

/** A resource that does not exist, or not in the caller's organisation. */
export class NotFound extends Refusal {
  override name = 'NotFound'
  readonly status = 404
}

const REFUSED = {
  unknown: 'the token is not a management token svc knows; make one in the console (API tokens) or with svc-bff token create',
  expired: 'the token has expired; make a new one in the console (API tokens) or with svc-bff token create',
  revoked: 'the token was revoked; make a new one in the console (API tokens) or with svc-bff token create',
  publishable:
    'this is a publishable API key (svc_pk_…), which only the public ads API takes; the management API needs a management token (svc_mt_…): make one in the console (API tokens) or with svc-bff token create',
} as const

/** The methods that change nothing, whose calls no change records. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** The prefix of an organisation's publishable ads API keys, often sent here by mistake. */
const PUBLISHABLE_KEY_PREFIX = 'svc_pk_'

/**
 * Admits a request whose bearer token is live and carries `scope`, and sets `caller`.
 *
 * @example
 * createRoute({ method: 'get', path: '/api/v1/ads', middleware: [requireScope(db, 'ads:read')], … })
 */
export function requireScope(
  db: Kysely<Database>,
  scope: TokenScope,
  { now = () => new Date() }: { now?: () => Date } = {},
): MiddlewareHandler<{ Variables: ApiVariables }> {
  return async function requireManagementScope(c, next) {
    const header = c.req.header('Authorization')
    if (header === undefined || header.trim() === '')
      throw new Unauthenticated('send a management token: Authorization: Bearer svc_mt_…', false)
    const bearer = /^Bearer +([\x21-\x7e]+)$/i.exec(header.trim())?.[1]
    if (bearer === undefined) throw new Unauthenticated('the Authorization header must be Bearer followed by a management token', true)
    if (bearer.startsWith(PUBLISHABLE_KEY_PREFIX)) throw new Unauthenticated(REFUSED.publishable, true)
    const found = await managementTokenFor(db, bearer, now())
    if (found.refused) throw new Unauthenticated(REFUSED[found.refused], true)
    const { token } = found
    let organisation: ApiCaller['organisation'] = null
    if (token.organisationId !== null) {
      const row = await organisationById(db, token.organisationId)
      if (!row) throw new Unauthenticated(REFUSED.unknown, true)
      if (row.archived_at !== null) throw new Forbidden(`the token's organisation ${row.code} is archived; an operator can unarchive it`)
      organisation = { id: row.id, code: row.code }
    }
    const caller: ApiCaller = { token, organisation, actor: { kind: 'token', id: token.id } }
    if (!grantsScope(token.scopes, scope)) {
      await recordTokenUse(db, caller, c.req.method, c.req.routePath, now(), 403)
      throw new Forbidden(`the token lacks the scope ${scope} (it has ${token.scopes.join(', ')}); make a token with it`, scope)
    }
    c.set('caller', caller)
    await next()
    // A change that went through recorded its own action; every other use (a read, a refusal) is recorded here, a row a minute at most.
    if (READS.has(c.req.method) || c.res.status >= 400) await recordTokenUse(db, caller, c.req.method, c.req.routePath, now(), c.res.status)
  }
}

/**
 * The organisation a request works in: the token's own, or for an
 * operator-wide token the one `?organisation=CODE` names. A code outside
 * the token's organisation is answered as if it did not exist.
 *
 * @example
 * const organisation = await workingOrganisation(db, c, c.req.query('organisation'))
 */
export async function workingOrganisation(
  db: Kysely<Database>,
  c: ApiContext,
  asked: string | undefined,
): Promise<{ id: number; code: string }> {
  const own = c.get('caller').organisation
  if (own) {
    if (asked !== undefined && asked !== own.code) throw new NotFound(`no organisation ${asked} among this token's`)
    return own
  }
  if (asked === undefined) {
    const detail = 'an operator-wide token names the organisation: add ?organisation=CODE'
    throw new InvalidFields(400, detail, [{ parameter: 'organisation', detail }])
  }
  const row = await organisationWithCode(db, asked)
  if (!row) throw new NotFound(`no organisation has the code ${asked}`)
  return { id: row.id, code: row.code }
}

/** A request that misses something it must say. */
export class Refusal400 extends Refusal {
  override name = 'BadRequest'
  readonly status = 400
}
