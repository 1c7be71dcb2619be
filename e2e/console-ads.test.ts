import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningBff, startBff } from './bff-process.js'
import { launchChromium } from './chromium.js'
import { signInToConsole } from './console-sign-in.js'

describe('the console in Chromium: Marketing > Ads', () => {
  let bff: RunningBff
  let browser: Browser

  beforeAll(async () => {
    bff = await startBff(['--demo', '--db', join(mkdtempSync(join(tmpdir(), 'svc-console-')), 'svc.db')])
    browser = await launchChromium()
  })

  afterAll(async () => {
    await browser?.close()
    await bff?.stop()
  })

  it(
    'lets a marketer sign in through svc and create a published ad that the ads API and <svc-ads> then serve',
    { timeout: 60_000 },
    async () => {
      const page = await (await browser.newContext()).newPage()
      await signInToConsole(page, bff.started.url, 'marketer@demo.example')
      await page.getByRole('link', { name: 'Marketing › Ads' }).click()
      await expect.poll(() => page.getByRole('table').getByRole('row').count()).toBeGreaterThan(10)
      await page.getByRole('link', { name: 'New Ad' }).click()

      // The server's refusals appear beside their fields.
      await page.getByLabel('Slot').fill('Home Slider Ads')
      await page.getByLabel('Link URL').fill('ftp://nope')
      await page.getByRole('button', { name: 'Create ad' }).click()
      await expect.poll(() => page.getByText('title must not be empty').isVisible()).toBe(true)
      expect(await page.getByText('url must be an http or https URL or empty').isVisible()).toBe(true)
      expect(await page.getByLabel('Title').getAttribute('aria-invalid')).toBe('true')

      await page.getByLabel('Title').fill('Winter Gala')
      await page.getByLabel('Label').fill('Tickets on sale now')
      await page.getByLabel('Link URL').fill('https://shop.example/gala')
      await page.getByLabel('Button text').fill('Get tickets')
      await page.getByLabel('Description').fill('<p>An <em>evening</em> to remember.<script>alert(1)</script></p>')
      await page.getByLabel('Main image URL').fill(`${bff.started.url}/demo/images/new-arrivals.svg`)
      // The preview is the real <svc-ads>, showing the sanitised description.
      const preview = page.getByRole('region', { name: 'Preview' })
      await expect.poll(() => preview.getByText('An evening to remember.').isVisible()).toBe(true)
      expect(await preview.locator('svc-ads').evaluate((element) => element.shadowRoot!.innerHTML.includes('<script'))).toBe(false)
      await page.getByRole('button', { name: 'Create ad' }).click()
      await expect.poll(() => page.getByRole('status').textContent()).toContain('Saved "Winter Gala".')
      const code = /ADS\d+/.exec(page.url())![0]

      const answer = await fetch(`${bff.origin}/ads/home-slider-ads?limit=12&random=0`, {
        headers: { Authorization: `Bearer ${bff.started.demo_api_key}` },
      }).then((res) => res.json())
      expect(answer.data[0]).toMatchObject({
        code,
        title: 'Winter Gala',
        link: 'Get tickets',
        description: '<p>An <em>evening</em> to remember.</p>',
      })
      await page.goto(`${bff.started.url}/`)
      await expect
        .poll(() =>
          page
            .locator('svc-ads')
            .first()
            .evaluate((element) => element.shadowRoot!.textContent),
        )
        .toContain('Winter Gala')
    },
  )

  it('works from the keyboard alone: to New Ad, through the fields, saved with Enter', { timeout: 60_000 }, async () => {
    const page = await (await browser.newContext()).newPage()
    await signInToConsole(page, bff.started.url, 'marketer@demo.example')
    /** Presses Tab until the focused element is the one named, as a keyboard user would. */
    const tabTo = async (name: string) => {
      for (let presses = 0; presses < 60; presses++) {
        await page.keyboard.press('Tab')
        const focused = await page.evaluate(() => {
          let element = document.activeElement
          while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement
          const labelled = element?.id
            ? element.getRootNode() instanceof ShadowRoot
              ? (element.getRootNode() as ShadowRoot).querySelector(`label[for="${element.id}"]`)
              : null
            : null
          return (labelled?.textContent ?? element?.textContent ?? '').trim()
        })
        if (focused === name) return
      }
      throw new Error(`Tab never reached ${name}`)
    }
    await tabTo('Marketing › Ads')
    await page.keyboard.press('Enter')
    await tabTo('New Ad')
    await page.keyboard.press('Enter')
    await tabTo('Title')
    await page.keyboard.type('Keyboard Sale')
    await tabTo('Slot')
    await page.keyboard.type('Home')
    await page.keyboard.press('Enter')
    await expect.poll(() => page.getByRole('status').textContent()).toContain('Saved "Keyboard Sale".')
  })

  it('refuses the ads pages to an account without the role, with a page that says so', { timeout: 60_000 }, async () => {
    const page = await (await browser.newContext()).newPage()
    await signInToConsole(page, bff.started.url, 'developer@demo.example')
    expect(await page.getByRole('link', { name: 'Marketing › Ads' }).count()).toBe(0)
    await page.goto(`${bff.started.url}/console/ads`)
    await expect.poll(() => page.getByRole('heading', { name: 'No access' }).isVisible()).toBe(true)
    expect(await page.getByText('Your account may not use this part of the console.').isVisible()).toBe(true)
    const api = await page.evaluate(() => fetch('/console/api/ads').then((res) => res.status))
    expect(api).toBe(403)
  })
})
