/**
 * @module The ads repository's SQL against the dialect under test: what
 * authors rely on when they store, change, delete and list ads, and what
 * the ads API relies on when it reads an organisation's published ads.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.js'
import { openTestDatabase } from '../db/test-database.js'
import { InvalidInput } from '../invalid-input.js'
import { createOrganisation } from '../orgs/organisations.js'
import {
  adByCode,
  adCounts,
  adPlacements,
  createAd,
  deleteAd,
  imagesOf,
  listAds,
  publishedAdIndex,
  publishedAdsFor,
  publishedAdsWithIds,
  UnknownAd,
  updateAd,
} from './ads-repository.js'

let db: Kysely<Database>
let acme: number
let other: number
beforeEach(async () => {
  db = await openTestDatabase()
  acme = (await createOrganisation(db, { name: 'Acme' })).id
  other = (await createOrganisation(db, { name: 'Other' })).id
})
afterEach(() => db.destroy())

describe('createAd and adByCode', () => {
  it('stores the validated ad with its slot key, defaults, images as JSON and times, and finds it by code only', async () => {
    const now = new Date('2025-05-01T12:00:00.000Z')
    const ad = await createAd(
      db,
      acme,
      { title: 'Sale', display: 'Home Slider Ads', images: ['https://cdn.example/a.png'], tags: null, starts: '2025-05-02T00:00:00Z' },
      now,
    )
    expect(ad).toMatchObject({
      id: 1,
      organisation_id: acme,
      title: 'Sale',
      display: 'Home Slider Ads',
      display_key: 'home slider ads',
      tags: null,
      size: null,
      status: 'saved',
      publish: 1,
      starts_at: '2025-05-02T00:00:00.000Z',
      ends_at: null,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    })
    expect(ad.code).toMatch(/^ADS/)
    expect(imagesOf(ad)).toEqual(['https://cdn.example/a.png'])
    expect(await adByCode(db, ad.code)).toEqual(ad)
    expect(await adByCode(db, ad.code.toLowerCase())).toBeUndefined()
  })

  it('stores nothing that fails validation', async () => {
    await expect(createAd(db, acme, { title: 'No slot' })).rejects.toBeInstanceOf(InvalidInput)
    expect(await listAds(db)).toEqual([])
  })
})

describe('updateAd', () => {
  it('changes the fields given and the update time of that ad only, and moves its slot key with its slot', async () => {
    const ad = await createAd(db, acme, { title: 'Sale', display: 'Home' }, new Date('2025-05-01T12:00:00.000Z'))
    const untouched = await createAd(db, acme, { title: 'Other', display: 'Home' })
    const later = new Date('2025-05-03T12:00:00.000Z')
    const changed = await updateAd(db, ad.code, { publish: false, display: 'Side Bar', size: null }, later)
    expect(changed).toEqual({ ...ad, publish: 0, display: 'Side Bar', display_key: 'side bar', updated_at: later.toISOString() })
    expect(await adByCode(db, ad.code)).toEqual(changed)
    expect(await adByCode(db, untouched.code)).toEqual(untouched)
  })

  it('checks a new end against the start as stored, and a null end clears it', async () => {
    const ad = await createAd(db, acme, { title: 'Sale', display: 'Home', starts: '2025-06-01T00:00:00Z', ends: '2025-07-01T00:00:00Z' })
    await expect(updateAd(db, ad.code, { ends: '2025-05-01T00:00:00Z' })).rejects.toBeInstanceOf(InvalidInput)
    expect((await adByCode(db, ad.code))?.ends_at).toBe('2025-07-01T00:00:00.000Z')
    expect((await updateAd(db, ad.code, { ends: null })).ends_at).toBeNull()
    expect((await adByCode(db, ad.code))?.ends_at).toBeNull()
  })

  it('refuses an unknown code with a 404 that names it', async () => {
    await expect(updateAd(db, 'ADS0000000000', { title: 'Ghost' })).rejects.toMatchObject({ status: 404, adCode: 'ADS0000000000' })
    await expect(updateAd(db, 'ADS0000000000', { ends: '2025-05-01T00:00:00Z' })).rejects.toBeInstanceOf(UnknownAd)
  })
})

describe('deleteAd', () => {
  it('deletes that ad only, and refuses a code that names none', async () => {
    const ad = await createAd(db, acme, { title: 'Sale', display: 'Home' })
    const kept = await createAd(db, acme, { title: 'Kept', display: 'Home' })
    await deleteAd(db, ad.code)
    expect(await adByCode(db, ad.code)).toBeUndefined()
    expect(await adByCode(db, kept.code)).toEqual(kept)
    await expect(deleteAd(db, ad.code)).rejects.toBeInstanceOf(UnknownAd)
  })
})

describe('adPlacements', () => {
  it('gives the organisation and slot key of each known code and leaves unknown ones out', async () => {
    const home = await createAd(db, acme, { title: 'A', display: 'Home' })
    const side = await createAd(db, other, { title: 'B', display: 'Side Bar' })
    const placements = await adPlacements(db, [home.code, 'ADS0000000000', side.code])
    expect(placements.sort((a, b) => a.organisation_id - b.organisation_id)).toEqual([
      { id: expect.any(Number), code: home.code, organisation_id: acme, display_key: 'home' },
      { id: expect.any(Number), code: side.code, organisation_id: other, display_key: 'side bar' },
    ])
    expect(await adPlacements(db, [])).toEqual([])
  })
})

describe('listAds and adCounts', () => {
  it('lists newest first, filtered by organisation, slot, status and publish, paged by id and limit', async () => {
    const first = await createAd(db, acme, { title: '1', display: 'Home' })
    const draft = await createAd(db, acme, { title: '2', display: 'Home', status: 'draft' })
    const hidden = await createAd(db, acme, { title: '3', display: 'Side', publish: 0 })
    const elsewhere = await createAd(db, other, { title: '4', display: 'Home' })
    const codes = async (filter: Parameters<typeof listAds>[1]) => (await listAds(db, filter)).map((ad) => ad.code)
    expect(await codes({})).toEqual([elsewhere.code, hidden.code, draft.code, first.code])
    expect(await codes({ organisationId: acme })).toEqual([hidden.code, draft.code, first.code])
    expect(await codes({ organisationId: acme, displayKey: 'home' })).toEqual([draft.code, first.code])
    expect(await codes({ status: 'draft' })).toEqual([draft.code])
    expect(await codes({ publish: 0 })).toEqual([hidden.code])
    expect(await codes({ organisationId: acme, limit: 2 })).toEqual([hidden.code, draft.code])
    expect(await codes({ organisationId: acme, beforeId: draft.id, limit: 2 })).toEqual([first.code])
  })

  it('counts the ads of each organisation that has any, whatever their state', async () => {
    expect(await adCounts(db)).toEqual(new Map())
    await createAd(db, acme, { title: '1', display: 'Home' })
    await createAd(db, acme, { title: '2', display: 'Home', status: 'draft', publish: 0 })
    await createAd(db, other, { title: '3', display: 'Home' })
    expect(await adCounts(db)).toEqual(
      new Map([
        [acme, 2],
        [other, 1],
      ]),
    )
  })
})

describe('published ads', () => {
  async function slotWithEveryState() {
    const older = await createAd(db, acme, { title: 'Older', display: 'Home', tags: 'shoes', weight: 3, starts: '2025-05-01T00:00:00Z' })
    await createAd(db, acme, { title: 'Draft', display: 'Home', status: 'draft' })
    await createAd(db, acme, { title: 'Hidden', display: 'Home', publish: 0 })
    await createAd(db, other, { title: 'Elsewhere', display: 'Home' })
    const side = await createAd(db, acme, { title: 'Side', display: 'Side' })
    const newer = await createAd(db, acme, { title: 'Newer', display: 'Home', images: ['https://cdn.example/n.png'] })
    return { older, side, newer }
  }

  it("reads the slot's saved and published ads of the organisation, newest first, with their schedules, up to the limit", async () => {
    const { older, side, newer } = await slotWithEveryState()
    const home = await publishedAdsFor(db, acme, 'home', 10)
    expect(home.map((entry) => entry.ad.code)).toEqual([newer.code, older.code])
    expect(home[0]!.ad).toMatchObject({
      code: newer.code,
      title: 'Newer',
      target: '_self',
      size: null,
      images: ['https://cdn.example/n.png'],
    })
    expect(home[1]).toMatchObject({ tags: 'shoes', starts_at: '2025-05-01T00:00:00.000Z', ends_at: null, weight: 3 })
    expect((await publishedAdsFor(db, acme, 'home', 1)).map((entry) => entry.ad.code)).toEqual([newer.code])
    expect((await publishedAdsFor(db, acme, null, 10)).map((entry) => entry.ad.code)).toEqual([newer.code, side.code, older.code])
    expect(await publishedAdsFor(db, acme, 'nowhere', 10)).toEqual([])
  })

  it("indexes the slot's published ads newest first without their content", async () => {
    const { older, newer, side } = await slotWithEveryState()
    expect(await publishedAdIndex(db, acme, 'home')).toEqual([
      { id: newer.id, tags: null, starts_at: null, ends_at: null, weight: newer.weight },
      { id: older.id, tags: 'shoes', starts_at: '2025-05-01T00:00:00.000Z', ends_at: null, weight: 3 },
    ])
    expect((await publishedAdIndex(db, acme, null)).map((entry) => entry.id)).toEqual([newer.id, side.id, older.id])
  })

  it("reads the organisation's published ads by id in the order asked, leaving out the unpublished, deleted and others'", async () => {
    const { older, newer, side } = await slotWithEveryState()
    const foreign = await createAd(db, other, { title: 'Foreign', display: 'Home' })
    const unpublished = await createAd(db, acme, { title: 'Later hidden', display: 'Home' })
    await updateAd(db, unpublished.code, { publish: 0 })
    await deleteAd(db, side.code)
    const ads = await publishedAdsWithIds(db, acme, [older.id, side.id, foreign.id, unpublished.id, newer.id])
    expect(ads.map((ad) => ad.code)).toEqual([older.code, newer.code])
    expect(ads[0]).toMatchObject({ title: 'Older', tags: 'shoes', images: [] })
    expect(await publishedAdsWithIds(db, acme, [])).toEqual([])
  })
})
