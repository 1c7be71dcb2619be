import { randomBytes } from 'node:crypto'
import { connect, type Socket } from 'node:net'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { AdRow } from '../db/schema.js'
import { type ListeningBff, listeningBff, type Publisher, publisherFixture } from '../testing/publisher.js'
import { deleteAd, updateAd } from '../ads/ads-repository.js'
import { adStatisticsWriter } from './ad-statistics-writer.js'
import { adStatisticsFor, hourOf } from './ad-statistics-repository.js'
import { isPostgres } from '../db/open-database.js'
import { databaseRateLimiter } from '../http/database-rate-limiter.js'
import { fixedWindowRateLimiter } from '../http/fixed-window-rate-limiter.js'

let publisher: Publisher
let bff: ListeningBff
let statistics: ReturnType<typeof adStatisticsWriter>
let ad: AdRow

const batchId = () => randomBytes(12).toString('base64url')

function post(body: unknown, { origin, type = 'text/plain;charset=UTF-8' }: { origin?: string; type?: string } = {}) {
  return bff.request('/ads/events', {
    method: 'POST',
    headers: { 'Content-Type': type, ...(origin ? { Origin: origin } : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
}

const batch = (fields: Record<string, unknown> = {}) => ({
  key: publisher.apiKey,
  batch: batchId(),
  slot: 'home-slider-ads',
  served: [ad.code],
  ...fields,
})

async function stored() {
  await statistics.flush()
  return adStatisticsFor(publisher.db, publisher.organisation.id, '2000-01-01T00:00:00.000Z', '3000-01-01T00:00:00.000Z')
}

beforeEach(async () => {
  publisher = await publisherFixture()
  ad = await publisher.addAd()
  statistics = adStatisticsWriter({ db: publisher.db })
  bff = await listeningBff({ db: publisher.db, adStatistics: statistics })
})
afterEach(async () => {
  await bff.close()
  await publisher.db.destroy()
})

describe('POST /ads/events', () => {
  it('counts a batch into the hourly row of its organisation, ad and slot, adding batch to batch', async () => {
    const other = await publisher.addAd()
    const res = await post(batch({ served: [ad.code, other.code], viewable: [ad.code], clicks: [ad.code] }))
    expect(res.status).toBe(202)
    expect(await res.json()).toEqual({ status: 'success', code: 202, counted: 4, ignored: 0 })
    expect(res.headers.get('X-RateLimit-Limit')).toBe('600')
    await post(batch({ served: [ad.code], viewable: [ad.code] }))

    const hour = hourOf(new Date())
    const row = (code: string, served: number, viewable: number, clicks: number) => ({
      organisation_id: publisher.organisation.id,
      hour,
      ad_code: code,
      slot: 'home-slider-ads',
      served,
      viewable,
      clicks,
    })
    expect(await stored()).toEqual([row(ad.code, 2, 2, 1), row(other.code, 1, 0, 0)].sort((a, b) => a.ad_code.localeCompare(b.ad_code)))
    // A second flush of the same counts adds nothing: they were taken out of memory.
    expect((await stored()).find((r) => r.ad_code === ad.code)?.served).toBe(2)
  })

  it('adds to rows written by another writer (another replica) rather than overwriting them', async () => {
    const replica = adStatisticsWriter({ db: publisher.db })
    replica.count({ organisationId: publisher.organisation.id, adCode: ad.code, slot: 'home-slider-ads' }, 'served')
    await replica.flush()
    await post(batch())
    expect((await stored())[0]).toMatchObject({ served: 2 })
  })

  it('counts an ad shown by an `anywhere` slot under that slot', async () => {
    await post(batch({ slot: 'anywhere' }))
    expect(await stored()).toEqual([expect.objectContaining({ ad_code: ad.code, slot: 'anywhere', served: 1 })])
  })

  it("ignores unknown ads, another organisation's ads and ads of another slot, and says how many", async () => {
    const stranger = await publisherFixture(publisher.db, 'Stranger')
    const theirs = await stranger.addAd()
    const elsewhere = await publisher.addAd({ display: 'Donation Stories' })
    const res = await post(batch({ served: ['ADS0000000001', theirs.code, elsewhere.code, ad.code] }))
    expect(await res.json()).toEqual({ status: 'success', code: 202, counted: 1, ignored: 3 })
    expect((await stored()).map((r) => r.ad_code)).toEqual([ad.code])
    const theirRows = await adStatisticsFor(publisher.db, stranger.organisation.id, '2000-01-01T00:00:00.000Z', '3000-01-01T00:00:00.000Z')
    expect(theirRows).toEqual([])
  })

  it('stops counting an ad once it is deleted or moved to another slot, though it was counted before', async () => {
    const moving = await publisher.addAd()
    expect(await (await post(batch({ served: [ad.code, moving.code] }))).json()).toMatchObject({ counted: 2, ignored: 0 })
    await deleteAd(publisher.db, ad.code)
    await updateAd(publisher.db, moving.code, { display: 'Donation Stories' })
    expect(await (await post(batch({ served: [], viewable: [ad.code, moving.code] }))).json()).toMatchObject({ counted: 0, ignored: 2 })
  })

  it('refuses a replayed batch with 409 and counts it once', async () => {
    const body = batch()
    expect((await post(body)).status).toBe(202)
    const replay = await post(body)
    expect(replay.status).toBe(409)
    expect(await replay.json()).toEqual({ status: 'error', code: 409, message: `batch ${body.batch} was counted already` })
    expect((await stored())[0]).toMatchObject({ served: 1 })
  })

  it.each([
    ['not JSON', '{"key": ', 'the body must be JSON: {"key", "batch", "slot", "served", "viewable", "clicks"}'],
    ['an array', '[]', 'the body must be a JSON object: {"key", "batch", "slot", "served", "viewable", "clicks"}'],
    ['a short batch id', { batch: 'abc' }, 'batch must be a random id of 12 to 64 letters, digits, "-" or "_"'],
    ['no slot', { slot: '' }, "slot must be the slot's slug (the display attribute), 1 to 100 characters"],
    ['a count as a number', { served: 1_000_000 }, 'served must be an array of at most 50 distinct ad codes (ADS followed by digits)'],
    [
      'too many ads',
      { viewable: Array.from({ length: 51 }, (_, i) => `ADS${i}`) },
      'viewable must be an array of at most 50 distinct ad codes (ADS followed by digits)',
    ],
    [
      'a code that is no ad code',
      { clicks: ["ADS1' or 1=1"] },
      'clicks must be an array of at most 50 distinct ad codes (ADS followed by digits)',
    ],
    [
      'an ad twice in one kind',
      { served: ['ADS1', 'ADS1'] },
      'served must be an array of at most 50 distinct ad codes (ADS followed by digits); a page view counts an ad once a kind',
    ],
  ])('refuses %s with 400 and counts nothing', async (_, fields, message) => {
    const res = await post(typeof fields === 'string' ? fields : batch(fields))
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ status: 'error', code: 400, message })
    expect(await stored()).toEqual([])
  })

  it('refuses a body over 8 KiB with 413, and a type other than text/plain or JSON with 415', async () => {
    const big = await post(batch({ padding: 'x'.repeat(9000) }))
    expect(big.status).toBe(413)
    expect(await big.json()).toEqual({ status: 'error', code: 413, message: 'the body is over 8192 bytes' })
    const form = await post(batch(), { type: 'application/x-www-form-urlencoded' })
    expect(form.status).toBe(415)
    expect(await stored()).toEqual([])
  })

  it('refuses a body over 8 KiB sent in chunks with no declared length with 413, and answers a body cut off midway with nothing counted', async () => {
    const { port } = new URL(bff.origin)
    const chunked = await rawExchange(port, (socket) => {
      socket.write('POST /ads/events HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n')
      const chunk = 'x'.repeat(4096)
      for (let i = 0; i < 3; i++) socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`)
    })
    expect(chunked).toMatch(/^HTTP\/1\.1 413 /)
    expect(chunked).toContain('the body is over 8192 bytes')
    expect(chunked.toLowerCase()).toContain('connection: close')
    const cutOff = await rawExchange(port, (socket) => {
      socket.write('POST /ads/events HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 500\r\n\r\n')
      socket.end(JSON.stringify(batch()).slice(0, 40))
    })
    expect(cutOff).not.toMatch(/^HTTP\/1\.1 [25]/)
    // The server goes on answering.
    expect((await post(batch())).status).toBe(202)
    expect(await stored()).toEqual([expect.objectContaining({ served: 1 })])
  })

  it('refuses a missing or unknown key with 401 and other methods with 405', async () => {
    const missing = await post(batch({ key: undefined }))
    expect(missing.status).toBe(401)
    expect((await missing.json()).message).toBe('key is missing; send the API key as "key" in the body')
    const unknown = await post(batch({ key: 'svc_pk_nope' }))
    expect(unknown.status).toBe(401)
    expect((await unknown.json()).message).toBe('API key is not valid')
    const token = await post(batch({ key: `svc_mt_${'A'.repeat(43)}` }))
    expect(token.status).toBe(401)
    expect((await token.json()).message).toMatch(/^this is a management token \(svc_mt_…\).*\(svc_pk_…\)/)
    const get = await bff.request('/ads/events')
    expect(get.status).toBe(405)
    expect(get.headers.get('Allow')).toBe('POST, OPTIONS')
    expect(await stored()).toEqual([])
  })

  it("enforces the key's origins, answering the allowed origin with CORS headers", async () => {
    const key = await publisher.addKey({ origins: ['https://partner.example'] })
    const ok = await post(batch({ key }), { origin: 'https://partner.example' })
    expect(ok.status).toBe(202)
    expect(ok.headers.get('Access-Control-Allow-Origin')).toBe('https://partner.example')
    const refused = await post(batch({ key }), { origin: 'https://evil.example' })
    expect(refused.status).toBe(403)
    expect(await refused.json()).toEqual({
      status: 'error',
      code: 403,
      message: 'origin https://evil.example is not allowed for this API key',
    })
    expect((await stored())[0]).toMatchObject({ served: 1 })
  })

  it("rate-limits events per key in a budget of their own, apart from the key's ads requests", async () => {
    // A stopped clock: on the wall clock a minute boundary between the posts would open a new window.
    const stopped = { now: () => 1_800_000_000_000 }
    await bff.close()
    const limiter = isPostgres(publisher.db) ? databaseRateLimiter(publisher.db, stopped) : fixedWindowRateLimiter(stopped)
    bff = await listeningBff({ db: publisher.db, adStatistics: statistics, limiter })
    const key = await publisher.addKey({ rateLimit: 2 })
    expect((await post(batch({ key }))).status).toBe(202)
    expect((await post(batch({ key }))).status).toBe(202)
    const limited = await post(batch({ key }))
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0)
    // The ads API still has its whole budget.
    const ads = await bff.request('/ads/home-slider-ads', { headers: { Authorization: `Bearer ${key}` } })
    expect(ads.status).toBe(200)
    expect(ads.headers.get('X-RateLimit-Remaining')).toBe('1')
    expect((await stored())[0]).toMatchObject({ served: 2 })
  })
})

describe('the pending counts', () => {
  it('are capped: past the cap, events for new rows are dropped while known rows keep counting', async () => {
    const capped = adStatisticsWriter({ db: publisher.db, maxPendingRows: 1 })
    const organisationId = publisher.organisation.id
    expect(capped.count({ organisationId, adCode: ad.code, slot: 'home' }, 'served')).toBe(true)
    expect(capped.count({ organisationId, adCode: 'ADS2', slot: 'home' }, 'served')).toBe(false)
    expect(capped.count({ organisationId, adCode: ad.code, slot: 'home' }, 'clicks')).toBe(true)
    await capped.flush()
    const rows = await adStatisticsFor(publisher.db, organisationId, '2000-01-01T00:00:00.000Z', '3000-01-01T00:00:00.000Z')
    expect(rows).toEqual([expect.objectContaining({ ad_code: ad.code, served: 1, clicks: 1 })])
    // Written, the table has room again.
    expect(capped.count({ organisationId, adCode: 'ADS2', slot: 'home' }, 'served')).toBe(true)
  })
})

/** Writes a raw request on a fresh connection and resolves with everything the server sent until it closed or went quiet. */
function rawExchange(port: string, send: (socket: Socket) => void): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(Number(port), '127.0.0.1')
    let received = ''
    const done = () => {
      clearTimeout(quiet)
      socket.destroy()
      resolve(received)
    }
    let quiet = setTimeout(done, 1000)
    socket.on('data', (data) => {
      received += data.toString()
      clearTimeout(quiet)
      quiet = setTimeout(done, 200)
    })
    socket.on('close', done).on('error', done)
    socket.on('connect', () => send(socket))
  })
}
