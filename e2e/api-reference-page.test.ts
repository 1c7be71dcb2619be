import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { type ListeningBff, listeningBff, type Publisher, publisherFixture } from '../server/testing/publisher.js'
import { lendChromium } from './chromium.js'
import { keepScreenshot } from './screenshots.js'

let publisher: Publisher
let bff: ListeningBff
let browser: Browser

beforeAll(async () => {
  publisher = await publisherFixture()
  bff = await listeningBff({ db: publisher.db })
  browser = await lendChromium()
})
afterAll(async () => {
  await browser?.close()
  await bff?.close()
  await publisher?.db.destroy()
})

describe('the management API reference page', () => {
  it.each([375, 1280])(
    'fits a %i px window with an operation expanded: nothing wider than the window',
    { timeout: 60_000 },
    async (width) => {
      const page = await browser.newPage({ viewport: { width, height: 800 } })
      const errors: string[] = []
      page.on('pageerror', (error) => errors.push(error.message))
      // Nothing the page asks for is missing, not even a favicon (the browser's own request shows only as a console error).
      const missing: string[] = []
      page.on('response', (response) => void (response.status() >= 400 && missing.push(`${response.status()} ${response.url()}`)))
      page.on('console', (message) => void (message.type() === 'error' && missing.push(`console: ${message.text()} ${JSON.stringify(message.location())}`)))
      await page.goto(`${bff.origin}/api/v1/docs`)
      // The operation with the most answers, whose Responses table is the widest.
      const operation = page.locator('#operations-Ads-post_api_v1_ads')
      await operation.locator('.opblock-summary-control').click()
      await operation.locator('.responses-table').first().waitFor()
      await keepScreenshot(operation.locator('.responses-wrapper'), `api-reference-responses-${width}.png`)
      const { scrollWidth, innerWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
      }))
      expect(scrollWidth).toBeLessThanOrEqual(innerWidth)
      expect(errors).toEqual([])
      expect(missing).toEqual([])
      await page.close()
    },
  )
})
