import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from './app.js'
import { openTestDatabase } from './db/test-database.js'

let app: ReturnType<typeof createApp>
let close: () => Promise<void>
beforeAll(async () => {
  const db = await openTestDatabase()
  app = createApp({ db })
  close = () => db.destroy()
})
afterAll(() => close())

// `npm test` builds the widgets before it runs the tests.
describe('widget files', () => {
  it.each(['/sdk.js', '/widget/svc-ads.js', '/widget/svc-ads.iife.js'])(
    '%s answers 304 to any If-None-Match that names its ETag, weakly or in a list, or is *',
    async (path) => {
      const first = await app.request(path)
      expect(first.status).toBe(200)
      const etag = first.headers.get('ETag')!
      for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
        expect((await app.request(path, { headers: { 'If-None-Match': header } })).status).toBe(304)
      }
      expect((await app.request(path, { headers: { 'If-None-Match': '"other"' } })).status).toBe(200)
    },
  )
})
