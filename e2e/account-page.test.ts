/**
 * @module The visitor's own pages as a person uses them in Chromium on a
 * 375 px phone: the account page shows no section meant for the operator,
 * a refusal leaves once it is no longer news, deleting the account leaves
 * a signed-out page with a way onward, and the reset page gives its advice
 * once and refuses the password the account already has.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD } from '../server/demo/seed-demo.js'
import type { SmtpReceiver } from '../server/testing/smtp-receiver.js'
import { svcBff } from './bff-process.js'
import { type AccountPageSvc, startAccountPageSvc } from './account-page-svc.js'
import { signInToConsole } from './console-sign-in.js'
import { nextLink } from './mail-link.js'
import { keepScreenshot } from './screenshots.js'

const PHONE = { width: 375, height: 800 }

describe("the visitor's account and reset pages in Chromium at 375 px", () => {
  let svc: AccountPageSvc
  let smtp: SmtpReceiver
  let browser: Browser
  let db = ''
  let base = ''

  beforeAll(async () => {
    svc = await startAccountPageSvc('svc-account-page-')
    ;({ smtp, browser, db, base } = svc)
  }, 60_000)

  afterAll(() => svc?.stop())

  const phone = async (): Promise<Page> => (await browser.newContext({ viewport: PHONE })).newPage()
  const errorOf = (page: Page, id: string) => page.locator(`#${id}-error`)
  const fits = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)

  it('shows no linking section without providers and takes a refusal away once it is no longer news', { timeout: 60_000 }, async () => {
    await svcBff('user', 'create', '--email', 'sam@example.com', '--name', 'Sam Visitor', '--password', DEMO_PASSWORD, '--db', db)
    const page = await phone()
    await signInToConsole(page, base, 'sam@example.com', '/console/account')
    await expect.poll(() => page.getByRole('heading', { name: 'Sam Visitor' }).count()).toBe(1)
    // No provider is set up: nothing to link, and no sentence meant for the operator.
    expect(await page.getByRole('heading', { name: 'Linked accounts' }).count()).toBe(0)
    expect(await page.locator('main').innerText()).not.toContain('sign-in providers')

    // A refused password change…
    await page.getByLabel('Current password').first().fill('not my password at all')
    await page.getByLabel('New password').fill('short')
    await page.getByRole('button', { name: 'Change password' }).click()
    await expect.poll(() => errorOf(page, 'password-new').count()).toBe(1)
    expect(await errorOf(page, 'password-new').innerText()).toBe('Use at least 12 characters (this one has 5).')
    // …goes once another form succeeds.
    await page.getByLabel('Name shown').fill('Sam Renamed')
    await page.getByRole('button', { name: 'Save name and picture' }).click()
    await expect.poll(() => page.getByRole('heading', { name: 'Sam Renamed' }).count()).toBe(1)
    expect(await errorOf(page, 'password-new').count()).toBe(0)
    expect(await page.locator('[aria-invalid="true"]').count()).toBe(0)
    expect(await page.getByRole('alert').count()).toBe(0)

    // A refused address goes as its field is typed in.
    await page.getByLabel('New e-mail address').fill('sam@example.com')
    await page.getByLabel('Current password').last().fill(DEMO_PASSWORD)
    await page.getByRole('button', { name: 'Send confirmation link' }).click()
    await expect.poll(() => errorOf(page, 'email-new').count()).toBe(1)
    await page.getByLabel('New e-mail address').pressSequentially('x')
    await expect.poll(() => errorOf(page, 'email-new').count()).toBe(0)
    expect(await page.getByRole('alert').count()).toBe(0)

    // The delete form's refusal, too, goes when another form succeeds.
    await page.getByLabel('Type sam@example.com to confirm').fill('someone@else.example')
    await page.getByRole('button', { name: 'Delete my account' }).click()
    await expect.poll(() => errorOf(page, 'confirm').count()).toBe(1)
    await page.getByLabel('Name shown').fill('Sam Visitor')
    await page.getByRole('button', { name: 'Save name and picture' }).click()
    await expect.poll(() => page.getByRole('heading', { name: 'Sam Visitor' }).count()).toBe(1)
    await expect.poll(() => errorOf(page, 'confirm').count()).toBe(0)
    expect(await fits(page)).toBe(true)
    await keepScreenshot(page, 'account-page-account-375.png', { fullPage: true })
  })

  it('leaves a deleted account on a signed-out page with a way onward', { timeout: 60_000 }, async () => {
    await svcBff('user', 'create', '--email', 'leaving@example.com', '--name', 'Leaving Person', '--password', DEMO_PASSWORD, '--db', db)
    const page = await phone()
    await signInToConsole(page, base, 'leaving@example.com', '/console/account')
    await page.getByLabel('Type leaving@example.com to confirm').fill('leaving@example.com')
    await page.getByRole('button', { name: 'Delete my account' }).click()
    await page.waitForURL(`${base}/console/account-deleted`)
    await expect.poll(() => page.getByRole('heading', { name: 'Account deleted' }).count()).toBe(1)
    const shown = await page.locator('body').innerText()
    expect(shown).not.toContain('Leaving Person')
    expect(shown).not.toContain('leaving@example.com')
    expect(await page.getByRole('button', { name: 'Sign out' }).count()).toBe(0)
    expect(await page.getByRole('link', { name: 'Account', exact: true }).count()).toBe(0)
    expect(await fits(page)).toBe(true)
    await keepScreenshot(page, 'account-page-account-deleted-375.png', { fullPage: true })
    // Onward: the sign-in page, where the deleted account no longer signs in.
    await page.getByRole('link', { name: 'Sign in with another account' }).click()
    await expect.poll(() => page.getByLabel('Email').count()).toBe(1)
    await page.getByLabel('Email').fill('leaving@example.com')
    await page.getByLabel('Password').fill(DEMO_PASSWORD)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await expect.poll(() => page.locator('main').innerText()).toContain('The email or password is not right.')
  })

  it(
    'gives the password advice once, refuses the password the account has, and says a used link was used',
    { timeout: 60_000 },
    async () => {
      await svcBff('user', 'create', '--email', 'reset@example.com', '--name', 'Reset Person', '--password', DEMO_PASSWORD, '--db', db)
      const page = await phone()
      await page.goto(`${base}/login`)
      await page.getByRole('link', { name: 'Forgot password?' }).click()
      await page.getByLabel('Email').fill('reset@example.com')
      const seen = smtp.received.length
      await page.getByRole('button', { name: 'Send reset link' }).click()
      await expect.poll(() => page.getByRole('heading').innerText()).toBe('Check your e-mail')
      const link = await nextLink(smtp, seen, '/reset-password')

      await page.goto(link)
      await page.getByLabel('Password').fill('too short')
      await page.getByRole('button', { name: 'Set new password' }).click()
      await expect.poll(() => errorOf(page, 'password').count()).toBe(1)
      const advice = (await page.locator('main').innerText()).match(/unrelated words/g) ?? []
      expect(advice).toHaveLength(1)

      await page.getByLabel('Password').fill(DEMO_PASSWORD)
      await page.getByRole('button', { name: 'Set new password' }).click()
      await expect.poll(() => errorOf(page, 'password').innerText()).toBe('Choose a password you have not used here before.')
      expect(await fits(page)).toBe(true)
      await keepScreenshot(page, 'account-page-reset-same-375.png', { fullPage: true })

      await page.getByLabel('Password').fill('copper lantern drifting north')
      await page.getByRole('button', { name: 'Set new password' }).click()
      await expect.poll(() => page.getByRole('heading').first().innerText()).toBe('Password changed')
      await page.goto(link)
      await expect.poll(() => page.getByRole('heading').first().innerText()).toBe('This link has already been used')
    },
  )
})
