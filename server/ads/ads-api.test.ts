import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Ad } from '../../shared/ads-wire.js'
import { fixedWindowRateLimiter } from '../http/fixed-window-rate-limiter.js'
import { hashApiKey, revokeApiKey } from '../api-keys/api-keys.js'
import { type ListeningBff, listeningBff, type Publisher, publisherFixture } from '../testing/publisher.js'
import { updateAd } from './ads-repository.js'
import { setOrganisationArchived } from '../orgs/organisations.js'

let publisher: Publisher
let app: ListeningBff

const bearer = (key: string) => ({ Authorization: `Bearer ${key}` })
const get = (path: string, headers: Record<string, string> = bearer(publisher.apiKey)) => app.request(path, { headers })

// Through the listener production runs: the ads API is answered by the edge's fast route.
async function serve(options: Omit<Parameters<typeof listeningBff>[0], 'db'> = {}): Promise<void> {
  await app?.close()
  app = await listeningBff({ db: publisher.db, ...options })
}

beforeEach(async () => {
  publisher = await publisherFixture()
  await serve()
})
afterEach(() => app.close())

describe('GET /ads/{display}', () => {
  it('returns a slot newest first as an array when limit is above 1', async () => {
    const first = await publisher.addAd({ title: 'First' })
    const second = await publisher.addAd({
      title: 'Second',
      target: '_blank',
      tags: 'a,b',
      size: 'wide',
      images: ['https://cdn.example/1.png'],
    })
    await publisher.addAd({ title: 'Elsewhere', display: 'Donation Stories' })

    const res = await get('/ads/home-slider-ads?limit=12&random=0')
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body).toEqual({
      status: 'success',
      code: 200,
      count: 2,
      data: [
        {
          code: second.code,
          title: 'Second',
          label: '',
          url: 'https://shop.example/',
          link: 'Go',
          target: '_blank',
          size: 'wide',
          display: 'Home Slider Ads',
          tags: 'a,b',
          description: '',
          image: '',
          images: ['https://cdn.example/1.png'],
        },
        expect.objectContaining({ code: first.code, title: 'First', images: [] }),
      ],
    })
    expect(body.data[0].code).toMatch(/^ADS\d+$/)
    expect(res.headers.get('Content-Type')).toBe('application/json')
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=60')
    expect(res.headers.get('X-RateLimit-Limit')).toBe('600')
    expect(res.headers.get('X-RateLimit-Remaining')).toBe('599')
    expect(res.headers.get('X-Request-Id')).toMatch(/^req_[0-9a-f]{32}$/)
    expect(res.headers.get('Vary')).toBe('Authorization, Origin')
  })

  it('returns an object with the request id when limit is 1', async () => {
    const ad = await publisher.addAd()
    const res = await get('/ads/home-slider-ads?random=0')
    const body = await res.json()
    expect(body).toMatchObject({ status: 'success', code: 200, count: 1, data: { code: ad.code } })
    expect(Array.isArray(body.data)).toBe(false)
    expect(body.request_id).toBe(res.headers.get('X-Request-Id'))
  })

  it('returns an array even when a limit above 1 finds one ad', async () => {
    await publisher.addAd()
    const body = await (await get('/ads/home-slider-ads?limit=3')).json()
    expect(body.count).toBe(1)
    expect(body.data).toHaveLength(1)
    expect(body).not.toHaveProperty('request_id')
  })

  it('matches the slug case-insensitively by the slug rule', async () => {
    const ad = await publisher.addAd({ display: 'Donation Stories' })
    for (const slug of ['donation-stories', 'DONATION-STORIES', 'Donation-stories', 'donation%20stories']) {
      expect((await (await get(`/ads/${slug}`)).json()).data.code).toBe(ad.code)
    }
  })

  it('takes a target that only decodes to its path (/%61ds) for no request of its own', async () => {
    for (const path of ['/%61ds', '/ad%73/home']) {
      const res = await get(path)
      expect(res.status).toBe(404)
      expect(await res.json()).toEqual({ status: 'error', code: 404, message: `no page at ${path}` })
    }
  })

  it('treats anywhere and no slug as every slot', async () => {
    await publisher.addAd({ display: 'Home' })
    await publisher.addAd({ display: 'Donation Stories' })
    for (const path of ['/ads?limit=12', '/ads/anywhere?limit=12', '/ads/?limit=12']) {
      expect((await (await get(path)).json()).count).toBe(2)
    }
  })

  it('returns only saved and published ads', async () => {
    const live = await publisher.addAd({ title: 'Live' })
    await publisher.addAd({ status: 'draft' })
    await publisher.addAd({ publish: 0 })
    await publisher.addAd({ status: 'draft', publish: 0 })
    const body = await (await get('/ads/anywhere?limit=12&random=0')).json()
    expect(body.data.map((ad: Ad) => ad.code)).toEqual([live.code])
  })

  it('makes an ad available as soon as it is saved and published', async () => {
    const ad = await publisher.addAd({ status: 'draft', publish: 0 })
    expect((await get('/ads/home-slider-ads')).status).toBe(404)
    await updateAd(publisher.db, ad.code, { status: 'saved', publish: 1 })
    expect((await (await get('/ads/home-slider-ads')).json()).data.code).toBe(ad.code)
  })

  it("never returns another organisation's ads", async () => {
    const other = await publisherFixture(publisher.db, 'Other')
    await other.addAd({ title: 'Theirs' })
    const mine = await publisher.addAd({ title: 'Mine' })
    const body = await (await get('/ads?limit=12')).json()
    expect(body.data.map((ad: Ad) => ad.code)).toEqual([mine.code])
  })

  it('answers an empty slot with the info envelope and no data', async () => {
    await publisher.addAd({ display: 'Home' })
    const res = await get('/ads/donation-stories?limit=5')
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ status: 'info', code: 404, message: 'No ads found' })
    expect(res.headers.get('X-Request-Id')).toBeTruthy()
  })

  it('returns only the ads carrying one of the asked tags, case-insensitively', async () => {
    const winter = await publisher.addAd({ tags: 'Winter, sale' })
    const summer = await publisher.addAd({ tags: 'summer' })
    await publisher.addAd({ tags: null })
    const codes = async (query: string) =>
      (await (await get(`/ads/home-slider-ads?limit=12&random=0${query}`)).json()).data.map((ad: Ad) => ad.code)
    expect(await codes('&tags=winter')).toEqual([winter.code])
    expect(await codes('&tags=SUMMER,winter')).toEqual([summer.code, winter.code])
    expect(await codes('')).toHaveLength(3)
    expect((await get('/ads/home-slider-ads?tags=spring')).status).toBe(404)
    const refused = await get('/ads/home-slider-ads?tags=a&tags=b')
    expect(refused.status).toBe(400)
    expect((await refused.json()).message).toBe('tags must be given once, comma-separated')
  })

  it('answers HEAD like GET without a body', async () => {
    await publisher.addAd()
    const res = await app.request('/ads/home-slider-ads', { method: 'HEAD', headers: bearer(publisher.apiKey) })
    expect(res.status).toBe(200)
    expect(await res.text()).toBe('')
  })
})

describe('random order', () => {
  it('orders by the weighted keys the draw gives, largest first', async () => {
    const ads = []
    for (let i = 0; i < 4; i++) ads.push(await publisher.addAd({ weight: 10 }))
    const newestFirst = ads.reverse().map((ad) => ad.code)
    // One uniform number per running ad, newest first: with equal weights the largest leads.
    const draws = [0.2, 0.9, 0.5, 0.7]
    let next = 0
    await serve({ random: () => draws[next++ % draws.length]! })
    const body = await (await get('/ads/home-slider-ads?limit=3&random=1')).json()
    expect(body.data.map((ad: Ad) => ad.code)).toEqual([newestFirst[1], newestFirst[3], newestFirst[2]])
  })

  it('returns every match once when the limit exceeds the matches', async () => {
    for (let i = 0; i < 3; i++) await publisher.addAd()
    const body = await (await get('/ads/home-slider-ads?limit=12')).json()
    expect(body.count).toBe(3)
    expect(new Set(body.data.map((ad: Ad) => ad.code)).size).toBe(3)
  })

  // The API's part: every request draws afresh (no order frozen by a cache
  // or by the query), with no ad favoured. 600 requests catch any ad led
  // far more or less often than 1 in 6; the draw's fine-grained fairness
  // against weights is measured in-process in ad-draw.test.ts. On
  // PostgreSQL each request is a database read and a counter upsert.
  it('makes every matching ad equally likely to come first', { timeout: 90_000 }, async () => {
    const codes: string[] = []
    for (let i = 0; i < 6; i++) codes.push((await publisher.addAd()).code)
    publisher.db // one key, so raise its limit to fit the sample
    const key = await publisher.addKey({ rateLimit: 100_000 })
    const firsts = new Map<string, number>()
    const draws = 600
    for (let i = 0; i < draws; i++) {
      const body = await (await get('/ads/home-slider-ads?limit=2', bearer(key))).json()
      firsts.set(body.data[0].code, (firsts.get(body.data[0].code) ?? 0) + 1)
    }
    expect([...firsts.keys()].sort()).toEqual([...codes].sort())
    // Chi-square with 5 degrees of freedom; 30 is beyond the 0.99999 quantile.
    const expected = draws / codes.length
    const chiSquare = [...firsts.values()].reduce((sum, seen) => sum + (seen - expected) ** 2 / expected, 0)
    expect(chiSquare).toBeLessThan(30)
  })
})

describe('authentication and origins', () => {
  beforeEach(async () => {
    await publisher.addAd()
  })

  it('refuses a request without a key, asking for a Bearer token', async () => {
    const res = await get('/ads/home-slider-ads', {})
    expect(res.status).toBe(401)
    expect(res.headers.get('WWW-Authenticate')).toBe('Bearer realm="svc-ads"')
    expect(await res.json()).toEqual({
      status: 'error',
      code: 401,
      message: 'Authorization header is missing; send Authorization: Bearer <API key>',
    })
  })

  it('refuses an unknown or revoked key', async () => {
    expect((await get('/ads', bearer('svc_pk_not-a-real-key'))).status).toBe(401)
    const other = await publisherFixture(undefined, 'Elsewhere')
    expect((await get('/ads', bearer(other.apiKey))).status).toBe(401)
    const row = await publisher.db.selectFrom('api_keys').select('id').executeTakeFirstOrThrow()
    await revokeApiKey(publisher.db, row.id)
    const res = await get('/ads')
    expect(res.status).toBe(401)
    expect((await res.json()).message).toBe('API key is not valid')
  })

  it('tells a caller who sent a management token that the ads API takes a publishable key, and where to make one', async () => {
    const { createManagementToken } = await import('../management-api/management-tokens-repository.js')
    const { secret } = await createManagementToken(publisher.db, {
      name: 'CMS',
      organisationId: publisher.organisation.id,
      scopes: 'ads:read',
      createdBy: 'cli:test',
    })
    const res = await get('/ads', bearer(secret))
    expect(res.status).toBe(401)
    expect((await res.json()).message).toMatch(/management token \(svc_mt_…\).*publishable API key \(svc_pk_…\).*svc-bff key create/)
  })

  it("refuses every key of an archived organisation with a 403 in the revoked key's shape, and answers again once unarchived", async () => {
    await publisher.addAd()
    const second = await publisher.addKey()
    expect((await get('/ads/home-slider-ads')).status).toBe(200)
    await setOrganisationArchived(publisher.db, publisher.organisation.id, true)
    for (const key of [publisher.apiKey, second]) {
      const res = await get('/ads/home-slider-ads', bearer(key))
      expect(res.status).toBe(403)
      expect(await res.json()).toEqual({
        status: 'error',
        code: 403,
        message: "this API key's organisation is archived; its keys do not answer",
      })
    }
    await setOrganisationArchived(publisher.db, publisher.organisation.id, false)
    const back = await get('/ads/home-slider-ads')
    expect(back.status).toBe(200)
    expect((await back.json()).status).toBe('success')
  })

  it('accepts the scheme in any case', async () => {
    expect((await get('/ads', { Authorization: `bearer ${publisher.apiKey}` })).status).toBe(200)
  })

  it('refuses a key without read_ads', async () => {
    // Keys are no longer made without a permission; one stored before that, or by hand, still exists.
    const key = await publisher.addKey()
    await publisher.db.updateTable('api_keys').set({ permissions: '[]' }).where('key_hash', '=', hashApiKey(key)).execute()
    const res = await get('/ads', bearer(key))
    expect(res.status).toBe(403)
    expect((await res.json()).message).toBe('API key lacks the read_ads permission')
  })

  it("enforces the key's allowed origins and lets the page read the refusal", async () => {
    const key = await publisher.addKey({ origins: ['https://partner.example'] })
    const allowed = await get('/ads', { ...bearer(key), Origin: 'https://partner.example' })
    expect(allowed.status).toBe(200)
    expect(allowed.headers.get('Access-Control-Allow-Origin')).toBe('https://partner.example')
    expect(allowed.headers.get('Access-Control-Expose-Headers')).toBe(
      'ETag, Retry-After, X-Request-Id, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset',
    )

    const denied = await get('/ads', { ...bearer(key), Origin: 'https://evil.example' })
    expect(denied.status).toBe(403)
    expect(await denied.json()).toEqual({
      status: 'error',
      code: 403,
      message: 'origin https://evil.example is not allowed for this API key',
    })
    expect(denied.headers.get('Access-Control-Allow-Origin')).toBe('https://evil.example')

    expect((await get('/ads', bearer(key))).status).toBe(200)
  })

  it('lets a key without an origin list be used from any origin', async () => {
    const res = await get('/ads', { ...bearer(publisher.apiKey), Origin: 'https://anyone.example' })
    expect(res.status).toBe(200)
  })

  it('answers the CORS preflight for the Authorization header', async () => {
    const res = await app.request('/ads/home-slider-ads?limit=3', {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://partner.example',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'authorization',
      },
    })
    expect(res.status).toBe(204)
    expect(res.headers.get('Access-Control-Allow-Origin')).toBe('https://partner.example')
    expect(res.headers.get('Access-Control-Allow-Headers')).toBe('Authorization')
    expect(res.headers.get('Access-Control-Allow-Methods')).toBe('GET, HEAD')
    expect(res.headers.get('Access-Control-Max-Age')).toBe('600')
  })
})

describe('rate limit', () => {
  it('counts down per key and answers 429 with Retry-After when the minute is used up', async () => {
    await publisher.addAd()
    let now = 10 * 60_000 + 20_000
    await serve({ limiter: fixedWindowRateLimiter({ now: () => now }) })
    const key = await publisher.addKey({ rateLimit: 2 })
    expect((await get('/ads', bearer(key))).headers.get('X-RateLimit-Remaining')).toBe('1')
    expect((await get('/ads', bearer(key))).headers.get('X-RateLimit-Remaining')).toBe('0')
    const limited = await get('/ads', bearer(key))
    expect(limited.status).toBe(429)
    expect(limited.headers.get('Retry-After')).toBe('40')
    expect(limited.headers.get('X-RateLimit-Limit')).toBe('2')
    expect(await limited.json()).toEqual({ status: 'error', code: 429, message: 'rate limit exceeded; retry after 40 seconds' })
    expect((await get('/ads')).status).toBe(200) // another key has its own budget
    now += 40_000
    expect((await get('/ads', bearer(key))).status).toBe(200)
  })
})

describe('conditional requests', () => {
  it('answers 304 to a matching If-None-Match', async () => {
    await publisher.addAd()
    await publisher.addAd()
    const first = await get('/ads/home-slider-ads?limit=2&random=0')
    const etag = first.headers.get('ETag')!
    expect(etag).toMatch(/^W\/".+"$/)
    const again = await get('/ads/home-slider-ads?limit=2&random=0', { ...bearer(publisher.apiKey), 'If-None-Match': etag })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
    expect(again.headers.get('ETag')).toBe(etag)
    expect(again.headers.get('Cache-Control')).toBe('public, max-age=60')

    await publisher.addAd()
    const changed = await get('/ads/home-slider-ads?limit=2&random=0', { ...bearer(publisher.apiKey), 'If-None-Match': etag })
    expect(changed.status).toBe(200)
  })

  it('gives a tag filter its own entity tag', async () => {
    await publisher.addAd({ tags: 'a' })
    await publisher.addAd({ tags: 'b' })
    const all = await get('/ads/home-slider-ads?limit=1&random=0')
    const tagged = await get('/ads/home-slider-ads?limit=1&random=0&tags=a', {
      ...bearer(publisher.apiKey),
      'If-None-Match': all.headers.get('ETag')!,
    })
    expect(tagged.status).toBe(200)
  })

  it('keeps the tag of a single ad stable although each body has its own request id', async () => {
    await publisher.addAd()
    const a = await get('/ads/home-slider-ads')
    const b = await get('/ads/home-slider-ads', { ...bearer(publisher.apiKey), 'If-None-Match': a.headers.get('ETag')! })
    expect(b.status).toBe(304)
  })
})

describe('bad input never yields a 5xx', () => {
  const shorten = (text: string) => (text.length > 40 ? `${text.slice(0, 30)}… (${text.length} characters)` : text)

  it.each(
    (
      [
        ['/ads?limit=0', 400, 'limit must be an integer from 1 to 12'],
        ['/ads?limit=13', 400, 'limit must be an integer from 1 to 12'],
        ['/ads?limit=1.5', 400, 'limit must be an integer from 1 to 12'],
        ['/ads?limit=abc', 400, 'limit must be an integer from 1 to 12'],
        ['/ads?limit=', 400, 'limit must be an integer from 1 to 12'],
        ['/ads?limit=%FF', 400, 'limit must be an integer from 1 to 12'],
        ['/ads?random=2', 400, 'random must be 0 or 1'],
        ['/ads?random=-1', 400, 'random must be 0 or 1'],
        ['/ads?limit=2&limit=3', 400, 'limit must be given once'],
        ['/ads?random=0&random=1', 400, 'random must be given once'],
        [`/ads/${'a'.repeat(101)}`, 400, 'display must be at most 100 characters'],
        [`/ads/${'x-'.repeat(2000)}`, 400, 'display must be at most 100 characters'],
        ['/ads/%FF%FE', 400, 'display must be valid UTF-8 when percent-decoded'],
        ['/ads/home%C3%28', 400, 'display must be valid UTF-8 when percent-decoded'],
        ['/ads/home%0Aads', 400, 'display must not contain control characters'],
        ['/ads/home/extra', 404, 'no endpoint at /ads/home/extra; use GET /ads or GET /ads/{display}'],
      ] as const
    ).map(([path, status, message]) => ({ label: shorten(path), path, status, message })),
  )('GET $label answers $status', async ({ path, status, message }) => {
    const res = await get(path)
    expect(res.status).toBe(status)
    expect(await res.json()).toEqual({ status: 'error', code: status, message })
    expect(res.headers.get('X-Request-Id')).toBeTruthy()
  })

  it.each(
    (
      [
        ['', 401, 'Authorization header is missing; send Authorization: Bearer <API key>'],
        ['   ', 401, 'Authorization header is missing; send Authorization: Bearer <API key>'],
        ['Basic dXNlcjpwYXNz', 401, 'Authorization must use the Bearer scheme: Authorization: Bearer <API key>'],
        ['Token abc', 401, 'Authorization must use the Bearer scheme: Authorization: Bearer <API key>'],
        ['Bearer', 401, 'Authorization header is malformed; send Authorization: Bearer <API key>'],
        ['Bearer ', 401, 'Authorization header is malformed; send Authorization: Bearer <API key>'],
        ['Bearer two words', 401, 'Authorization header is malformed; send Authorization: Bearer <API key>'],
        ['Bearer key"with"quotes', 401, 'Authorization header is malformed; send Authorization: Bearer <API key>'],
        [`Bearer ${'k'.repeat(5000)}`, 401, 'Authorization header is malformed; send Authorization: Bearer <API key>'],
        ['Bearer svc_pk_unknown', 401, 'API key is not valid'],
      ] as const
    ).map(([authorization, status, message]) => ({ label: JSON.stringify(shorten(authorization)), authorization, status, message })),
  )('Authorization $label answers $status', async ({ authorization, status, message }) => {
    const res = await get('/ads', { Authorization: authorization })
    expect(res.status).toBe(status)
    expect(await res.json()).toEqual({ status: 'error', code: status, message })
  })

  it('answers other methods with 405 and the allowed ones', async () => {
    for (const path of ['/ads', '/ads/home']) {
      const res = await app.request(path, { method: 'POST', headers: bearer(publisher.apiKey), body: '{}' })
      expect(res.status).toBe(405)
      expect(res.headers.get('Allow')).toBe('GET, HEAD, OPTIONS')
      expect((await res.json()).status).toBe('error')
    }
  })

  it('answers a platform failure with a 5xx envelope that reveals no internals', async () => {
    await publisher.addAd()
    const errors: string[] = []
    const original = console.error
    console.error = (line: string) => errors.push(line)
    try {
      await publisher.db.schema.dropTable('ads').execute()
      const res = await get('/ads')
      expect(res.status).toBe(500)
      const body = await res.json()
      expect(body).toEqual({
        status: 'error',
        code: 500,
        message: `internal error; quote request ${res.headers.get('X-Request-Id')} when contacting support`,
      })
      expect(JSON.stringify(body)).not.toMatch(/sqlite|table|select/i)
      // SQLite's words, or PostgreSQL's.
      expect(errors.join('\n')).toMatch(/no such table: ads|relation \\"ads\\" does not exist/)
    } finally {
      console.error = original
    }
  })
})
