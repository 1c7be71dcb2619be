/**
 * @module A second factor required for console roles, as people meet it in
 * Chromium: a developer signed in with a password sees the page that says
 * what to do, and the account page's notice; they set up an authenticator
 * app (Copy and Download beside the recovery codes), sign in again with
 * its code and reach the Developers page. Another developer adds a
 * passkey (the DevTools virtual authenticator) and gets through by signing
 * in with it. The operator, signed in with one factor, is told why they
 * cannot turn the requirement on, sees who holds which second factor on
 * People, and removes a lost phone's authenticator app, which mails its
 * owner. Names are long and right to left; pages kept at 1280 and 375 px.
 */
import { TOTP } from 'otpauth'
import type { BrowserContext, CDPSession, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD } from '../server/demo/seed-demo.js'
import { type AccountPageSvc, startAccountPageSvc } from './account-page-svc.js'
import { freePort, svcBff } from './bff-process.js'
import { signInToConsole } from './console-sign-in.js'
import { keepScreenshot } from './screenshots.js'

const DEVELOPER = 'nour@example.com'
const DEVELOPER_NAME = 'نور الهدى عبد الرحمن بن سليمان الطويل من فريق المطورين'
const PASSKEY_DEVELOPER = 'pat@example.com'
const OPERATOR = 'operator@example.com'
const OPERATOR_NAME = 'Maximiliana Wilhelmina Oppenheimer-Vandenberghe, operator of everything'
const REQUIRED = 'Your organisation requires a second factor'

describe('a second factor required for console roles, in Chromium', () => {
  let svc: AccountPageSvc
  let base = ''

  beforeAll(async () => {
    // localhost, not 127.0.0.1: a passkey's relying party is a domain.
    const port = await freePort()
    base = `http://localhost:${port}`
    svc = await startAccountPageSvc('svc-second-factor-', ['--port', String(port), '--issuer', base])
    for (const [email, name, ...role] of [
      [DEVELOPER, DEVELOPER_NAME, '--svc-role', 'developer'],
      [PASSKEY_DEVELOPER, 'Pat Passkey', '--svc-role', 'developer'],
      [OPERATOR, OPERATOR_NAME, '--svc-master'],
    ])
      await svcBff('user', 'create', '--email', email!, '--name', name!, '--password', DEMO_PASSWORD, ...role, '--db', svc.db)
    await svcBff('console', 'require-second-factor', 'on', '--db', svc.db)
  }, 60_000)

  afterAll(() => svc?.stop())

  const fits = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)
  async function bothWidths(page: Page, name: string) {
    await keepScreenshot(page, `${name}-1280.png`, { fullPage: true })
    await page.setViewportSize({ width: 375, height: 800 })
    expect(await fits(page)).toBe(true)
    await keepScreenshot(page, `${name}-375.png`, { fullPage: true })
    await page.setViewportSize({ width: 1280, height: 900 })
  }
  const heading = (page: Page) => page.getByRole('heading', { level: 1 }).first().innerText()

  it(
    'stops a developer signed in with a password at their account page until they sign in with an authenticator’s code',
    { timeout: 120_000 },
    async () => {
      const context = await svc.browser.newContext({
        viewport: { width: 1280, height: 900 },
        permissions: ['clipboard-read', 'clipboard-write'],
      })
      const page = await context.newPage()
      await signInToConsole(page, base, DEVELOPER, '/console/clients')
      await expect.poll(() => heading(page)).toBe(REQUIRED)
      expect(await page.locator('header nav').getByRole('link').allInnerTexts()).toEqual(['Account'])
      const refused = await page.request.get(`${base}/console/api/clients`)
      expect(refused.status()).toBe(403)
      expect((await refused.json()).message).toContain('requires a second factor for the console')
      await bothWidths(page, 'second-factor-required')

      await page.getByRole('link', { name: 'Add a passkey or an authenticator app' }).click()
      await expect.poll(() => page.getByRole('heading', { name: REQUIRED }).count()).toBe(1)
      // The notice's text is the page's dark grey on its amber box, as the console's other notices, never a success line's green.
      const notice = page.locator('svc-console-account #second-factor')
      expect(await notice.evaluate((box) => [getComputedStyle(box).color, getComputedStyle(box.querySelector('p')!).color])).toEqual([
        'rgb(31, 35, 40)',
        'rgb(31, 35, 40)',
      ])
      await page.getByRole('button', { name: 'Set up an authenticator app' }).click()
      const key = (await page.locator('code.secret').innerText()).replaceAll(' ', '')
      const app = new TOTP({ secret: key, algorithm: 'SHA1', digits: 6, period: 30 })
      await page.getByLabel('Code the app shows').fill(app.generate())
      await page.getByRole('button', { name: 'Turn on' }).click()
      const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')
      await expect.poll(() => codes.count()).toBe(10)
      // Copy puts the ten codes on the clipboard, one a line; Download is a text file of them.
      await page.getByRole('button', { name: 'Copy' }).click()
      await expect.poll(() => page.getByText('Copied').count()).toBe(1)
      expect((await page.evaluate(() => navigator.clipboard.readText())).split('\n')).toEqual(await codes.allInnerTexts())
      const download = page.getByRole('link', { name: 'Download (.txt)' })
      expect(await download.getAttribute('download')).toBe('svc-recovery-codes.txt')
      expect(decodeURIComponent((await download.getAttribute('href'))!)).toContain((await codes.allInnerTexts())[0])
      await bothWidths(page, 'second-factor-account-page')
      await page.getByRole('button', { name: 'I have kept them' }).click()
      await expect.poll(() => page.getByText('10 of 10 recovery codes left.').count()).toBe(1)

      // Sign in again: the password, then the app's next code; the console opens.
      await page.getByRole('link', { name: 'Sign in again' }).click()
      await page.getByLabel('Email').fill(DEVELOPER)
      await page.getByLabel('Password').fill(DEMO_PASSWORD)
      await page.getByRole('button', { name: 'Sign in', exact: true }).click()
      await expect.poll(() => heading(page)).toBe('Enter the code from your authenticator app')
      await page.getByLabel('Code from your app').fill(app.generate({ timestamp: Date.now() + 30_000 }))
      await page.getByRole('button', { name: 'Verify' }).first().click()
      await page.waitForURL(`${base}/console`)
      await page.getByRole('link', { name: 'Developers' }).click()
      await expect.poll(() => heading(page)).toBe('Developers › Clients')
      await context.close()
    },
  )

  it('lets a developer through once they sign in with a passkey they added', { timeout: 120_000 }, async () => {
    const context: BrowserContext = await svc.browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    const cdp: CDPSession = await context.newCDPSession(page)
    await cdp.send('WebAuthn.enable', { enableUI: false })
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
    })
    await signInToConsole(page, base, PASSKEY_DEVELOPER, '/console/account')
    await expect.poll(() => page.getByRole('heading', { name: REQUIRED }).count()).toBe(1)
    await page.getByRole('button', { name: 'Add a passkey' }).click()
    await page.getByLabel('Name of the passkey').fill('Work laptop')
    await page.getByRole('button', { name: 'Add a passkey' }).click()
    await expect.poll(() => page.getByRole('row', { name: /Work laptop/ }).count()).toBe(1)

    await page.getByRole('link', { name: 'Sign in again' }).click()
    // The login page's autofill may sign in with the passkey as it loads; else its button does.
    await page
      .getByRole('button', { name: 'Sign in with a passkey' })
      .click({ timeout: 5_000 })
      .catch(() => undefined)
    await page.waitForURL(`${base}/console`)
    await page.getByRole('link', { name: 'Developers' }).click()
    await expect.poll(() => heading(page)).toBe('Developers › Clients')
    await context.close()
  })

  it(
    'tells an operator signed in with one factor why they cannot turn it on, shows who holds what, and removes a lost phone’s app',
    { timeout: 120_000 },
    async () => {
      await svcBff('console', 'require-second-factor', 'off', '--db', svc.db)
      const context = await svc.browser.newContext({ viewport: { width: 1280, height: 900 } })
      const page = await context.newPage()
      page.on('dialog', (dialog) => void dialog.accept())
      await signInToConsole(page, base, OPERATOR, '/console/people')
      const requirement = page.locator('svc-console-second-factor-requirement')
      await expect.poll(() => requirement.getByText('You signed in with one factor, so you would be stopped first').count()).toBe(1)
      // Said once, beside a button that does nothing until they sign in with two factors: no refusal repeats it.
      const require = requirement.getByRole('button', { name: 'Require a second factor' })
      expect(await require.getAttribute('aria-disabled')).toBe('true')
      expect(await require.getAttribute('aria-describedby')).toBe('stops-you')
      const puts: string[] = []
      page.on('request', (request) => void (request.method() === 'PUT' && puts.push(request.url())))
      await require.click({ force: true })
      await page.waitForTimeout(300)
      expect(puts).toEqual([])
      expect(await requirement.getByRole('alert').count()).toBe(0)
      expect(await requirement.getByText(/would stop you first|would be stopped first/).count()).toBe(1)
      const rowOf = (name: RegExp) => page.getByRole('row', { name })
      expect(
        await rowOf(/نور الهدى/)
          .getByRole('cell')
          .nth(5)
          .innerText(),
      ).toBe('authenticator app')
      expect(
        await rowOf(/Pat Passkey/)
          .getByRole('cell')
          .nth(5)
          .innerText(),
      ).toBe('passkey')
      expect(
        await rowOf(/Maximiliana/)
          .getByRole('cell')
          .nth(5)
          .innerText(),
      ).toBe('none')
      await bothWidths(page, 'second-factor-people')

      const seen = svc.smtp.received.length
      await rowOf(/نور الهدى/)
        .getByText('Manage')
        .click()
      await rowOf(/نور الهدى/)
        .getByRole('button', { name: 'Remove the authenticator app' })
        .click()
      await expect.poll(() => page.getByRole('status').first().innerText()).toContain('is removed, with its recovery codes')
      await expect
        .poll(() =>
          rowOf(/نور الهدى/)
            .getByRole('cell')
            .nth(5)
            .innerText(),
        )
        .toBe('none')
      await expect
        .poll(() =>
          svc.smtp.received
            .slice(seen)
            .some((mail) => mail.to.includes(DEVELOPER) && mail.raw.includes('Your svc authenticator app was removed by an administrator')),
        )
        .toBe(true)
      await context.close()
    },
  )
})
