/** @module Tests of the ads API's authoring routes: slots in use, publish from the list, duplicate, new ads unpublished. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createAd } from '../ads/ads-repository.js'
import { createOrganisation } from '../orgs/organisations.js'
import { type IdentityFixture, identityFixture } from '../testing/identity-fixture.js'
import { consoleUser } from '../testing/console-user.js'

let idp: IdentityFixture
beforeEach(async () => {
  idp = await identityFixture()
})
afterEach(() => idp.close())

/** Two organisations, a marketer of the first, and an ad of each. */
async function twoOrganisations() {
  const mine = await createOrganisation(idp.db, { name: 'Mine' })
  const theirs = await createOrganisation(idp.db, { name: 'Theirs' })
  const own = await createAd(idp.db, mine.id, {
    title: 'Spring',
    display: 'Home Slider Ads',
    description: '<p><strong>Half</strong> price</p>',
  })
  const foreign = await createAd(idp.db, theirs.id, { title: 'Not yours', display: 'Secret Slot' })
  const marketer = await consoleUser(idp, { svcApp: mine.code, svcAccess: ['Ads:Edit'] })
  return { mine, theirs, own, foreign, marketer }
}

describe('the console ads API for authors', () => {
  it("lists the slots the organisation's ads use, each with its slug and counts, never another organisation's", async () => {
    const { mine, theirs, marketer } = await twoOrganisations()
    await createAd(idp.db, mine.id, { title: 'Two', display: 'home slider ads', publish: 0 })
    await createAd(idp.db, mine.id, { title: 'Three', display: 'Donation Stories' })
    const answer = await marketer.api('GET', '/ads/slots')
    expect(answer.status).toBe(200)
    expect(await answer.json()).toEqual({
      organisation: mine.code,
      slots: [
        { display: 'Donation Stories', slug: 'donation-stories', ads: 1, published: 1 },
        // Named as its newest ad spells it.
        { display: 'home slider ads', slug: 'home-slider-ads', ads: 2, published: 1 },
      ],
    })
    const foreign = await marketer.api('GET', `/ads/slots?organisation=${theirs.code}`)
    expect(foreign.status).toBe(404)
    expect((await foreign.json()).message).toBe(`no organisation ${theirs.code} among yours`)

    const operator = await consoleUser(idp, { svcMaster: true })
    const unnamed = await operator.api('GET', '/ads/slots')
    expect(unnamed.status).toBe(400)
    expect((await unnamed.json()).message).toBe('choose the organisation whose slots to list')
    expect((await (await operator.api('GET', `/ads/slots?organisation=${theirs.code}`)).json()).slots).toEqual([
      { display: 'Secret Slot', slug: 'secret-slot', ads: 1, published: 1 },
    ])
    expect((await operator.api('GET', '/ads/slots?organisation=ORG_NOPE')).status).toBe(404)
  })

  it('makes a new ad unpublished unless the author asks to publish it', async () => {
    const { marketer } = await twoOrganisations()
    const plain = await (await marketer.api('POST', '/ads', { title: 'Quiet', display: 'Home' })).json()
    expect(plain.ad.publish).toBe(0)
    const published = await (await marketer.api('POST', '/ads', { title: 'Loud', display: 'Home', publish: 1 })).json()
    expect(published.ad.publish).toBe(1)
  })

  it('publishes and unpublishes an ad alone, refusing stray fields, bad values and other organisations’ ads', async () => {
    const { own, foreign, marketer } = await twoOrganisations()
    const off = await marketer.api('PUT', `/ads/${own.code}/publish`, { publish: 0 })
    expect(off.status).toBe(200)
    expect((await off.json()).ad).toMatchObject({ code: own.code, title: 'Spring', publish: 0 })
    expect((await (await marketer.api('GET', `/ads/${own.code}`)).json()).ad.publish).toBe(0)
    expect((await (await marketer.api('PUT', `/ads/${own.code}/publish`, { publish: 1 })).json()).ad.publish).toBe(1)

    const bad = await marketer.api('PUT', `/ads/${own.code}/publish`, { publish: 'yes' })
    expect(bad.status).toBe(422)
    expect((await bad.json()).errors).toEqual({ publish: 'publish must be 0 or 1' })
    const missing = await marketer.api('PUT', `/ads/${own.code}/publish`, {})
    expect(missing.status).toBe(422)
    expect((await missing.json()).errors).toEqual({ publish: 'publish must be 0 or 1' })
    const stray = await marketer.api('PUT', `/ads/${own.code}/publish`, { publish: 1, title: 'Sneaky' })
    expect(stray.status).toBe(422)
    expect((await stray.json()).errors).toEqual({ title: 'unknown field title; send only publish' })
    const notJson = await marketer.api('PUT', `/ads/${own.code}/publish`, [1])
    expect(notJson.status).toBe(400)
    expect((await notJson.json()).message).toBe('send {"publish": 1} or {"publish": 0}')

    const theirs = await marketer.api('PUT', `/ads/${foreign.code}/publish`, { publish: 0 })
    expect(theirs.status).toBe(404)
    expect((await theirs.json()).message).toBe(`no ad ${foreign.code} in your organisation`)
    const withoutToken = await marketer.api('PUT', `/ads/${own.code}/publish`, { publish: 0 }, { csrf: false })
    expect(withoutToken.status).toBe(403)
    expect((await (await marketer.api('GET', `/ads/${own.code}`)).json()).ad.publish).toBe(1)
  })

  it('duplicates an ad as an unpublished "Copy of …" with every other field the same', async () => {
    const { own, foreign, marketer, mine } = await twoOrganisations()
    const original = (await (await marketer.api('GET', `/ads/${own.code}`)).json()).ad
    const copied = await marketer.api('POST', `/ads/${own.code}/duplicate`)
    expect(copied.status).toBe(201)
    const { ad } = await copied.json()
    const { code: _a, created_at: _b, updated_at: _c, ...same } = original
    expect(ad).toMatchObject({ ...same, title: 'Copy of Spring', publish: 0, organisation: mine.code })
    expect(ad.code).not.toBe(own.code)
    expect((await (await marketer.api('GET', '/ads')).json()).ads.map((listed: { title: string }) => listed.title)).toEqual([
      'Copy of Spring',
      'Spring',
    ])

    // A title at the limit still makes a valid copy.
    const long = (await (await marketer.api('PUT', `/ads/${own.code}`, { ...same, title: 'x'.repeat(200) })).json()).ad
    const longCopy = (await (await marketer.api('POST', `/ads/${long.code}/duplicate`)).json()).ad
    expect(longCopy.title).toHaveLength(200)
    expect(longCopy.title.startsWith('Copy of x')).toBe(true)

    expect((await marketer.api('POST', `/ads/${foreign.code}/duplicate`)).status).toBe(404)
    expect((await marketer.api('POST', '/ads/ADS_NOPE/duplicate')).status).toBe(404)
  })

  it("takes the schedule and weight with the CLI's rules and wording, and gives them back as saved", async () => {
    const { own, marketer } = await twoOrganisations()
    const loaded = (await (await marketer.api('GET', `/ads/${own.code}`)).json()).ad
    expect(loaded).toMatchObject({ starts: null, ends: null, weight: 10 })

    const { code: _code, organisation: _org, created_at: _c, updated_at: _u, ...fields } = loaded
    const scheduled = await marketer.api('PUT', `/ads/${own.code}`, {
      ...fields,
      starts: '2099-06-01T11:00:00+02:00',
      ends: '2099-07-01T00:00:00Z',
      weight: 40,
    })
    expect(scheduled.status).toBe(200)
    const saved = (await scheduled.json()).ad
    expect(saved).toMatchObject({ starts: '2099-06-01T09:00:00.000Z', ends: '2099-07-01T00:00:00.000Z', weight: 40 })
    // Sent back as answered, nothing moves.
    const again = (await (await marketer.api('PUT', `/ads/${own.code}`, saved)).json()).ad
    expect(again).toMatchObject({ starts: saved.starts, ends: saved.ends, weight: 40 })
    expect((await (await marketer.api('POST', `/ads/${own.code}/duplicate`)).json()).ad).toMatchObject({
      starts: saved.starts,
      ends: saved.ends,
      weight: 40,
    })

    const refused = await marketer.api('PUT', `/ads/${own.code}`, {
      ...fields,
      starts: '2099-06-01T09:00',
      ends: '2099-05-01T00:00Z',
      weight: 0,
    })
    expect(refused.status).toBe(422)
    expect((await refused.json()).errors).toEqual({
      starts: 'starts must be an ISO 8601 date and time with a time zone, e.g. 2025-06-01T09:00:00Z or 2025-06-01T11:00:00+02:00',
      weight: 'weight must be an integer from 1 to 100',
    })
    const backwards = await marketer.api('POST', '/ads', {
      title: 'Odd',
      display: 'Home',
      starts: '2099-06-02T00:00Z',
      ends: '2099-06-01T00:00Z',
    })
    expect(backwards.status).toBe(422)
    expect((await backwards.json()).errors).toEqual({ ends: 'ends must be after starts' })
    expect((await (await marketer.api('GET', `/ads/${own.code}`)).json()).ad).toMatchObject({ starts: saved.starts, weight: 40 })
  })
})
