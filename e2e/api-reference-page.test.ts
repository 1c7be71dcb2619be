import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
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
  // One load of Swagger UI (its script and the whole document cost Chromium
  // some 7 CPU-s a load) for both widths, narrowed from 1280 to 375 px: the
  // page's layout follows the window's width from CSS alone, as a person
  // resizing the window sees it.
  let page: Page
  const errors: string[] = []
  const missing: string[] = []
  const operation = () => page.locator('#operations-Ads-post_api_v1_ads')
  beforeAll(async () => {
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
    page.on('pageerror', (error) => errors.push(error.message))
    // Nothing the page asks for is missing, not even a favicon (the browser's own request shows only as a console error).
    page.on('response', (response) => void (response.status() >= 400 && missing.push(`${response.status()} ${response.url()}`)))
    page.on('console', (message) => void (message.type() === 'error' && missing.push(`console: ${message.text()} ${JSON.stringify(message.location())}`)))
    await page.goto(`${bff.origin}/api/v1/docs`)
    // The operation with the most answers, whose Responses table is the widest.
    await operation().locator('.opblock-summary-control').click()
    await operation().locator('.responses-table').first().waitFor()
  }, 60_000)

  it.each([1280, 375])('fits a %i px window with an operation expanded: nothing wider than the window', async (width) => {
    await page.setViewportSize({ width, height: 800 })
    await keepScreenshot(operation().locator('.responses-wrapper'), `api-reference-responses-${width}.png`)
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }))
    expect(innerWidth).toBe(width)
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth)
    expect(errors).toEqual([])
    expect(missing).toEqual([])
  })
})
