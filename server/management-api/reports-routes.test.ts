import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { addAdCounts } from '../ad-statistics/ad-statistics-repository.js'
import { createAd } from '../ads/ads-repository.js'
import { createOrganisation } from '../orgs/organisations.js'
import { consoleUser } from '../testing/console-user.js'
import { type IdentityFixture, identityFixture } from '../testing/identity-fixture.js'
import { createManagementToken } from './management-tokens-repository.js'

let idp: IdentityFixture
beforeEach(async () => {
  idp = await identityFixture()
})
afterEach(() => idp.close())

/** Two organisations with counts over two days and two slots, a marketer of the first, and tokens. */
async function twoOrganisations() {
  const mine = await createOrganisation(idp.db, { name: 'Mine' })
  const theirs = await createOrganisation(idp.db, { name: 'Theirs' })
  const spring = await createAd(idp.db, mine.id, { title: 'Spring', display: 'Home' })
  const summer = await createAd(idp.db, mine.id, { title: 'Summer', display: 'Sidebar' })
  await addAdCounts(idp.db, [
    { hour: '2025-05-02T12:00:00.000Z', slot: 'home', served: 8, viewable: 4, clicks: 1, organisation_id: mine.id, ad_code: spring.code },
    // 23:00 UTC on the 2nd is the 3rd in Berlin: the zone decides the day.
    {
      hour: '2025-05-02T23:00:00.000Z',
      slot: 'sidebar',
      served: 30,
      viewable: 20,
      clicks: 3,
      organisation_id: mine.id,
      ad_code: summer.code,
    },
    {
      hour: '2025-05-02T12:00:00.000Z',
      slot: 'home',
      served: 500,
      viewable: 9,
      clicks: 9,
      organisation_id: theirs.id,
      ad_code: 'ADS0000000009',
    },
  ])
  const marketer = await consoleUser(idp, { svcApp: mine.code, svcAccess: ['Ads:Edit'] })
  const token = async (scopes: string, organisationId: number | null = mine.id) =>
    (await createManagementToken(idp.db, { name: 'BI', organisationId, scopes, createdBy: 'cli:test' })).secret
  return { mine, theirs, spring, marketer, token }
}

const api = (path: string, secret?: string) =>
  fetch(`${idp.issuer}/api/v1${path}`, { headers: secret ? { Authorization: `Bearer ${secret}` } : {} })

const RANGE = 'from=2025-05-01&to=2025-05-03&tz=Europe/Berlin'

describe('the management API report', () => {
  it("answers the console's numbers for the same range, grouping and narrowing", async () => {
    const { mine, spring, marketer, token } = await twoOrganisations()
    const reader = await token('reports:read')
    for (const query of [
      RANGE,
      `${RANGE}&by=ad`,
      `${RANGE}&by=slot`,
      `${RANGE}&by=day&slot=home`,
      `${RANGE}&by=ad&ad=${spring.code}`,
      'from=2025-05-02&to=2025-05-02',
    ]) {
      const fromApi = await api(`/reports?${query}`, reader)
      expect(fromApi.status, query).toBe(200)
      const fromConsole = await (await marketer.api('GET', `/reports?${query}`)).json()
      expect(await fromApi.json(), query).toEqual(fromConsole)
    }
    const byAd = await (await api(`/reports?${RANGE}&by=ad`, reader)).json()
    expect(byAd).toMatchObject({ organisation: mine.code, by: 'ad', totals: { impressions: 38, clicks: 4, ctr: 10.5 } })
    expect(byAd.series.impressions).toEqual([0, 8, 30])
  })

  it('answers 401, 403 without the scope, 404 for another organisation, and names each invalid parameter', async () => {
    const { theirs, token } = await twoOrganisations()
    expect((await api(`/reports?${RANGE}`)).status).toBe(401)
    expect((await api(`/reports?${RANGE}`, await token('ads:write'))).status).toBe(403)
    const reader = await token('reports:read')
    const foreign = await api(`/reports?${RANGE}&organisation=${theirs.code}`, reader)
    expect(foreign.status).toBe(404)
    expect(foreign.headers.get('Content-Type')).toBe('application/problem+json')
    // An operator-wide token names the organisation, and reads any.
    const operator = await token('reports:read', null)
    expect((await api(`/reports?${RANGE}`, operator)).status).toBe(400)
    expect((await (await api(`/reports?${RANGE}&organisation=${theirs.code}`, operator)).json()).totals.impressions).toBe(500)

    for (const [query, parameter, detail] of [
      ['from=2025-02-30', 'from', /from must be a date written YYYY-MM-DD/],
      ['tz=Mars/Olympus', 'tz', /tz must be an IANA time zone/],
      ['by=week', 'by', /by must be day, ad or slot/],
      ['from=2025-05-03&to=2025-05-01', 'from', /must not be after/],
      ['from=2020-01-01&to=2025-01-01', 'to', /at most 366 days/],
    ] as const) {
      const refused = await api(`/reports?${query}`, reader)
      expect(refused.status, query).toBe(400)
      const body = await refused.json()
      expect(body.errors, query).toEqual([{ parameter, detail: expect.stringMatching(detail) }])
    }
  })
})
