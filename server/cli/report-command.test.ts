/** @module Tests of `svc-bff report`: the table, the JSON, and the errors for an unknown organisation and bad dates. */
import { beforeEach, describe, expect, it } from 'vitest'
import { createAd } from '../ads/ads-repository.js'
import { addAdCounts } from '../ad-statistics/ad-statistics-repository.js'
import { openDatabase } from '../db/open-database.js'
import { createOrganisation } from '../orgs/organisations.js'
import { migratedDatabaseFile, runCliOn } from '../testing/cli-runner.js'

let dbPath: string
let org: string
let ad: string

beforeEach(async () => {
  dbPath = await migratedDatabaseFile('svc-report-')
  const db = await openDatabase({ sqlitePath: dbPath })
  try {
    const organisation = await createOrganisation(db, { name: 'Acme' })
    org = organisation.code
    ad = (await createAd(db, organisation.id, { title: 'Spring sale', display: 'Home' })).code
    const row = { organisation_id: organisation.id, ad_code: ad, slot: 'home', viewable: 1, clicks: 0 }
    await addAdCounts(db, [
      // 20:30 on 1 May in New York, and 00:30 on 2 May there.
      { ...row, hour: '2025-05-02T00:00:00.000Z', served: 3 },
      { ...row, hour: '2025-05-02T04:00:00.000Z', served: 1200, viewable: 600, clicks: 12 },
    ])
  } finally {
    await db.destroy()
  }
})

const cli = (...argv: string[]) => runCliOn(dbPath, argv)

describe('svc-bff report', () => {
  it('prints a table of the days in the zone, with a total', async () => {
    const result = await cli('report', '--org', org, '--from', '2025-05-01', '--to', '2025-05-02', '--tz', 'America/New_York')
    expect(result).toEqual({
      exitCode: 0,
      stderr: '',
      stdout: [
        `${org}, 2025-05-01 to 2025-05-02 (America/New_York)`,
        'date        impressions  viewable  clicks  viewable rate   CTR',
        '2025-05-01            3         1       0          33.3%  0.0%',
        '2025-05-02         1200       600      12          50.0%  1.0%',
        'total              1203       601      12          50.0%  1.0%',
      ].join('\n'),
    })
  })

  it('prints the JSON the console API answers, grouped by ad with its title', async () => {
    const result = await cli('report', '--org', org, '--from', '2025-05-02', '--to', '2025-05-02', '--by', 'ad', '--json')
    expect(result.exitCode).toBe(0)
    const report = JSON.parse(result.stdout)
    expect(report).toMatchObject({ organisation: org, from: '2025-05-02', to: '2025-05-02', tz: 'UTC', by: 'ad' })
    expect(report.rows).toEqual([
      { key: ad, title: 'Spring sale', impressions: 1203, viewable: 601, clicks: 12, viewable_rate: 50, ctr: 1 },
    ])
    // The table names its last column: titles for ads, names for slots.
    const table = (await cli('report', '--org', org, '--from', '2025-05-02', '--to', '2025-05-02', '--by', 'slot')).stdout.split('\n')
    expect(table[1]).toBe('slot   impressions  viewable  clicks  viewable rate   CTR  name')
    expect(table[2]).toBe('home          1203       601      12          50.0%  1.0%  Home')
  })

  it('says what is wrong with an unknown organisation, a bad date, a reversed range and a bad grouping', async () => {
    expect(await cli('report', '--org', 'ORG0000000000')).toMatchObject({
      exitCode: 1,
      stderr: 'svc-bff: no organisation has the code ORG0000000000',
    })
    expect(await cli('report', '--org', org, '--from', '2025-5-1')).toMatchObject({
      exitCode: 2,
      stderr: 'svc-bff: --from must be a date written YYYY-MM-DD, such as 2025-05-01, not "2025-5-1"',
    })
    expect(await cli('report', '--org', org, '--from', '2025-05-03', '--to', '2025-05-01')).toMatchObject({
      exitCode: 2,
      stderr: 'svc-bff: from (2025-05-03) must not be after to (2025-05-01)',
    })
    expect(await cli('report', '--org', org, '--by', 'week')).toMatchObject({
      exitCode: 2,
      stderr: 'svc-bff: --by must be day, ad or slot',
    })
    const json = await cli('report', '--org', org, '--tz', 'Moon/Base', '--json')
    expect(JSON.parse(json.stdout)).toEqual({
      error: { message: '--tz must be an IANA time zone such as Europe/Berlin or UTC, not "Moon/Base"', exit_code: 2 },
    })
    expect((await cli('report')).stderr).toMatch(/--org/)
  })
})
