/** @module Tests of `ad create/update --starts --ends --weight`: stored in UTC, listed with their state, refused clearly. */
import { beforeEach, describe, expect, it } from 'vitest'
import { migratedDatabaseFile, runCliOn, tableCells } from '../testing/cli-runner.js'

let dbPath: string

beforeEach(async () => {
  dbPath = await migratedDatabaseFile('svc-cli-schedule-')
})

const cli = (...argv: string[]) => runCliOn(dbPath, argv)

async function json(...argv: string[]) {
  const result = await cli(...argv, '--json')
  return { ...result, body: JSON.parse(result.stdout) }
}

async function newAd(...flags: string[]) {
  const org = await json('org', 'create', '--name', 'Acme')
  return json('ad', 'create', '--org', org.body.code, '--title', 'T', '--display', 'Home', ...flags)
}

describe('ad schedule flags', () => {
  it('stores --starts and --ends in UTC and --weight, lists them, and clears a bound with an empty value', async () => {
    const created = await newAd('--starts', '2099-06-01T11:00:00+02:00', '--ends', '2099-06-30T00:00Z', '--weight', '25')
    expect(created.exitCode).toBe(0)
    const [listed] = (await json('ad', 'list')).body.ads
    expect(listed).toMatchObject({
      code: created.body.code,
      starts: '2099-06-01T09:00:00.000Z',
      ends: '2099-06-30T00:00:00.000Z',
      weight: 25,
    })
    const schedule = async () => tableCells((await cli('ad', 'list')).stdout).map((cells) => cells.slice(3).join(' | '))
    expect(await schedule()).toEqual([
      'SLOT | TITLE | WEIGHT | SCHEDULE',
      'Home | T | 25 | Scheduled 2099-06-01T09:00:00.000Z → 2099-06-30T00:00:00.000Z',
    ])

    const updated = await json('ad', 'update', created.body.code, '--starts', '', '--ends', '2000-01-01T00:00Z')
    expect(updated.body.ad).toMatchObject({ starts: null, ends: '2000-01-01T00:00:00.000Z', weight: 25 })
    expect((await schedule())[1]).toBe('Home | T | 25 | Ended open → 2000-01-01T00:00:00.000Z')

    // Inside its dates, an ad is Running only when it is served: a draft or an unpublished one is not.
    await json('ad', 'update', created.body.code, '--ends', '2099-01-01T00:00Z')
    expect((await schedule())[1]).toBe('Home | T | 25 | Running open → 2099-01-01T00:00:00.000Z')
    await json('ad', 'update', created.body.code, '--publish', '0')
    expect((await schedule())[1]).toBe('Home | T | 25 | Within its dates open → 2099-01-01T00:00:00.000Z')

    const plain = await newAd()
    expect((await json('ad', 'list')).body.ads.find((ad: { code: string }) => ad.code === plain.body.code)).toMatchObject({
      starts: null,
      ends: null,
      weight: 10,
    })
  })

  it.each<[string[], string]>([
    [
      ['--starts', 'tomorrow'],
      'starts must be an ISO 8601 date and time with a time zone, e.g. 2025-06-01T09:00:00Z or 2025-06-01T11:00:00+02:00',
    ],
    [
      ['--ends', '2099-06-01T09:00'],
      'ends must be an ISO 8601 date and time with a time zone, e.g. 2025-06-01T09:00:00Z or 2025-06-01T11:00:00+02:00',
    ],
    [['--starts', '2099-06-02T00:00Z', '--ends', '2099-06-01T00:00Z'], 'ends must be after starts'],
    [['--weight', '0'], 'weight must be an integer from 1 to 100'],
    [['--weight', '101'], 'weight must be an integer from 1 to 100'],
    [['--weight', 'heavy'], 'weight must be an integer from 1 to 100'],
  ])('refuses ad create %j with a message and exit code 1', async (flags, message) => {
    expect(await newAd(...flags)).toMatchObject({ exitCode: 1, stdout: JSON.stringify({ error: { message, exit_code: 1 } }) })
  })

  it('refuses an update that moves one end of the window past the other as stored', async () => {
    const created = await newAd('--starts', '2099-06-01T00:00Z')
    const refused = await cli('ad', 'update', created.body.code, '--ends', '2099-05-01T00:00Z')
    expect(refused).toEqual({ exitCode: 1, stdout: '', stderr: 'svc-bff: ends must be after starts' })
    expect((await json('ad', 'list')).body.ads[0]).toMatchObject({ starts: '2099-06-01T00:00:00.000Z', ends: null })
  })
})
