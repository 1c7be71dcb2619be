import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from './app.js'
import { openTestDatabase } from './db/test-database.js'
import { loadWidgetAssets, widgetAssets } from './widget-assets.js'

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

describe('a rebuild', () => {
  /** An app serving the widget files of `folder`, as one made at that moment would. */
  const appServing = (folder: string) => new Hono().route('/widget', widgetAssets(loadWidgetAssets(folder)))

  it('is served by an app made after it, under a new hashed name, while an app made before serves the old build', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'svc-widget-build-'))
    writeFileSync(join(folder, 'sdk.js'), 'console.log("first build")')
    const before = appServing(folder)
    const firstName = loadWidgetAssets(folder).hashedName('sdk.js')!
    // An app made while nothing changed shares the files already read.
    expect(loadWidgetAssets(folder)).toBe(loadWidgetAssets(folder))

    writeFileSync(join(folder, 'sdk.js'), 'console.log("second build, a little longer")')
    const after = appServing(folder)
    const secondName = loadWidgetAssets(folder).hashedName('sdk.js')!
    expect(secondName).not.toBe(firstName)
    expect(await (await after.request('/widget/sdk.js')).text()).toBe('console.log("second build, a little longer")')
    expect((await after.request(`/widget/${secondName}`)).status).toBe(200)
    expect(await (await before.request('/widget/sdk.js')).text()).toBe('console.log("first build")')
  })
})
