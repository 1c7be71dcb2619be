import { readFileSync } from 'node:fs'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Kysely } from 'kysely'
import { createApp } from '../app.js'
import type { Database } from '../db/schema.js'
import { openTestDatabase } from '../db/test-database.js'
import { IMAGE_TYPES } from './image-type.js'
import { storeImage } from './images-repository.js'

const png = readFileSync(new URL('./fixtures/two-colours.png', import.meta.url))

let db: Kysely<Database>
let app: ReturnType<typeof createApp>
let sha256: string
beforeEach(async () => {
  db = await openTestDatabase()
  app = createApp({ db })
  ;({ sha256 } = await storeImage(db, { bytes: png, type: IMAGE_TYPES.png, organisationId: null }))
})
afterEach(() => db.destroy())

describe('GET /images/<sha256>.<ext>', () => {
  it('serves the bytes to anyone, cached for a year, with its type, nosniff, cross-origin CORP and a sandbox that runs nothing', async () => {
    const res = await app.request(`/images/${sha256}.png`)
    expect(res.status).toBe(200)
    expect(Buffer.from(await res.arrayBuffer()).equals(png)).toBe(true)
    expect(Object.fromEntries(res.headers)).toMatchObject({
      'content-type': 'image/png',
      'cache-control': 'public, max-age=31536000, immutable',
      etag: `"${sha256}"`,
      'x-content-type-options': 'nosniff',
      'cross-origin-resource-policy': 'cross-origin',
      'content-security-policy': "default-src 'none'; sandbox",
      'content-disposition': 'inline',
    })
    const head = await app.request(`/images/${sha256}.png`, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('Content-Type')).toBe('image/png')
    expect((await head.arrayBuffer()).byteLength).toBe(0)
  })

  it('answers 304 to a cache holding the image', async () => {
    for (const tag of [`"${sha256}"`, `W/"${sha256}"`, `"other", "${sha256}"`, '*']) {
      const res = await app.request(`/images/${sha256}.png`, { headers: { 'If-None-Match': tag } })
      expect(res.status).toBe(304)
      expect(res.headers.get('ETag')).toBe(`"${sha256}"`)
      expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
      expect(await res.text()).toBe('')
    }
    expect((await app.request(`/images/${sha256}.png`, { headers: { 'If-None-Match': '"stale"' } })).status).toBe(200)
  })

  it('answers 404 for a hash it does not hold, or under another type', async () => {
    for (const name of [`${'0'.repeat(64)}.png`, `${sha256}.jpg`]) {
      const res = await app.request(`/images/${name}`)
      expect(res.status).toBe(404)
      expect(await res.json()).toEqual({ status: 'error', code: 404, message: `no image ${name}` })
      expect(res.headers.get('Cache-Control')).toBe('no-store')
    }
  })

  it('answers 400, never a 500, for a malformed name', async () => {
    for (const name of [
      'logo.png',
      `${sha256}`,
      `${sha256}.svg`,
      `${sha256.toUpperCase()}.png`,
      `${sha256}.png.png`,
      `${sha256.slice(1)}.png`,
      `..%2F..%2Fetc%2Fpasswd`,
      `a/b`,
      `%00.png`,
      `%E0%A4%A.png`,
    ]) {
      const res = await app.request(`/images/${name}`)
      expect(res.status, name).toBe(400)
      expect((await res.json()).message).toContain("an image's name is the SHA-256 of its bytes")
    }
  })
})
