/**
 * @module The console's header in Chromium, from a fresh demo database:
 * one line at 1280 px for every role (the operator sees the most
 * sections), and at 375 px no sideways scrolling of the page with every
 * section reachable by keyboard (the sections scroll in their own strip,
 * and focus brings each one into view). Also the API keys page naming the
 * organisation and its code, for an admin and for an operator's choice.
 * Screenshots to look at go where `SVC_TEST_SCREENSHOTS` says (e2e/screenshots.ts).
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningBff, startBff } from './bff-process.js'
import { lendChromium } from './chromium.js'
import { sharedConsolePages } from './console-sign-in.js'
import { DEMO_ORGANISATION_NAME } from '../server/demo/seed-demo.js'
import { keepScreenshot } from './screenshots.js'

/** Each demo account and the sections its header offers. */
const SECTIONS: Record<string, string[]> = {
  'operator@demo.example': [
    'Marketing › Ads',
    'Marketing › Images',
    'Marketing › Reports',
    'Organisations',
    'API keys',
    'API tokens',
    'People',
    'Developers',
    'Audit log',
    'Signing keys',
    'Account',
  ],
  'admin@demo.example': [
    'Marketing › Ads',
    'Marketing › Images',
    'Marketing › Reports',
    'Organisations',
    'API keys',
    'API tokens',
    'People',
    'Audit log',
    'Account',
  ],
  'marketer@demo.example': ['Marketing › Ads', 'Marketing › Images', 'Marketing › Reports', 'Account'],
  'developer@demo.example': ['Developers', 'Account'],
}

describe('the console header in Chromium', () => {
  let bff: RunningBff
  let browser: Browser
  let consolePages: ReturnType<typeof sharedConsolePages>

  beforeAll(async () => {
    bff = await startBff(['--demo', '--db', join(mkdtempSync(join(tmpdir(), 'svc-header-')), 'svc.db')])
    browser = await lendChromium()
    consolePages = sharedConsolePages(browser, bff.started.url)
  })

  afterAll(async () => {
    await browser?.close()
    await bff?.stop()
  })

  // One signed-in page per account, which the tests open at the width they
  // check (a fresh load at that size): a context and a sign-in per check
  // cost Chromium more than the checks themselves.
  const signedIn = async (email: string, width: number, path = '/console/keys'): Promise<Page> => {
    const page = await consolePages(email, SECTIONS[email]!.includes('API keys') ? path : '/console/account', { width, height: 800 })
    await expect.poll(() => page.locator('svc-console header nav').isVisible()).toBe(true)
    return page
  }

  const sections = (page: Page) => page.getByRole('navigation', { name: 'Sections' }).getByRole('link')

  it('keeps the header on one line at 1280 px for every role, every section in sight', { timeout: 90_000 }, async () => {
    for (const [email, expected] of Object.entries(SECTIONS)) {
      const page = await signedIn(email, 1280)
      expect(
        // What is on screen: the text without the part only in the link's name.
        await sections(page).evaluateAll((links) =>
          links.map((link) =>
            [...link.childNodes]
              // Text and elements only: Lit's markers are comments.
              .filter((node) => node.nodeType === Node.TEXT_NODE || (node instanceof Element && !node.classList.contains('in-name')))
              .map((node) => node.textContent)
              .join('')
              .replace(/\s+/g, ' ')
              .trim(),
          ),
        ),
        email,
      ).toEqual(expected.map((name) => name.replace(/^Marketing › /, '')))
      for (const name of expected) expect(await page.getByRole('link', { name, exact: true }).count(), `${name} by name`).toBe(1)
      // One line: the product, every section, the account and Sign out share a row, no taller than the button.
      const rows = await page.locator('svc-console header').evaluate((header) => {
        const root = header.getRootNode() as ShadowRoot
        const boxes = [
          header.querySelector('strong')!,
          ...header.querySelectorAll('nav a'),
          header.querySelector('.who span')!,
          header.querySelector('button')!,
        ].map((element) => element.getBoundingClientRect())
        const nav = root.querySelector('nav')!
        return {
          middles: new Set(boxes.map((box) => Math.round((box.top + box.bottom) / 2))).size,
          height: header.getBoundingClientRect().height,
          button: header.querySelector('button')!.getBoundingClientRect().height,
          hiddenInStrip: nav.scrollWidth - nav.clientWidth,
        }
      })
      await keepScreenshot(page, `console-header-${email.split('@')[0]}-1280.png`)
      expect(rows.middles, `${email}: items on more than one line`).toBeLessThanOrEqual(2)
      expect(rows.height, email).toBeLessThan(rows.button * 2)
      expect(rows.hiddenInStrip, `${email}: sections out of sight at 1280 px`).toBe(0)
      // Nothing cut, nothing faded.
      expect(await page.locator('svc-console header nav').evaluate((nav) => getComputedStyle(nav).maskImage), email).toBe('none')
    }
  })

  it('fits 375 px without sideways scrolling, every section reachable by keyboard', { timeout: 90_000 }, async () => {
    for (const [email, expected] of Object.entries(SECTIONS)) {
      const page = await signedIn(email, 375)
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), email).toBe(0)
      const signOut = (await page.getByRole('button', { name: 'Sign out', exact: true }).boundingBox())!
      expect(signOut.x + signOut.width, email).toBeLessThanOrEqual(375)
      await keepScreenshot(page, `console-header-${email.split('@')[0]}-375.png`)
      // The current section is in sight, and a strip with sections out of sight fades at its cut edge, until scrolled to its end.
      const nav = page.locator('svc-console header nav')
      const strip = await nav.evaluate((element) => {
        const current = element.querySelector('[aria-current="page"]')!.getBoundingClientRect()
        const box = element.getBoundingClientRect()
        return {
          overflows: element.scrollWidth > element.clientWidth,
          fades: getComputedStyle(element).maskImage !== 'none',
          currentInSight: current.left >= box.left && current.right <= box.right,
        }
      })
      expect(strip.currentInSight, email).toBe(true)
      expect(strip.fades, email).toBe(strip.overflows)
      if (strip.overflows) {
        expect(await nav.evaluate((element) => element.classList.contains('cut-right')), email).toBe(true)
        await nav.evaluate((element) => (element.scrollLeft = element.scrollWidth))
        await expect.poll(() => nav.evaluate((element) => element.className), { message: email }).toBe('cut-left')
        await nav.evaluate((element) => (element.scrollLeft = 0))
        await expect.poll(() => nav.evaluate((element) => element.className), { message: email }).toBe('cut-right')
      }
      // Tab from the product name through the strip: each section in turn has focus and is on screen.
      await page.locator('svc-console header strong').click()
      for (const name of expected) {
        await page.keyboard.press('Tab')
        const focused = page.getByRole('link', { name, exact: true })
        await expect.poll(() => focused.evaluate((link) => link.matches(':focus')), { message: `${email}: ${name} focused` }).toBe(true)
        const box = (await focused.boundingBox())!
        expect(box.x, `${email}: ${name}`).toBeGreaterThanOrEqual(0)
        expect(box.x + box.width, `${email}: ${name}`).toBeLessThanOrEqual(375)
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), email).toBe(0)
      await keepScreenshot(page, `console-header-${email.split('@')[0]}-375-last-focused.png`)
    }
  })

  it("names the organisation and its code on the API keys page (an operator's: the chosen one)", { timeout: 60_000 }, async () => {
    const admin = await signedIn('admin@demo.example', 1280)
    const shown = admin.locator('svc-console-keys .organisation-shown')
    const words = async () => ((await shown.textContent()) ?? '').replace(/\s+/g, ' ').trim()
    await expect.poll(words).toMatch(new RegExp(`^Keys of ${DEMO_ORGANISATION_NAME}, organisation code ORG\\w+$`))
    const code = /ORG\w+/.exec(await words())![0]
    expect(await admin.getByRole('button', { name: 'Copy the code' }).isVisible()).toBe(true)

    // An operator with two organisations: the line follows the choice.
    const operator = await signedIn('operator@demo.example', 375)
    const other = await operator.evaluate(async () => {
      const csrf = (document.querySelector('svc-console') as unknown as { me: { csrf: string } }).me.csrf
      const res = await fetch('/console/api/organisations', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': csrf },
        body: JSON.stringify({ name: 'مؤسسة الإعلانات العربية للتسويق الرقمي والمحتوى', origins: '' }),
      })
      return ((await res.json()) as { organisation: { code: string } }).organisation.code
    })
    await operator.reload()
    await operator.getByLabel('Organisation').selectOption(other)
    const operatorShown = operator.locator('svc-console-keys .organisation-shown')
    await expect.poll(() => operatorShown.textContent()).toContain(`organisation code ${other}`)
    expect(await operatorShown.textContent()).toContain('مؤسسة الإعلانات العربية')
    expect(await operatorShown.textContent()).not.toContain(code)
    expect(await operator.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0)
    await keepScreenshot(operator, 'console-header-keys-operator-arabic-375.png', { fullPage: true })
  })
})
