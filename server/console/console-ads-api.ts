/**
 * @module Marketing > Ads in the console's JSON API: list with filters,
 * the slots in use, read, create (unpublished unless asked), change,
 * publish or unpublish, duplicate, delete, and preview (the ad exactly as
 * the ads API would serve it, description sanitised, for the real
 * `<svc-ads>` to render). An organisation's people see its ads only; an
 * operator sees every organisation's. Refusals name each field:
 * `{errors: {field: message}}`.
 */
import { type Context, Hono } from 'hono'
import type { Kysely } from 'kysely'
import { AD_TEXT_MAX } from '../../shared/ad-limits.js'
import { adByCode, createAd, deleteAd, imagesOf, listAds, toWireAd, updateAd } from '../ads/ads-repository.js'
import type { AdRow, Database } from '../db/schema.js'
import { allOrganisations, organisationById, organisationWithCode } from '../orgs/organisations.js'
import { slotKey, slugOfSlot } from '../../shared/slug.js'
import { type ConsoleVariables, consoleError, consoleGuard, jsonObject, refusal } from './console-guard.js'
import type { ConsoleSessions } from './console-sessions.js'
import type { ConsoleAd, ConsoleAdAnswer, ConsoleAdList, ConsoleAdPreview, ConsoleSlotList } from '../../shared/console-wire.js'

/** The ad rules, imported by the first request that checks an ad: their zod schemas are not built by every start (ads-repository.ts). */
const adInput = () => import('../ads/ad-input.js')

type ConsoleContext = Context<{ Variables: ConsoleVariables }>

/**
 * Builds the ads routes, mounted at `/console/api/ads`.
 *
 * @example
 * app.route('/console/api/ads', consoleAdsApi(db))
 */
export function consoleAdsApi(db: Kysely<Database>, sessions: ConsoleSessions): Hono<{ Variables: ConsoleVariables }> {
  const app = new Hono<{ Variables: ConsoleVariables }>()
  app.use('*', consoleGuard(sessions, 'ads'))

  /** The organisations this user may work in: its own, or any for an operator (`undefined`). */
  async function scope(c: ConsoleContext): Promise<{ id: number; code: string }[] | undefined> {
    const { roles } = c.get('session')
    // An operator works in every organisation, whatever svc.app names.
    if (roles.operator) return undefined
    const own = await organisationWithCode(db, roles.organisation ?? '')
    return own ? [own] : []
  }

  async function organisationCode(id: number): Promise<string> {
    return (await organisationById(db, id))?.code ?? ''
  }

  async function adInScope(c: ConsoleContext): Promise<AdRow | undefined> {
    const allowed = await scope(c)
    const row = await adByCode(db, c.req.param('code') ?? '')
    if (!row || (allowed && !allowed.some((org) => org.id === row.organisation_id))) return undefined
    return row
  }

  app.get('/', async (c) => {
    const allowed = await scope(c)
    const { display, status, publish } = c.req.query()
    const filter = {
      ...(display ? { displayKey: slotKey(display) } : {}),
      ...(status ? { status } : {}),
      ...(publish === '0' || publish === '1' ? { publish: Number(publish) } : {}),
    }
    const organisations = await allOrganisations(db)
    const rows = allowed
      ? (await Promise.all(allowed.map((org) => listAds(db, { ...filter, organisationId: org.id })))).flat()
      : await listAds(db, filter)
    const orgCode = new Map(organisations.map((org) => [org.id, org.code]))
    return c.json({
      ads: rows.map((row) => ({ ...editable(row), organisation: orgCode.get(row.organisation_id) })),
    } satisfies ConsoleAdList)
  })

  // The slots an organisation's ads already use, so an editor picks one instead of retyping it.
  app.get('/slots', async (c) => {
    const allowed = await scope(c)
    const asked = c.req.query('organisation')
    const organisation = allowed
      ? allowed.find((org) => asked === undefined || org.code === asked)
      : asked
        ? await organisationWithCode(db, asked)
        : undefined
    if (!organisation && !allowed && !asked) return consoleError(c, 400, 'choose the organisation whose slots to list')
    if (!organisation) return consoleError(c, 404, `no organisation ${asked ?? ''} among yours`)
    const slots = new Map<string, ConsoleSlotList['slots'][number]>()
    // Newest first, so a slot is named as its latest ad spells it.
    for (const row of await listAds(db, { organisationId: organisation.id })) {
      const slot = slots.get(row.display_key) ?? { display: row.display, slug: slugOfSlot(row.display), ads: 0, published: 0 }
      slot.ads += 1
      slot.published += row.publish === 1 && row.status === 'saved' ? 1 : 0
      slots.set(row.display_key, slot)
    }
    const sorted = [...slots.values()].sort((a, b) => a.display.localeCompare(b.display))
    return c.json({ organisation: organisation.code, slots: sorted } satisfies ConsoleSlotList)
  })

  app.post('/preview', async (c) => {
    const json = await jsonObject(c)
    if (!json) return consoleError(c, 400, 'send the ad as a JSON object')
    const { fields: body } = answeredFieldsApart(json)
    const { adInputProblems, adContentFrom } = await adInput()
    const problems = adInputProblems(body)
    if (Object.keys(problems).length > 0) return consoleError(c, 422, 'the ad has problems', { errors: problems })
    try {
      return c.json({ ad: toWireAd({ ...(await adContentFrom(body)), code: 'ADS0000000000' }) } satisfies ConsoleAdPreview)
    } catch (error) {
      return refusal(c, error)
    }
  })

  app.post('/', async (c) => {
    const body = await jsonObject(c)
    if (!body) return consoleError(c, 400, 'send the ad as a JSON object')
    const { organisation, ...fields } = body
    const allowed = await scope(c)
    const target = allowed ? allowed[0] : await organisationWithCode(db, String(organisation ?? ''))
    if (!target)
      return consoleError(c, 422, 'choose the organisation the ad belongs to', { errors: { organisation: 'choose an organisation' } })
    // A new ad is not served until its author says so ("Save and publish" sends publish: 1).
    const unpublishedUnlessAsked = { publish: 0, ...fields }
    const problems = (await adInput()).adInputProblems(unpublishedUnlessAsked)
    if (Object.keys(problems).length > 0) return consoleError(c, 422, 'the ad has problems', { errors: problems })
    try {
      const row = await createAd(db, target.id, unpublishedUnlessAsked)
      return c.json({ ad: { ...editable(row), organisation: target.code } } satisfies ConsoleAdAnswer, 201)
    } catch (error) {
      return refusal(c, error)
    }
  })

  app.get('/:code', async (c) => {
    const row = await adInScope(c)
    if (!row) return consoleError(c, 404, `no ad ${c.req.param('code')} in your organisation`)
    // The organisation's code tells an operator's editor whose slots to offer.
    return c.json({ ad: { ...editable(row), organisation: await organisationCode(row.organisation_id) } } satisfies ConsoleAdAnswer)
  })

  app.put('/:code', async (c) => {
    const row = await adInScope(c)
    if (!row) return consoleError(c, 404, `no ad ${c.req.param('code')} in your organisation`)
    const body = await jsonObject(c)
    if (!body) return consoleError(c, 400, 'send the ad as a JSON object')
    const { code, fields } = answeredFieldsApart(body)
    // What the form does not edit is ignored, but not a changed code.
    if (code !== undefined && code !== row.code)
      return consoleError(c, 422, 'an ad keeps its code', { errors: { code: `this is ad ${row.code}; its code cannot change` } })
    const problems = (await adInput()).adInputProblems(fields)
    if (Object.keys(problems).length > 0) return consoleError(c, 422, 'the ad has problems', { errors: problems })
    try {
      const changed = await updateAd(db, row.code, fields)
      return c.json({ ad: { ...editable(changed), organisation: await organisationCode(row.organisation_id) } } satisfies ConsoleAdAnswer)
    } catch (error) {
      return refusal(c, error)
    }
  })

  // Publish or unpublish from the list, without sending the whole ad.
  app.put('/:code/publish', async (c) => {
    const row = await adInScope(c)
    if (!row) return consoleError(c, 404, `no ad ${c.req.param('code')} in your organisation`)
    const body = await jsonObject(c)
    if (!body) return consoleError(c, 400, 'send {"publish": 1} or {"publish": 0}')
    const { publish, ...others } = body
    const stray = Object.keys(others)[0]
    if (stray !== undefined)
      return consoleError(c, 422, 'only publish changes here', { errors: { [stray]: `unknown field ${stray}; send only publish` } })
    const problems = publish === undefined ? { publish: 'publish must be 0 or 1' } : (await adInput()).adInputProblems({ publish }, { change: true })
    if (Object.keys(problems).length > 0) return consoleError(c, 422, 'the ad has problems', { errors: problems })
    const changed = await updateAd(db, row.code, { publish })
    return c.json({ ad: { ...editable(changed), organisation: await organisationCode(row.organisation_id) } } satisfies ConsoleAdAnswer)
  })

  // A copy to start from: unpublished, titled "Copy of …", in the same organisation.
  app.post('/:code/duplicate', async (c) => {
    const row = await adInScope(c)
    if (!row) return consoleError(c, 404, `no ad ${c.req.param('code')} in your organisation`)
    const { code: _code, created_at: _created, updated_at: _updated, ...fields } = editable(row)
    const copy = await createAd(db, row.organisation_id, { ...fields, title: `Copy of ${row.title}`.slice(0, AD_TEXT_MAX.title), publish: 0 })
    return c.json({ ad: { ...editable(copy), organisation: await organisationCode(row.organisation_id) } } satisfies ConsoleAdAnswer, 201)
  })

  app.delete('/:code', async (c) => {
    const row = await adInScope(c)
    if (!row) return consoleError(c, 404, `no ad ${c.req.param('code')} in your organisation`)
    await deleteAd(db, row.code)
    return c.body(null, 204)
  })
  return app
}

/**
 * An ad sent back as this API answered it (a form loaded, then saved or
 * previewed): the code apart, and without what no write takes (the times,
 * the organisation).
 */
function answeredFieldsApart(body: Record<string, unknown>): { code: unknown; fields: Record<string, unknown> } {
  const { organisation: _organisation, code, created_at: _created, updated_at: _updated, ...fields } = body
  return { code, fields }
}

/** A stored ad as the form edits it. */
function editable(row: AdRow): ConsoleAd {
  const { id, organisation_id, display_key, images, starts_at, ends_at, ...fields } = row
  return { ...fields, images: imagesOf(row), starts: starts_at, ends: ends_at }
}
