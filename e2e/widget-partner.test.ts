import { mkdtempSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningBff, startBff, svcBff } from './bff-process.js'
import { lendChromium } from './chromium.js'

/** A partner site on its own origin that embeds the widget from the BFF. */
async function partnerSite(page: () => string): Promise<{ server: Server; origin: string }> {
  const server = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end(page()))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return { server, origin }
}

describe('<svc-ads> on partner pages in Chromium (the classic script on one, the ES module on the other)', () => {
  let bff: RunningBff
  let browser: Browser
  const sites: Server[] = []
  let allowed: string
  let denied: string

  beforeAll(async () => {
    let apiKey = ''
    let bffOrigin = ''
    // One partner embeds the classic script, the other the ES module.
    const page = (script: string) => () => `<!doctype html><html><head>${script.replace('BFF', bffOrigin)}</head>
      <body><svc-ads display="home" limit="3" random="0" api-key="${apiKey}"></svc-ads></body></html>`
    const first = await partnerSite(page('<script src="BFF/widget/svc-ads.iife.js"></script>'))
    const second = await partnerSite(page('<script type="module" src="BFF/widget/svc-ads.js"></script>'))
    sites.push(first.server, second.server)
    allowed = first.origin
    denied = second.origin

    const db = join(mkdtempSync(join(tmpdir(), 'svc-widget-')), 'svc.db')
    const org = await svcBff('org', 'create', '--name', 'Partner', '--origin', allowed, '--db', db)
    apiKey = org.api_key!
    for (const title of ['First', 'Second']) {
      await svcBff(
        'ad',
        'create',
        '--org',
        org.code!,
        '--title',
        title,
        '--display',
        'Home',
        '--url',
        'https://partner.example/',
        '--link',
        'Go',
        '--db',
        db,
      )
    }
    bff = await startBff(['--db', db])
    // The script's own origin (localhost) is the API's default base URL.
    bffOrigin = `http://localhost:${bff.started.port}`
    browser = await lendChromium()
  })

  afterAll(async () => {
    await browser?.close()
    await bff?.stop()
    for (const site of sites) await new Promise((resolve) => site.close(resolve))
  })

  it('shows the ads on a page from the allowed origin', async () => {
    const page = await browser.newPage()
    await page.goto(allowed)
    await page.waitForFunction(() => document.querySelector('svc-ads')?.getAttribute('data-status') === 'ready', undefined, {
      polling: 100,
    })
    await expect(page.locator('svc-ads [aria-roledescription="slide"]').count()).resolves.toBe(2)
    await expect(page.locator('svc-ads .title').allTextContents()).resolves.toEqual(['Second', 'First'])
    await page.close()
  })

  it("sends the slot's impressions to the events endpoint when the tab is hidden, where the key and origin pass", async () => {
    const page = await browser.newPage()
    await page.goto(allowed)
    await page.waitForFunction(() => document.querySelector('svc-ads')?.getAttribute('data-status') === 'ready', undefined, {
      polling: 100,
    })
    const answered = page.waitForResponse((response) => response.url().endsWith('/ads/events'))
    // Headless Chromium never hides a tab: the page is told it was hidden, as the browser would.
    await page.evaluate(() => {
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => true })
      document.dispatchEvent(new Event('visibilitychange'))
    })
    const response = await answered
    expect(response.request().headers()['content-type']).toBe('text/plain;charset=UTF-8')
    expect(JSON.parse(response.request().postData()!)).toMatchObject({ slot: 'home', served: [expect.stringMatching(/^ADS\d+$/)] })
    expect(response.status()).toBe(202)
    await page.close()
  })

  it('shows nothing on a page from another origin and logs the 403', async () => {
    const page = await browser.newPage()
    const messages: string[] = []
    page.on('console', (message) => messages.push(message.text()))
    await page.goto(denied)
    await page.waitForFunction(() => document.querySelector('svc-ads')?.getAttribute('data-status') === 'error', undefined, {
      polling: 100,
    })
    await expect(page.locator('svc-ads').isVisible()).resolves.toBe(false)
    expect(messages).toContain(
      `<svc-ads display="home">: the ads API refused the request (403): origin ${denied} is not allowed for this API key`,
    )
    await page.close()
  })
})
