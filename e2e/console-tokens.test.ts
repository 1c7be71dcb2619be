/**
 * @module The console's API tokens page in Chromium, from a fresh
 * database and no session: an admin signs in, makes a token that may
 * write ads, copies it with the Copy button, creates an ad with it on
 * `/api/v1/ads`, revokes it after the confirmation naming it, and the same
 * call is then refused. Also: the page at 1280 and 375 px with a long and
 * an Arabic name (nothing scrolls sideways; screenshots to look at where
 * `SVC_TEST_SCREENSHOTS` says), an operator's operator-wide tokens, and no page for
 * a marketer.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningBff, startBff } from './bff-process.js'
import { lendChromium } from './chromium.js'
import { sharedConsolePages, signInToConsole } from './console-sign-in.js'
import { keepScreenshot } from './screenshots.js'

const ARABIC_NAME = 'استيراد الإعلانات من نظام إدارة المحتوى'
const LONG_NAME = 'Nightly import of every campaign from the content management system of the marketing department'

describe('the console API tokens page in Chromium', () => {
  let bff: RunningBff
  let browser: Browser
  /** The admin's signed-in page, which the admin's tests share. */
  let admin: (path: string, viewport: { width: number; height: number }) => Promise<Page>

  beforeAll(async () => {
    bff = await startBff(['--demo', '--db', join(mkdtempSync(join(tmpdir(), 'svc-tokens-')), 'svc.db')])
    browser = await lendChromium()
    const pages = sharedConsolePages(browser, bff.started.url, { permissions: ['clipboard-read', 'clipboard-write'] })
    admin = (path, viewport) => pages('admin@demo.example', path, viewport)
  })

  afterAll(async () => {
    await browser?.close()
    await bff?.stop()
  })

  const rows = (page: Page) =>
    page
      .locator('svc-console-tokens table tbody tr')
      .evaluateAll((trs) =>
        trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => (td as HTMLElement).innerText.replace(/\s+/g, ' ').trim())),
      )

  async function makeToken(page: Page, name: string, scopes: Record<string, 'Read' | 'Read and write'>): Promise<void> {
    await page.getByLabel('Name', { exact: true }).fill(name)
    for (const [resource, access] of Object.entries(scopes))
      await page.getByRole('radiogroup', { name: resource }).getByLabel(access, { exact: true }).check()
    await page.getByRole('button', { name: 'Make token' }).click()
  }

  it('lets an admin make a token, copy it, create an ad with it, and revoke it', { timeout: 120_000 }, async () => {
    const page = await admin('/console/tokens', { width: 1280, height: 900 })
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('API tokens')
    expect(await page.getByRole('link', { name: 'API tokens' }).getAttribute('aria-current')).toBe('page')
    expect(await page.getByRole('link', { name: 'the API reference' }).getAttribute('href')).toBe('/api/v1/docs')
    // Empty: a sentence and the form, never "Loading…" left on the page.
    await expect.poll(() => page.locator('svc-console-tokens p.empty').textContent()).toMatch(/no tokens for this organisation yet/)
    expect(await page.getByText('Loading tokens…').count()).toBe(0)
    // An admin never sees the operator-wide choice.
    expect(await page.getByLabel('Tokens of').count()).toBe(0)
    // The expiry starts at 30 days, as GitHub's fine-grained tokens do, and says the date.
    expect(await page.getByLabel('Expires', { exact: true }).inputValue()).toBe('30')
    expect(await page.locator('#expiry-hint').textContent()).toMatch(/^The token will expire on /)

    // Nothing chosen to do: refused beside the choices, in the form's words.
    await page.getByLabel('Name', { exact: true }).fill('Nothing to do')
    await page.getByRole('button', { name: 'Make token' }).click()
    await expect.poll(() => page.locator('#scopes-error').textContent()).toBe('Choose Read or Read and write for at least one of these.')

    await makeToken(page, 'CMS import', { Ads: 'Read and write' })
    const box = page.locator('svc-console-tokens .shown-once')
    await expect.poll(() => box.textContent()).toContain('svc will not show it again')
    const shown = await page.getByRole('textbox', { name: 'The new token' }).inputValue()
    expect(shown).toMatch(/^svc_mt_[A-Za-z0-9_-]{43}$/)
    await page.getByRole('button', { name: 'Copy the token' }).click()
    await expect.poll(() => box.locator('svc-copy-button .said').textContent()).toBe('Copied')
    const token = await page.evaluate(() => navigator.clipboard.readText())
    expect(token).toBe(shown)

    await expect.poll(async () => (await rows(page)).length).toBe(1)
    const [row] = await rows(page)
    expect(row![0]).toBe(`CMS import ${token.slice(0, 11)}…`)
    expect(row![1]).toBe('Ads: read and write')
    // The name, and the address on a line of its own.
    expect(row![2]).toBe('Ada Admin admin@demo.example')
    expect(row![5]).toBe('Never')
    expect(row![6]).toMatch(/^Active/)

    const createAd = () =>
      fetch(`${bff.started.url}/api/v1/ads`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ title: 'Made with a console token', display: 'home-slider-ads' }),
      })
    const created = await createAd()
    expect(created.status).toBe(201)
    expect((await created.json()).title).toBe('Made with a console token')

    // The last use shows after a reload.
    await page.reload()
    await expect.poll(async () => (await rows(page))[0]?.[5]).not.toBe('Never')

    let asked = ''
    page.once('dialog', (dialog) => {
      asked = dialog.message()
      void dialog.accept()
    })
    await page.getByRole('button', { name: 'Revoke CMS import' }).click()
    await expect.poll(() => page.locator('svc-console-tokens p[role="status"]').textContent()).toBe('Token “CMS import” revoked.')
    expect(asked).toMatch(/^Revoke the token “CMS import” \(svc_mt_[\w-]{4}…\)\?/)
    await expect.poll(async () => (await rows(page))[0]?.[6]).toBe('Revoked')
    const refused = await createAd()
    expect(refused.status).toBe(401)
  })

  it('fits 1280 and 375 px with a long and an Arabic name', { timeout: 120_000 }, async () => {
    for (const width of [1280, 375]) {
      const page = await admin('/console/tokens', { width, height: 900 })
      await page.getByRole('button', { name: 'Make token' }).waitFor()
      if (width === 1280) {
        const before = (await rows(page)).length
        await makeToken(page, LONG_NAME, { Ads: 'Read', Images: 'Read and write', Reports: 'Read' })
        await expect.poll(async () => (await rows(page)).length).toBe(before + 1)
        await makeToken(page, ARABIC_NAME, { Webhooks: 'Read and write', 'API keys': 'Read' })
        await expect.poll(async () => (await rows(page)).length).toBe(before + 2)
      } else await expect.poll(async () => (await rows(page)).length).toBeGreaterThan(1)
      const [arabic, long] = await rows(page)
      expect(arabic![0]).toContain(ARABIC_NAME)
      expect(arabic![1]).toBe('API keys: read Webhooks: read and write')
      expect(long![0]).toContain(LONG_NAME)
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true)
      await keepScreenshot(page, `console-tokens-tokens-${width}.png`, { fullPage: true })
    }
  })

  it('lets an operator make operator-wide tokens, and shows a marketer no page and no link', { timeout: 90_000 }, async () => {
    const context = await browser.newContext({ timezoneId: 'Asia/Tokyo', locale: 'en-US' })
    const page = await context.newPage()
    await signInToConsole(page, bff.started.url, 'operator@demo.example', '/console/tokens')
    await page.getByLabel('Tokens of').selectOption({ label: 'Every organisation (operator-wide tokens)' })
    await expect.poll(() => page.locator('svc-console-tokens p.empty').textContent()).toMatch(/no operator-wide tokens yet/)
    expect(new URL(page.url()).searchParams.get('operator-wide')).toBe('1')
    await makeToken(page, 'Deploy', { People: 'Read and write' })
    await expect.poll(async () => (await rows(page)).map((cells) => cells[1])).toEqual(['People: read and write'])
    // A date: the token expires when that day ends where the browser is (Tokyo here).
    const day = new Date(Date.now() + 10 * 24 * 60 * 60 * 1000)
    const [year, month, date] = day.toLocaleDateString('en-CA', { timeZone: 'Asia/Tokyo' }).split('-')
    await page.getByLabel('Expires', { exact: true }).selectOption({ label: 'A date…' })
    await page.getByLabel('Expires at the end of').fill(`${year}-${month}-${date}`)
    await makeToken(page, 'Until then', { Reports: 'Read' })
    await expect.poll(async () => (await rows(page)).length).toBe(2)
    const monthWord = new Date(Number(year), Number(month) - 1, 15).toLocaleDateString('en-US', { month: 'short' })
    expect((await rows(page))[0]![4]).toBe(`${monthWord} ${Number(date)}, ${year}, 11:59 PM GMT+9`)
    // Kept in the address through a reload.
    await page.reload()
    await expect.poll(async () => (await rows(page)).length).toBe(2)

    const marketer = await (await browser.newContext()).newPage()
    await signInToConsole(marketer, bff.started.url, 'marketer@demo.example', '/console/tokens')
    await expect.poll(() => marketer.getByRole('heading', { level: 1 }).textContent()).toBe('No access')
    expect(await marketer.getByRole('link', { name: 'API tokens' }).count()).toBe(0)
    await context.close()
  })
})
