/** @module Tests of the console's report API: who may read which organisation's report, and refusals of bad ranges. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createAd } from '../ads/ads-repository.js'
import { addAdCounts } from '../ad-statistics/ad-statistics-repository.js'
import { createOrganisation } from '../orgs/organisations.js'
import { consoleUser } from '../testing/console-user.js'
import { type IdentityFixture, identityFixture } from '../testing/identity-fixture.js'

let idp: IdentityFixture
beforeEach(async () => {
  idp = await identityFixture()
})
afterEach(() => idp.close())

/** Two organisations with counts on 2 May 2025, and a marketer of the first. */
async function twoOrganisations() {
  const mine = await createOrganisation(idp.db, { name: 'Mine' })
  const theirs = await createOrganisation(idp.db, { name: 'Theirs' })
  const ad = await createAd(idp.db, mine.id, { title: 'Spring', display: 'Home' })
  const counts = { hour: '2025-05-02T12:00:00.000Z', slot: 'home', served: 8, viewable: 4, clicks: 1 }
  await addAdCounts(idp.db, [
    { ...counts, organisation_id: mine.id, ad_code: ad.code },
    { ...counts, organisation_id: theirs.id, ad_code: 'ADS0000000009', served: 500 },
  ])
  const marketer = await consoleUser(idp, { svcApp: mine.code, svcAccess: ['Ads:Edit'] })
  return { mine, theirs, ad, marketer }
}

const RANGE = 'from=2025-05-01&to=2025-05-03&tz=Europe/Berlin'

describe('the console report API', () => {
  it("answers a marketer their organisation's report, grouped as asked", async () => {
    const { mine, ad, marketer } = await twoOrganisations()
    const answer = await marketer.api('GET', `/reports?${RANGE}&by=ad`)
    expect(answer.status).toBe(200)
    expect(answer.headers.get('Cache-Control')).toBe('no-store')
    const report = await answer.json()
    expect(report).toMatchObject({ organisation: mine.code, from: '2025-05-01', to: '2025-05-03', tz: 'Europe/Berlin', by: 'ad' })
    expect(report.rows).toEqual([{ key: ad.code, title: 'Spring', impressions: 8, viewable: 4, clicks: 1, viewable_rate: 50, ctr: 12.5 }])
    expect(report.series.impressions).toEqual([0, 8, 0])
  })

  it("refuses another organisation's report to its marketer, and people without the ads role", async () => {
    const { theirs, marketer } = await twoOrganisations()
    const foreign = await marketer.api('GET', `/reports?${RANGE}&organisation=${theirs.code}`)
    expect(foreign.status).toBe(404)
    expect((await foreign.json()).message).toBe(`no organisation ${theirs.code} among yours`)
    const developer = await consoleUser(idp, { svcRole: 'developer' })
    expect((await developer.api('GET', `/reports?${RANGE}`)).status).toBe(403)
    expect((await fetch(`${idp.issuer}/console/api/reports?${RANGE}`)).status).toBe(401)
  })

  it('lets an operator read any organisation named, and asks for one when none is', async () => {
    const { theirs } = await twoOrganisations()
    const operator = await consoleUser(idp, { svcMaster: true })
    const unnamed = await operator.api('GET', `/reports?${RANGE}`)
    expect(unnamed.status).toBe(400)
    expect((await unnamed.json()).message).toBe('choose the organisation whose report to show')
    const named = await (await operator.api('GET', `/reports?${RANGE}&organisation=${theirs.code}`)).json()
    expect(named.totals.impressions).toBe(500)
    expect((await operator.api('GET', `/reports?${RANGE}&organisation=ORG_NOPE`)).status).toBe(404)
  })

  it('refuses bad dates, a reversed or too long range and an unknown zone with a 400 naming the field', async () => {
    const { marketer } = await twoOrganisations()
    const refusal = async (query: string) => {
      const answer = await marketer.api('GET', `/reports?${query}`)
      return { status: answer.status, body: await answer.json() }
    }
    expect(await refusal('from=2025-13-01')).toEqual({
      status: 400,
      body: {
        status: 'error',
        code: 400,
        message: 'from must be a date written YYYY-MM-DD, such as 2025-05-01, not "2025-13-01"',
        errors: { from: 'from must be a date written YYYY-MM-DD, such as 2025-05-01, not "2025-13-01"' },
      },
    })
    expect((await refusal('from=2025-05-09&to=2025-05-01')).body.errors).toEqual({
      from: 'from (2025-05-09) must not be after to (2025-05-01)',
    })
    expect((await refusal('from=2020-01-01&to=2025-01-01')).status).toBe(400)
    expect((await refusal('tz=Nowhere%2FLand')).body.errors).toHaveProperty('tz')
    expect((await refusal('by=hour')).body.message).toBe('by must be day, ad or slot')
    expect((await refusal('ad=%00')).status).toBeLessThan(500)
  })
})
