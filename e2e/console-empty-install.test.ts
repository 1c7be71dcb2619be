/**
 * @module The console on a fresh install, as its operator first sees it,
 * in Chromium at 1280 px and 375 px: every page in the navigation (read
 * from the page, so pages added later are walked too) settles with no
 * "Loading…" left, no API wording, no console error and, on a phone, no
 * sideways scrolling; then the operator creates an organisation and its
 * first key on the Organisations page and the walk is repeated with it.
 * Also the organisation form's load → save round trip.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD } from '../server/demo/seed-demo.js'
import type { ConsoleOrganisationList } from '../shared/console-wire.js'
import { type RunningBff, startBff, svcBff } from './bff-process.js'
import { lendChromium } from './chromium.js'
import { signInToConsole } from './console-sign-in.js'
import { keepScreenshot } from './screenshots.js'

const OPERATOR = 'operator@fresh.example'
/** What only a program should read, which no page may show. */
const RAW_WORDS = /\?organisation=|organisation=CODE|invalid_request|\bundefined\b|\bnull\b|\[object |\bNaN\b/
const WIDTHS = [1280, 375] as const

describe('the console on an empty install', () => {
  let bff: RunningBff
  let browser: Browser
  let base = ''
  /**
   * The operator's one signed-in page, and what it logged. One page for
   * both widths: each page of a walk is loaded afresh after the window
   * takes its width, so it lays out as a phone's or a desktop's would,
   * without a second context and sign-in (a renderer and three page loads).
   */
  let operator: { page: Page; errors: string[] }
  /** The operator's page with its window `width` px wide. */
  const at = async (width: number): Promise<{ page: Page; errors: string[] }> => {
    await operator.page.setViewportSize({ width, height: 800 })
    return operator
  }

  beforeAll(async () => {
    const db = join(mkdtempSync(join(tmpdir(), 'svc-empty-')), 'svc.db')
    // No --demo: no organisation, no ads, no clients; one operator made as the README says.
    bff = await startBff(['--db', db])
    base = bff.started.url
    await svcBff('user', 'create', '--email', OPERATOR, '--name', 'Olu Operator', '--password', DEMO_PASSWORD, '--svc-master', '--db', db)
    browser = await lendChromium()
    const page = await (await browser.newContext({ viewport: { width: WIDTHS[0], height: 800 } })).newPage()
    const errors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    page.on('pageerror', (error) => errors.push(error.message))
    await signInToConsole(page, base, OPERATOR)
    operator = { page, errors }
  }, 90_000)

  afterAll(async () => {
    await browser?.close()
    await bff?.stop()
  })

  /** The console's own pages, as its navigation lists them. */
  async function navigation(page: Page): Promise<{ name: string; href: string }[]> {
    await page.goto(`${base}/console`)
    const links = page.getByRole('navigation', { name: 'Sections' }).getByRole('link')
    await expect.poll(() => links.count()).toBeGreaterThan(1)
    return links.evaluateAll((anchors) =>
      anchors.map((anchor) => ({ name: anchor.textContent?.trim() ?? '', href: (anchor as HTMLAnchorElement).pathname })),
    )
  }

  /** The text a person reads on the page, through the console's shadow roots. */
  const shownText = (page: Page) =>
    page.evaluate(() => {
      const texts: string[] = []
      const walk = (root: Node) => {
        for (const node of Array.from(root.childNodes)) {
          if (node.nodeType === Node.TEXT_NODE) texts.push(node.textContent ?? '')
          else if (node instanceof HTMLElement && !['SCRIPT', 'STYLE'].includes(node.tagName)) {
            // A shadow root replaces the light children on screen (the shell's "Loading the console…" before it starts).
            if (node.shadowRoot) walk(node.shadowRoot)
            else if (node instanceof HTMLOptionElement || getComputedStyle(node).display !== 'none') walk(node)
          }
        }
      }
      walk(document.body)
      return texts.join(' ').replace(/\s+/g, ' ')
    })

  /** Visits each page of the navigation and holds it to the promise: it settles, in people's words, within the screen. */
  async function walkEveryPage(width: number): Promise<string[]> {
    const { page, errors } = await at(width)
    const visited: string[] = []
    for (const { name, href } of await navigation(page)) {
      errors.length = 0
      await page.goto(`${base}${href}`)
      await expect.poll(() => page.locator('main h1').count(), { message: `${name} shows its heading` }).toBeGreaterThan(0)
      // Every load ends: in data, an empty state, or a sentence saying what failed.
      await expect.poll(() => shownText(page), { timeout: 10_000, message: `${name} at ${width} px still loading` }).not.toMatch(/Loading/)
      const text = await shownText(page)
      expect(text, `${name} at ${width} px shows API wording`).not.toMatch(RAW_WORDS)
      expect(errors, `${name} at ${width} px logged errors`).toEqual([])
      if (width <= 375) {
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
        expect(overflow, `${name} at ${width} px scrolls sideways`).toBeLessThanOrEqual(0)
      }
      visited.push(`${name}: ${text}`)
    }
    return visited
  }

  it('walks every page with no organisation, each saying so and pointing to the Organisations page', { timeout: 120_000 }, async () => {
    for (const width of WIDTHS) {
      const pages = await walkEveryPage(width)
      expect(pages.map((line) => line.split(':')[0])).toEqual(
        expect.arrayContaining(['Marketing › Ads', 'Marketing › Images', 'Marketing › Reports', 'Organisations', 'API keys']),
      )
      for (const name of ['Marketing › Ads', 'Marketing › Images', 'Marketing › Reports', 'API keys']) {
        const line = pages.find((shown) => shown.startsWith(`${name}:`))!
        expect(line, name).toContain('There is no organisation yet.')
        expect(line, name).toContain('Create an organisation')
      }
    }
    // No empty picker: the API keys page has none to choose from.
    const { page } = await at(1280)
    await page.goto(`${base}/console/keys`)
    await expect.poll(() => shownText(page)).toContain('There is no organisation yet.')
    expect(await page.getByLabel('Organisation').count()).toBe(0)
    await page.goto(`${base}/console/ads/new`)
    await expect.poll(() => shownText(page)).toContain('There is no organisation yet.')
    await page.getByRole('link', { name: 'Create an organisation' }).click()
    await expect.poll(() => page.url()).toBe(`${base}/console/organisations`)
  })

  it(
    'creates an organisation and its first key from the Organisations page, then walks every page again',
    { timeout: 180_000 },
    async () => {
      const { page } = await at(375)
      await page.goto(`${base}/console/organisations`)
      const form = page.getByRole('form', { name: 'New organisation' })
      await form.getByLabel('Name').fill('مطبعة الشرق')
      await form.getByLabel('Origins').fill('https://bad.example/path')
      await form.getByRole('button', { name: 'Create organisation' }).click()
      await expect
        .poll(() => page.locator('#new-origins-error').textContent())
        .toBe('Origin "https://bad.example/path" must be only scheme, host and port')
      await form.getByLabel('Origins').fill('https://shop.example\nhttps://news.example')
      await form.getByRole('button', { name: 'Create organisation' }).click()
      await expect.poll(() => page.getByRole('status').first().textContent()).toMatch(/^Created مطبعة الشرق \(ORG\d+\)/)
      await keepScreenshot(page, 'svc-organisations-375.png', { fullPage: true })

      await page.getByRole('link', { name: 'Create its first API key' }).click()
      await expect.poll(() => page.url()).toMatch(/\/console\/keys\?organisation=ORG\d+$/)
      await expect.poll(() => page.getByLabel('Allowed origins').inputValue()).toBe('https://shop.example https://news.example')
      await page.getByRole('button', { name: 'Create key' }).click()
      await expect.poll(() => shownText(page)).toMatch(/svc_pk_/)

      for (const width of WIDTHS) {
        const pages = await walkEveryPage(width)
        for (const line of pages) expect(line).not.toContain('There is no organisation yet.')
      }
      const organisations = page.getByRole('table')
      await page.goto(`${base}/console/organisations`)
      await expect.poll(() => organisations.getByRole('row').filter({ hasText: 'مطبعة الشرق' }).count()).toBe(1)
      await expect.poll(() => page.getByRole('link', { name: 'API keys' }).count()).toBeGreaterThan(1)
    },
  )

  it('saves the organisation form unchanged as nothing changed, and one changed field as exactly that', { timeout: 60_000 }, async () => {
    const { page } = await at(1280)
    const listed = async () =>
      ((await (await page.request.get(`${base}/console/api/organisations`)).json()) as ConsoleOrganisationList).organisations[0]!
    const before = await listed()
    await page.goto(`${base}/console/organisations`)
    await page.getByRole('button', { name: `Edit ${before.name}` }).click()
    const form = page.getByRole('form', { name: `Edit ${before.name}` })
    await expect.poll(() => form.getByLabel('Name').inputValue()).toBe(before.name)
    expect(await form.getByLabel('Origins').inputValue()).toBe(before.origins.join('\n'))
    await form.getByRole('button', { name: 'Save' }).click()
    await expect.poll(() => page.getByRole('status').first().textContent()).toBe(`Nothing changed in ${before.name}.`)
    expect(await listed()).toEqual(before)

    await page.getByRole('button', { name: `Edit ${before.name}` }).click()
    await page
      .getByRole('form', { name: `Edit ${before.name}` })
      .getByLabel('Origins')
      .fill('https://shop.example')
    await page
      .getByRole('form', { name: `Edit ${before.name}` })
      .getByRole('button', { name: 'Save' })
      .click()
    await expect.poll(() => page.getByRole('status').first().textContent()).toBe(`Saved ${before.name}.`)
    expect(await listed()).toEqual({ ...before, origins: ['https://shop.example'] })
    await keepScreenshot(page, 'svc-organisations-1280.png', { fullPage: true })
  })
})
