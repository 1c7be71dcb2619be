/**
 * @module The management API's ads: list (filtered, a page at a time),
 * create, read, change, publish, unpublish and delete. The bodies are
 * validated by the very zod schemas `ad create`, `ad update` and the
 * console's ad form use (`ads/ad-input.ts`), so the OpenAPI document, the
 * CLI and the console state one rule each; the repository applies them
 * again as it writes. Each change is recorded in the audit log with the
 * token as its actor.
 */
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi'
import type { Kysely } from 'kysely'
import { changedFields, recordAuditEvent } from '../audit/audit-events.js'
import type { AuditAction } from '../audit/audit-actions.js'
import { AD_STATUSES, adChangesSchema, newAdSchema } from '../ads/ad-input.js'
import { adByCode, createAd, deleteAd, imagesOf, listAds, updateAd } from '../ads/ads-repository.js'
import type { AdRow, Database } from '../db/schema.js'
import { organisationById } from '../orgs/organisations.js'
import { slotKey } from '../../shared/slug.js'
import { type ApiContext, type ApiVariables, NotFound, requireScope, workingOrganisation } from './bearer-token.js'
import { API_BASE, problemResponses } from './api-document.js'
import { type ManagedAd, ManagedAdSchema } from './ad-schema.js'
import { cursorOf, pageOf, pageQuery, pageSchema, positionOfCursor, ROW_ID } from './page-cursor.js'

const AdPageSchema = pageSchema(ManagedAdSchema, 'ManagedAdPage')

const organisationQuery = z.string().max(40).optional().openapi({
  description:
    "The organisation's code. Only an operator-wide token needs it (to create or list); an organisation's token works in its own.",
})

const codeParam = z.object({
  code: z
    .string()
    .min(1)
    .max(40)
    .openapi({ param: { name: 'code', in: 'path' }, example: 'ADS4820019375' }),
})

// The schemas `ad create` and the console validate with; `.meta()` is zod's own, since they are not built with this library's `z`.
const NewAdBody = newAdSchema.meta({
  id: 'NewAd',
  description: 'The fields of `svc-bff ad create`; omitted ones take the defaults shown.',
})
const AdChangesBody = adChangesSchema.meta({
  id: 'AdChanges',
  description: 'Any fields of `svc-bff ad update`; the others stay as they are.',
})

const adAnswer = (description: string) => ({ description, content: { 'application/json': { schema: ManagedAdSchema } } })

/**
 * Adds the ads routes to the management API.
 *
 * @example
 * adsRoutes(api, db)
 */
export function adsRoutes(api: OpenAPIHono<{ Variables: ApiVariables }>, db: Kysely<Database>, now: () => Date): void {
  const read = requireScope(db, 'ads:read', { now })
  const write = requireScope(db, 'ads:write', { now })

  /** The ad with this code in the caller's organisation (any, for an operator-wide token); 404 otherwise. */
  async function adInScope(c: ApiContext, code: string): Promise<AdRow> {
    const row = await adByCode(db, code)
    const own = c.get('caller').organisation
    if (!row || (own && own.id !== row.organisation_id)) throw new NotFound(`no ad ${code} in this token's organisation`)
    return row
  }

  async function managed(row: AdRow): Promise<ManagedAd> {
    return managedAd(row, (await organisationById(db, row.organisation_id))?.code ?? '')
  }

  async function record(c: ApiContext, action: AuditAction, row: AdRow, organisation: string, detail?: Record<string, unknown>) {
    await recordAuditEvent(
      db,
      {
        actor: c.get('caller').actor,
        action,
        target: { kind: 'ad', code: row.code, name: row.title },
        organisation,
        ...(detail ? { detail } : {}),
      },
      now(),
    )
  }

  api.openapi(
    createRoute({
      method: 'get',
      path: `${API_BASE}/ads`,
      tags: ['Ads'],
      summary: "List the organisation's ads, newest first",
      description:
        'Scope `ads:read`. A page at a time: pass the `next_cursor` of one page as `cursor` for the next (also in the `Link` header).',
      security: [{ managementToken: [] }],
      middleware: [read] as const,
      request: {
        query: z.object({
          display: z.string().max(100).optional().openapi({ description: 'Only ads of this slot (matched as the ads API matches slugs).' }),
          status: z.enum(AD_STATUSES, { error: 'status must be saved or draft' }).optional(),
          publish: z.enum(['0', '1'], { error: 'publish must be 0 or 1' }).optional(),
          ...pageQuery,
          organisation: organisationQuery,
        }),
      },
      responses: {
        200: { description: 'A page of ads.', content: { 'application/json': { schema: AdPageSchema } } },
        ...problemResponses(400, 401, 403, 404),
      },
    }),
    async (c) => {
      const { display, status, publish, limit, cursor, organisation: asked } = c.req.valid('query')
      const own = c.get('caller').organisation
      const organisation = own || asked !== undefined ? await workingOrganisation(db, c, asked) : undefined
      const rows = await listAds(db, {
        ...(organisation ? { organisationId: organisation.id } : {}),
        ...(display !== undefined ? { displayKey: slotKey(display) } : {}),
        ...(status !== undefined ? { status } : {}),
        ...(publish !== undefined ? { publish: Number(publish) } : {}),
        ...(cursor !== undefined ? { beforeId: Number(positionOfCursor('ads', cursor, ROW_ID)) } : {}),
        limit: limit + 1,
      })
      // The last row's id, so the next page starts below it whatever was added since.
      const { page, next } = pageOf(c, rows, limit, (row) => cursorOf('ads', String(row.id)))
      return c.json({ data: await Promise.all(page.map(managed)), next_cursor: next }, 200)
    },
  )

  api.openapi(
    createRoute({
      method: 'post',
      path: `${API_BASE}/ads`,
      tags: ['Ads'],
      summary: 'Create an ad',
      description:
        'Scope `ads:write`. Takes the fields of `svc-bff ad create`; `publish` is 1 unless sent, as there. Answers 201 with the ad and its address in `Location`.',
      security: [{ managementToken: [] }],
      middleware: [write] as const,
      request: {
        query: z.object({ organisation: organisationQuery }),
        body: { required: true, content: { 'application/json': { schema: NewAdBody } } },
      },
      responses: {
        201: { ...adAnswer('The ad as stored.'), headers: { Location: { schema: { type: 'string' }, description: "The ad's address." } } },
        ...problemResponses(400, 401, 403, 404, 422),
      },
    }),
    async (c) => {
      const organisation = await workingOrganisation(db, c, c.req.valid('query').organisation)
      const row = await createAd(db, organisation.id, c.req.valid('json'), now())
      await record(c, 'ad.created', row, organisation.code, { display: row.display, publish: row.publish, status: row.status })
      return c.json(managedAd(row, organisation.code), 201, { Location: `${API_BASE}/ads/${row.code}` })
    },
  )

  api.openapi(
    createRoute({
      method: 'get',
      path: `${API_BASE}/ads/{code}`,
      tags: ['Ads'],
      summary: 'Read an ad',
      description: 'Scope `ads:read`.',
      security: [{ managementToken: [] }],
      middleware: [read] as const,
      request: { params: codeParam },
      responses: { 200: adAnswer('The ad.'), ...problemResponses(401, 403, 404) },
    }),
    async (c) => c.json(await managed(await adInScope(c, c.req.valid('param').code)), 200),
  )

  api.openapi(
    createRoute({
      method: 'patch',
      path: `${API_BASE}/ads/{code}`,
      tags: ['Ads'],
      summary: 'Change an ad',
      description:
        'Scope `ads:write`. Sends only the fields to change (`svc-bff ad update`); `null` clears `starts`, `ends`, `size` and `tags`.',
      security: [{ managementToken: [] }],
      middleware: [write] as const,
      request: { params: codeParam, body: { required: true, content: { 'application/json': { schema: AdChangesBody } } } },
      responses: { 200: adAnswer('The ad as changed.'), ...problemResponses(400, 401, 403, 404, 422) },
    }),
    async (c) => {
      const before = await adInScope(c, c.req.valid('param').code)
      const after = await updateAd(db, before.code, c.req.valid('json'), now())
      const ad = await managed(after)
      const { updated_at: _before, ...was } = managedAd(before, ad.organisation)
      const { updated_at: _after, ...is } = ad
      await record(c, 'ad.updated', after, ad.organisation, changedFields(was, is))
      return c.json(ad, 200)
    },
  )

  for (const [verb, publish, action] of [
    ['publish', 1, 'ad.published'],
    ['unpublish', 0, 'ad.unpublished'],
  ] as const) {
    api.openapi(
      createRoute({
        method: 'post',
        path: `${API_BASE}/ads/{code}/${verb}`,
        tags: ['Ads'],
        summary: publish ? 'Publish an ad' : 'Unpublish an ad',
        description: `Scope \`ads:write\`. Sets \`publish\` to ${publish}${publish ? ': the ads API serves the ad from the next request, if its status is saved and it is inside its schedule' : ': the ads API stops serving it'}.`,
        security: [{ managementToken: [] }],
        middleware: [write] as const,
        request: { params: codeParam },
        responses: { 200: adAnswer('The ad as changed.'), ...problemResponses(401, 403, 404) },
      }),
      async (c) => {
        const row = await adInScope(c, c.req.valid('param').code)
        const changed = await updateAd(db, row.code, { publish }, now())
        const ad = await managed(changed)
        if (row.publish !== publish) await record(c, action, changed, ad.organisation)
        return c.json(ad, 200)
      },
    )
  }

  api.openapi(
    createRoute({
      method: 'delete',
      path: `${API_BASE}/ads/{code}`,
      tags: ['Ads'],
      summary: 'Delete an ad',
      description: 'Scope `ads:write`. The ad and its statistics go; its images stay until pruned.',
      security: [{ managementToken: [] }],
      middleware: [write] as const,
      request: { params: codeParam },
      responses: { 204: { description: 'Deleted.' }, ...problemResponses(401, 403, 404) },
    }),
    async (c) => {
      const row = await adInScope(c, c.req.valid('param').code)
      const organisation = (await organisationById(db, row.organisation_id))?.code ?? ''
      await deleteAd(db, row.code)
      await record(c, 'ad.deleted', row, organisation)
      return c.body(null, 204)
    },
  )
}

/**
 * A stored ad as the management API gives it.
 *
 * @example
 * managedAd(row, 'ORG0123456789').code // 'ADS…'
 */
export function managedAd(row: AdRow, organisation: string): ManagedAd {
  return {
    code: row.code,
    organisation,
    title: row.title,
    label: row.label,
    url: row.url,
    link: row.link,
    target: row.target === '_blank' ? '_blank' : '_self',
    size: row.size,
    display: row.display,
    tags: row.tags,
    description: row.description,
    image: row.image,
    images: imagesOf(row),
    status: row.status === 'draft' ? 'draft' : 'saved',
    publish: Number(row.publish),
    starts: row.starts_at,
    ends: row.ends_at,
    weight: Number(row.weight),
    created_at: row.created_at,
    updated_at: row.updated_at,
  }
}
