/**
 * @module The management API's publishable API keys (`svc_pk_…`, what
 * partner pages send to the ads API): list, read, create (the key shown
 * once) and revoke. Creating and revoking go through the very functions
 * the console and `svc-bff key create|revoke` call
 * (`api-keys/api-key-lifecycle.ts`), which record each in the audit log;
 * the fields are checked by the repository's own rules (`byRule`).
 */
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi'
import type { Kysely } from 'kysely'
import { issueApiKey, revokeApiKeyAs } from '../api-keys/api-key-lifecycle.js'
import { apiKeysOf, apiKeyWithId, type ListedApiKey, PERMISSIONS, rateLimitOf } from '../api-keys/api-keys.js'
import type { Database } from '../db/schema.js'
import { organisationById, organisationWithCode } from '../orgs/organisations.js'
import { canonicalOrigin } from '../orgs/origins.js'
import { API_BASE, problemResponses } from './api-document.js'
import { type ApiContext, type ApiVariables, NotFound, Refusal400, requireScope, workingOrganisation } from './bearer-token.js'
import { byRule, unknownField } from './field-rules.js'

export const ManagedApiKeySchema = z
  .object({
    id: z.number().int().openapi({ example: 7, description: 'How `svc-bff key list` and `key revoke` name the key.' }),
    organisation: z.string().openapi({ example: 'ORG0123456789' }),
    prefix: z.string().openapi({ example: 'svc_pk_Ab3x', description: "The key's first characters, to tell keys apart; the key itself is never stored." }),
    origins: z.array(z.string()).openapi({ description: 'The origins whose pages may use the key; empty: any origin.' }),
    rate_limit: z.number().int().openapi({ description: 'Requests a minute the ads API takes with the key.' }),
    permissions: z.array(z.string()).openapi({ example: ['read_ads'] }),
    created_at: z.string(),
    revoked_at: z.string().nullable().openapi({ description: 'When it was revoked; null while it works.' }),
  })
  .openapi('ApiKey')

const CreatedApiKeySchema = ManagedApiKeySchema.extend({
  api_key: z.string().openapi({ example: 'svc_pk_Ab3x…', description: 'The key, shown this once: store it now.' }),
}).openapi('CreatedApiKey')

const NewApiKeySchema = z
  .strictObject(
    {
      organisation: z
        .string({ error: 'organisation must be a string' })
        .max(40)
        .optional()
        .openapi({ description: "The organisation's code; only an operator-wide token names it (here or as `?organisation=`)." }),
      origins: z
        .array(z.string({ error: 'each origin must be a string' }).superRefine(byRule(canonicalOrigin)), { error: 'origins must be a list of origins' })
        .max(100, 'origins must list at most 100 origins')
        .optional()
        .openapi({
          description: "Origins (`https://host[:port]`) whose pages may use the key; left out, the organisation's; `[]`: any origin.",
          example: ['https://shop.example'],
        }),
      rate_limit: z
        .number({ error: 'rate_limit must be a whole number' })
        .superRefine(byRule(rateLimitOf))
        .optional()
        .openapi({ description: 'Requests a minute, from 1 to 100000000; 600 when left out.', example: 600 }),
      permissions: z
        .array(z.enum(PERMISSIONS as [string, ...string[]], { error: `permissions are ${PERMISSIONS.join(', ')}` }), {
          error: 'permissions must be a list',
        })
        .min(1, 'a key needs at least one permission, e.g. read_ads')
        .optional()
        .openapi({ description: 'What the key may do; `read_ads` when left out.' }),
    },
    { error: unknownField },
  )
  .openapi('NewApiKey', { description: 'The fields of `svc-bff key create`.' })

const organisationQuery = z.string().max(40).optional().openapi({
  description: "The organisation's code. Only an operator-wide token names it; an organisation's token works in its own.",
})

const idParam = z.object({
  id: z
    .string()
    .min(1)
    .max(20)
    .openapi({ param: { name: 'id', in: 'path' }, example: '7' }),
})

const keyAnswer = (description: string) => ({ description, content: { 'application/json': { schema: ManagedApiKeySchema } } })

/**
 * Adds the API key routes to the management API.
 *
 * @example
 * keysRoutes(api, db, now)
 */
export function keysRoutes(api: OpenAPIHono<{ Variables: ApiVariables }>, db: Kysely<Database>, now: () => Date): void {
  const read = requireScope(db, 'keys:read', { now })
  const write = requireScope(db, 'keys:write', { now })

  /** The key with this id in the caller's organisation (any, for an operator-wide token), with its organisation's code; 404 otherwise. */
  async function keyInScope(c: ApiContext, id: string): Promise<{ key: ListedApiKey; organisation: string }> {
    // Within a 32-bit integer column's range, so PostgreSQL is never asked for a row id it cannot hold.
    const found = /^[1-9]\d{0,9}$/.test(id) && Number(id) <= 2_147_483_647 ? await apiKeyWithId(db, Number(id)) : undefined
    const own = c.get('caller').organisation
    if (!found || (own && own.id !== found.organisation_id)) throw new NotFound(`no API key ${id} in this token's organisation`)
    const { organisation_id, ...key } = found
    return { key, organisation: (await organisationById(db, organisation_id))?.code ?? '' }
  }

  api.openapi(
    createRoute({
      method: 'get',
      path: `${API_BASE}/keys`,
      tags: ['API keys'],
      summary: "List the organisation's API keys, revoked ones too, newest first",
      description: 'Scope `keys:read`. Never the keys themselves: each is shown once, when made.',
      security: [{ managementToken: [] }],
      middleware: [read] as const,
      request: { query: z.object({ organisation: organisationQuery }) },
      responses: {
        200: {
          description: 'The keys.',
          content: { 'application/json': { schema: z.object({ data: z.array(ManagedApiKeySchema) }).openapi('ApiKeyList') } },
        },
        ...problemResponses(400, 401, 403, 404),
      },
    }),
    async (c) => {
      const organisation = await workingOrganisation(db, c, c.req.valid('query').organisation)
      const keys = await apiKeysOf(db, organisation.id)
      return c.json({ data: keys.map((key) => managedApiKey(key, organisation.code)) }, 200)
    },
  )

  api.openapi(
    createRoute({
      method: 'post',
      path: `${API_BASE}/keys`,
      tags: ['API keys'],
      summary: 'Create an API key',
      description:
        'Scope `keys:write`. Takes the fields of `svc-bff key create`; answers 201 with the key, shown this once, and its address in `Location`.',
      security: [{ managementToken: [] }],
      middleware: [write] as const,
      request: {
        query: z.object({ organisation: organisationQuery }),
        body: { required: true, content: { 'application/json': { schema: NewApiKeySchema } } },
      },
      responses: {
        201: {
          description: 'The key as stored, with the key itself.',
          content: { 'application/json': { schema: CreatedApiKeySchema } },
          headers: { Location: { schema: { type: 'string' }, description: "The key's address." } },
        },
        ...problemResponses(400, 401, 403, 404, 422),
      },
    }),
    async (c) => {
      const { organisation: named, origins, rate_limit, permissions } = c.req.valid('json')
      const queried = c.req.valid('query').organisation
      if (named !== undefined && queried !== undefined && named !== queried)
        throw new Refusal400(`the body names the organisation ${named} and the query ${queried}; name it once`)
      const working = await workingOrganisation(db, c, named ?? queried)
      const organisation = (await organisationWithCode(db, working.code))!
      const { apiKey, key } = await issueApiKey(
        db,
        { organisation, origins, rateLimit: rate_limit, permissions, actor: c.get('caller').actor },
        now(),
      )
      return c.json({ ...managedApiKey(key, organisation.code), api_key: apiKey }, 201, { Location: `${API_BASE}/keys/${key.id}` })
    },
  )

  api.openapi(
    createRoute({
      method: 'get',
      path: `${API_BASE}/keys/{id}`,
      tags: ['API keys'],
      summary: 'Read an API key',
      description: 'Scope `keys:read`. Never the key itself.',
      security: [{ managementToken: [] }],
      middleware: [read] as const,
      request: { params: idParam },
      responses: { 200: keyAnswer('The key.'), ...problemResponses(401, 403, 404) },
    }),
    async (c) => {
      const { key, organisation } = await keyInScope(c, c.req.valid('param').id)
      return c.json(managedApiKey(key, organisation), 200)
    },
  )

  api.openapi(
    createRoute({
      method: 'delete',
      path: `${API_BASE}/keys/{id}`,
      tags: ['API keys'],
      summary: 'Revoke an API key',
      description:
        'Scope `keys:write`. The ads API refuses the key from its next request; the key stays listed, revoked. Revoking it again changes nothing.',
      security: [{ managementToken: [] }],
      middleware: [write] as const,
      request: { params: idParam },
      responses: { 204: { description: 'Revoked.' }, ...problemResponses(401, 403, 404) },
    }),
    async (c) => {
      const { key, organisation } = await keyInScope(c, c.req.valid('param').id)
      await revokeApiKeyAs(db, key, organisation, c.get('caller').actor, now())
      return c.body(null, 204)
    },
  )
}

/**
 * A stored key as the management API gives it.
 *
 * @example
 * managedApiKey(key, 'ORG0123456789').prefix // 'svc_pk_Ab3x'
 */
export function managedApiKey(key: ListedApiKey, organisation: string): z.infer<typeof ManagedApiKeySchema> {
  return {
    id: key.id,
    organisation,
    prefix: key.key_prefix,
    origins: key.origins,
    rate_limit: key.rate_limit,
    permissions: key.permissions,
    created_at: key.created_at,
    revoked_at: key.revoked_at,
  }
}
