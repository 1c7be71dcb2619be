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

  it('saves an ad loaded in the editor back unchanged, then with one field changed, and unpublishes it', { timeout: 60_000 }, async () => {
    const page = await (await browser.newContext()).newPage()
    await signInToConsole(page, bff.started.url, 'marketer@demo.example')
    const api = (path: string, init?: { method: string; body: string }) =>
      page.evaluate(
        async ([path, init]) => {
          const csrf = ((await (await fetch('/console/api/me')).json()) as { csrf: string }).csrf
          const res = await fetch(`/console/api${path}`, {
            ...init,
            headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': csrf },
          })
          return { status: res.status, body: (await res.json().catch(() => null)) as { ad: Record<string, unknown> } }
        },
        [path, init] as const,
      )
    const { ads } = (await page.evaluate(() => fetch('/console/api/ads').then((res) => res.json()))) as { ads: { code: string; publish: number }[] }
    const { code } = ads.find((ad) => ad.publish === 1)!
    const before = (await api(`/ads/${code}`)).body.ad
    const withoutStamp = ({ updated_at: _updated, ...fields }: Record<string, unknown>) => fields

    // Loaded and saved back unchanged, through the page.
    await page.goto(`${bff.started.url}/console/ads/${code}`)
    await expect.poll(() => page.getByLabel('Title').inputValue()).toBe(before.title)
    const preview = page.getByRole('region', { name: 'Preview' })
    await expect.poll(() => preview.locator('svc-ads').evaluate((element) => element.shadowRoot?.textContent ?? '')).toContain(String(before.title))
    await page.getByRole('button', { name: 'Save changes' }).click()
    await expect.poll(() => page.getByRole('status').textContent()).toContain(`Saved "${before.title}".`)
    expect(withoutStamp((await api(`/ads/${code}`)).body.ad)).toEqual(withoutStamp(before))

    // One field changed: exactly that change.
    await page.getByLabel('Label').fill('Forty beds for the coldest nights')
    await page.getByRole('button', { name: 'Save changes' }).click()
    await expect.poll(() => page.getByRole('status').textContent()).toContain('Saved')
    expect(withoutStamp((await api(`/ads/${code}`)).body.ad)).toEqual({ ...withoutStamp(before), label: 'Forty beds for the coldest nights' })

    // Unpublished from the console, it leaves the ads API.
    await page.getByLabel('Published').uncheck()
    await page.getByRole('button', { name: 'Save changes' }).click()
    await expect.poll(async () => (await api(`/ads/${code}`)).body.ad.publish).toBe(0)
    const slot = String(before.display).toLowerCase().replace(/[^a-z0-9]+/g, '-')
    const served = await fetch(`${bff.origin}/ads/${slot}?limit=12&random=0`, { headers: { Authorization: `Bearer ${bff.started.demo_api_key}` } }).then(
      (res) => res.json() as Promise<{ data: { code: string }[] }>,
    )
    expect(served.data.map((ad) => ad.code)).not.toContain(code)
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
