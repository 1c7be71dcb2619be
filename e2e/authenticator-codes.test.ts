/**
 * @module Authenticator codes as a person uses them in Chromium, from a
 * fresh database: a stranger signs up, sets up an authenticator app on the
 * account page (reading the key off the page and making the code as an
 * app would, with otpauth), keeps the ten recovery codes, signs out, signs
 * back in with the password and the app's code, then with a recovery
 * code; the same recovery code is refused the second time. The set-up and
 * the code prompt are kept as screenshots at 1280 and 375 px.
 */
import { TOTP } from 'otpauth'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SmtpReceiver } from '../server/testing/smtp-receiver.js'
import { type AccountPageSvc, startAccountPageSvc } from './account-page-svc.js'
import { nextLink } from './mail-link.js'
import { keepScreenshot } from './screenshots.js'

const EMAIL = 'stranger@example.com'
const PASSWORD = 'plum orchard lantern'

describe('an authenticator app as a second factor, in Chromium', () => {
  let svc: AccountPageSvc
  let smtp: SmtpReceiver
  let browser: Browser
  let base = ''

  beforeAll(async () => {
    svc = await startAccountPageSvc('svc-authenticator-')
    ;({ smtp, browser, base } = svc)
  }, 60_000)

  afterAll(() => svc?.stop())

  const fits = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)
  /** Both widths, kept for a person to look at; nothing wider than the phone's screen. */
  async function bothWidths(page: Page, name: string) {
    await keepScreenshot(page, `${name}-1280.png`, { fullPage: true })
    await page.setViewportSize({ width: 375, height: 800 })
    expect(await fits(page)).toBe(true)
    await keepScreenshot(page, `${name}-375.png`, { fullPage: true })
    await page.setViewportSize({ width: 1280, height: 900 })
  }
  /** Signs in on the login page the account page sends a signed-out visitor to, up to the code prompt. */
  async function passwordStep(page: Page) {
    await page.goto(`${base}/console/account`)
    await page.getByLabel('Email').fill(EMAIL)
    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Enter the code from your authenticator app')
  }
  /** Back on the account page, signed in. */
  const onAccountPage = async (page: Page) => {
    await page.waitForURL(`${base}/console/account`)
    await expect.poll(() => page.getByRole('heading', { name: 'Authenticator app' }).count()).toBe(1)
  }

  it('sets one up, signs in with its code, then with a recovery code once', { timeout: 120_000 }, async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()

    // A stranger signs up from the account page's sign-in and confirms the address from the mail.
    await page.goto(`${base}/console/account`)
    await page.getByRole('link', { name: 'Create an account' }).click()
    await page.getByLabel('Name').fill('Grace Hopper')
    await page.getByLabel('Email').fill(EMAIL)
    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Create account' }).click()
    await expect.poll(() => page.getByRole('heading').innerText()).toBe('Check your e-mail')
    await page.goto(await nextLink(smtp, 0, '/verify-email'))
    await page.getByRole('button', { name: 'Confirm and sign in' }).click()
    await onAccountPage(page)

    // Set up: the QR code with its text alternative, and the key to type by hand, read off the page as a person would.
    await page.getByRole('button', { name: 'Set up an authenticator app' }).click()
    const qr = page.getByRole('img', { name: /QR code that adds your svc account to an authenticator app/ })
    await expect.poll(() => qr.count()).toBe(1)
    const key = (await page.locator('code.secret').innerText()).replaceAll(' ', '')
    expect(key).toMatch(/^[A-Z2-7]{32}$/)
    const app = new TOTP({ secret: key, algorithm: 'SHA1', digits: 6, period: 30 })
    await page.getByLabel('Code the app shows').fill(app.generate())
    await bothWidths(page, 'authenticator-set-up')
    await page.getByRole('button', { name: 'Turn on' }).click()
    const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')
    await expect.poll(() => codes.count()).toBe(10)
    const recoveryCodes = await codes.allInnerTexts()
    for (const code of recoveryCodes) expect(code).toMatch(/^[2-9a-z]{4}-[2-9a-z]{4}$/)
    expect(await page.getByRole('status').first().innerText()).toBe('Authenticator app turned on. Keep your recovery codes now.')
    await bothWidths(page, 'authenticator-recovery-codes')
    await page.getByRole('button', { name: 'I have kept them' }).click()

    // Signed out, the password alone no longer signs in: the page asks for the app's code.
    await context.clearCookies()
    await passwordStep(page)
    await bothWidths(page, 'authenticator-code-prompt')
    // The code that turned the app on is spent; the app's next one (a step ahead, still in the window) is not.
    await page.getByLabel('Code from your app').fill(app.generate({ timestamp: Date.now() + 30_000 }))
    await page.getByRole('button', { name: 'Verify' }).first().click()
    await onAccountPage(page)
    await expect.poll(() => page.getByText('10 of 10 recovery codes left.', { exact: false }).count()).toBe(1)

    // Phone lost: a recovery code instead.
    await context.clearCookies()
    await passwordStep(page)
    await page.getByText('Use a recovery code').click()
    // On a phone, "Verify" and "Use a recovery code" do not touch, and the hint's example code stays whole on one line.
    await page.setViewportSize({ width: 375, height: 800 })
    const layout = await page.evaluate(() => {
      const verify = document.querySelector('form .actions button')!.getBoundingClientRect()
      const summary = document.querySelector('details summary')!.getBoundingClientRect()
      const hint = document.getElementById('recovery-code-hint')!
      const example = document.createRange()
      const walker = document.createTreeWalker(hint, NodeFilter.SHOW_TEXT)
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = node.textContent!.indexOf('k7pm-3xqa')
        if (at >= 0) (example.setStart(node, at), example.setEnd(node, at + 'k7pm-3xqa'.length))
      }
      return { gap: summary.top - verify.bottom, lines: new Set([...example.getClientRects()].map((rect) => Math.round(rect.top))).size }
    })
    expect(layout.gap).toBeGreaterThanOrEqual(12)
    expect(layout.lines).toBe(1)
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.getByLabel('Recovery code').fill(recoveryCodes[0]!)
    await page.locator('details').getByRole('button', { name: 'Verify' }).click()
    await onAccountPage(page)
    await expect.poll(() => page.getByText('9 of 10 recovery codes left.', { exact: false }).count()).toBe(1)

    // The same recovery code again: refused, saying why.
    await context.clearCookies()
    await passwordStep(page)
    await page.getByText('Use a recovery code').click()
    await page.getByLabel('Recovery code').fill(recoveryCodes[0]!)
    await page.locator('details').getByRole('button', { name: 'Verify' }).click()
    await expect
      .poll(() => page.getByRole('alert').innerText())
      .toBe('That recovery code has already been used: each one works once. Try another one.')
    expect(page.url()).not.toContain('/console/account')
    await bothWidths(page, 'authenticator-recovery-code-refused')
    await context.close()
  })
})
