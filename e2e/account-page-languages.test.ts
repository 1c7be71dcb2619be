/**
 * @module The visitor's account page in the visitor's language, in
 * Chromium: a German and a French browser see none of the English
 * table's words (headings, labels, buttons, hints, the header) and the
 * words of their own table; an English browser keeps the English words.
 * The tables are the test's reference, not sentences copied here.
 * Screenshots at 1280 and 375 px (German, a right-to-left name) go where
 * `SVC_TEST_SCREENSHOTS` says (e2e/screenshots.ts).
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD } from '../server/demo/seed-demo.js'
import { ACCOUNT_WORDS } from '../server/i18n/account-words.js'
import type { Locale } from '../server/i18n/locale.js'
import { type RunningBff, startBff, svcBff } from './bff-process.js'
import { lendChromium } from './chromium.js'
import { keepScreenshot } from './screenshots.js'
import { signInToConsole } from './console-sign-in.js'

/** Every text the page shows or names a control with, through the console's shadow roots. */
const PAGE_TEXT = `(() => {
  const parts = []
  const walk = (node) => {
    if (node.nodeType === Node.TEXT_NODE) { parts.push(node.data); return }
    if (node.nodeType !== Node.ELEMENT_NODE && node.nodeType !== Node.DOCUMENT_FRAGMENT_NODE) return
    if (node.nodeType === Node.ELEMENT_NODE) {
      if (['SCRIPT', 'STYLE'].includes(node.tagName)) return
      for (const name of ['aria-label', 'title', 'placeholder', 'data-label']) if (node.getAttribute(name)) parts.push(node.getAttribute(name))
      if (node.shadowRoot) walk(node.shadowRoot)
    }
    for (const child of node.childNodes) walk(child)
  }
  walk(document.body)
  return parts.join('\\n').replace(/[ \\t]+/g, ' ')
})()`

/**
 * The English table's sentences and phrases as they can appear on a page:
 * each piece between placeholders that holds two words or more (a single
 * word, such as "Name", may be the same in another language).
 */
const englishPhrases = (): string[] =>
  Object.values(ACCOUNT_WORDS.en)
    .flatMap((text) => text.split(/\{\w+\}/))
    .map((piece) => piece.trim().replace(/^[:.,?]\s*/, '').replace(/[:.,?]$/, '').trim())
    .filter((piece) => piece.includes(' '))

describe("the account page in the visitor's language", () => {
  let bff: RunningBff
  let browser: Browser
  let base = ''

  beforeAll(async () => {
    const db = join(mkdtempSync(join(tmpdir(), 'svc-account-languages-')), 'svc.db')
    for (const [email, name] of [
      ['hanna@example.com', 'Hanna Schmidt'],
      ['claire@example.com', 'Claire Martin'],
      ['ada@example.com', 'Ada Lovelace'],
      ['layla@example.com', 'ليلى أحمد'],
    ])
      await svcBff('user', 'create', '--email', email!, '--name', name!, '--password', DEMO_PASSWORD, '--db', db)
    bff = await startBff(['--db', db])
    base = bff.started.url.replace(/\/$/, '')
    browser = await lendChromium()
  }, 60_000)

  afterAll(async () => {
    await browser?.close()
    await bff?.stop()
  })

  /** The account page of `email`, signed in, seen by a browser that asks for `language`. */
  async function accountPage(email: string, language: string, width = 1280): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 900 } })
    const page = await context.newPage()
    await signInToConsole(page, base, email, '/console/account')
    // From here on the browser asks for the visitor's language, as one set to it does on every request.
    await context.setExtraHTTPHeaders({ 'Accept-Language': language })
    await page.reload()
    await page.getByRole('button', { name: ACCOUNT_WORDS[language.slice(0, 2) as Locale]?.deleteMyAccount ?? '' }).waitFor()
    return page
  }

  it.each([
    ['de', 'hanna@example.com'],
    ['fr', 'claire@example.com'],
  ] as const)('shows a %s browser no English words of the page, and its own', { timeout: 60_000 }, async (locale, email) => {
    const page = await accountPage(email, `${locale}-${locale.toUpperCase()},${locale};q=0.9`)
    const text = (await page.evaluate(PAGE_TEXT)) as string
    const english = englishPhrases().filter((phrase) => text.includes(phrase))
    expect(english).toEqual([])
    for (const key of ['yourAccount', 'nameAndPicture', 'changePassword', 'connectedApps', 'deleteHeading', 'signOut', 'account'] as const)
      expect(text, key).toContain(ACCOUNT_WORDS[locale][key])
    // The page says which language it speaks, for a screen reader's voice.
    expect(await page.locator('svc-console-account').getAttribute('lang')).toBe(locale)
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale)
    // A refusal too comes in the visitor's language.
    await page.getByLabel(ACCOUNT_WORDS[locale].currentPassword).first().fill('not my password at all')
    await page.getByLabel(ACCOUNT_WORDS[locale].newPassword).fill('violet kettle harbour lamp')
    await page.getByRole('button', { name: ACCOUNT_WORDS[locale].changePassword }).click()
    await expect.poll(() => page.locator('#password-current-error').innerText()).toBe(ACCOUNT_WORDS[locale].wrongCurrentPassword)
    await page.context().close()
  })

  it('keeps the English words for an English browser', { timeout: 60_000 }, async () => {
    const page = await accountPage('ada@example.com', 'en-GB,en;q=0.9')
    const text = (await page.evaluate(PAGE_TEXT)) as string
    for (const key of ['yourAccount', 'nameAndPicture', 'changePassword', 'connectedApps', 'deleteHeading', 'deleteWarning', 'signOut'] as const)
      expect(text, key).toContain(ACCOUNT_WORDS.en[key])
    // The name field counts what it holds against its limit.
    expect(await page.getByLabel(ACCOUNT_WORDS.en.nameShown).getAttribute('maxlength')).toBe('200')
    expect(await page.locator('#profile-name-count').innerText()).toMatch(new RegExp(`^${'Ada Lovelace'.length} / 200\\b`))
    await page.getByLabel(ACCOUNT_WORDS.en.nameShown).fill('Ada King, Countess of Lovelace')
    await expect.poll(() => page.locator('#profile-name-count').innerText()).toMatch(/^30 \/ 200\b/)
    await page.context().close()
  })

  it.each([1280, 375])('fits a German page with a right-to-left name at %i px', { timeout: 60_000 }, async (width) => {
    const page = await accountPage('layla@example.com', 'de', width)
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
    await keepScreenshot(page, `account-de-${width}.png`, { fullPage: true })
    await page.context().close()
  })
})
