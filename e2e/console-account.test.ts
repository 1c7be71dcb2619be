/**
 * @module The account page's forms as a person fills them in Chromium:
 * name and picture saved unchanged change nothing and one field changed
 * changes exactly that; a wrong current password is refused beside its
 * field; a password change says so; the page fits a 375 px screen.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD } from '../server/demo/seed-demo.js'
import type { ConsoleAccount } from '../shared/console-wire.js'
import { type RunningBff, startBff, svcBff } from './bff-process.js'
import { lendChromium } from './chromium.js'
import { signInToConsole } from './console-sign-in.js'

describe('the account page in Chromium', () => {
  let bff: RunningBff
  let browser: Browser
  let page: Page
  let base = ''

  beforeAll(async () => {
    const db = join(mkdtempSync(join(tmpdir(), 'svc-account-')), 'svc.db')
    bff = await startBff(['--demo', '--db', db])
    base = bff.started.url
    await svcBff('user', 'create', '--email', 'ada@demo.example', '--name', 'Ada Lovelace', '--password', DEMO_PASSWORD, '--db', db)
    browser = await lendChromium()
    page = await (await browser.newContext({ viewport: { width: 375, height: 740 } })).newPage()
    await signInToConsole(page, base, 'ada@demo.example', '/console/account')
  }, 60_000)

  afterAll(async () => {
    await browser?.close()
    await bff?.stop()
  })

  const profile = async () => ((await (await page.request.get(`${base}/console/api/account`)).json()) as ConsoleAccount).profile
  const statusOf = (form: string) => page.getByRole('form', { name: form }).getByRole('status').textContent()

  it('saves name and picture unchanged as nothing, and one changed field as exactly that', { timeout: 60_000 }, async () => {
    await expect.poll(() => page.getByLabel('Name shown').inputValue()).toBe('Ada Lovelace')
    const before = await profile()
    await page.getByRole('button', { name: 'Save name and picture' }).click()
    await expect.poll(() => statusOf('Name and picture')).toBe('Nothing changed.')
    expect(await profile()).toEqual(before)
    await page.getByLabel('Family name').fill('King')
    await page.getByRole('button', { name: 'Save name and picture' }).click()
    await expect.poll(() => statusOf('Name and picture')).toBe('Your profile is saved.')
    expect(await profile()).toEqual({ ...before, family_name: 'King' })
    // The header names the account as it is now, without a reload.
    await page.getByLabel('Name shown').fill('Ada King')
    await page.getByRole('button', { name: 'Save name and picture' }).click()
    await expect.poll(() => page.locator('header .who bdi').textContent()).toBe('Ada King')
    await page.getByLabel('Picture address').fill('ftp://files.example/ada.png')
    await page.getByRole('button', { name: 'Save name and picture' }).click()
    await expect
      .poll(() => page.locator('#profile-picture-error').textContent())
      .toBe('The picture must be a web address starting with https:// or http://.')
  })

  it('refuses a wrong current password beside its field, then changes the password', { timeout: 60_000 }, async () => {
    const form = page.getByRole('form', { name: 'Change your password' })
    await form.getByLabel('Current password').fill('not my password')
    await form.getByLabel('New password').fill('violet kettle harbour lamp')
    await form.getByRole('button', { name: 'Change password' }).click()
    await expect.poll(() => page.locator('#password-current-error').textContent()).toBe('That is not your current password.')
    expect(await form.getByLabel('Current password').getAttribute('aria-invalid')).toBe('true')
    await form.getByLabel('Current password').fill(DEMO_PASSWORD)
    await form.getByLabel('New password').fill('violet kettle harbour lamp')
    await form.getByRole('button', { name: 'Change password' }).click()
    await expect.poll(() => statusOf('Change your password')).toMatch(/^Your password is changed/)
    // Still signed in here: the session the password was changed in stays.
    expect((await page.request.get(`${base}/console/api/account`)).status()).toBe(200)
  })

  it('says an e-mail change waits for its link, and fits 375 px', { timeout: 60_000 }, async () => {
    const form = page.getByRole('form', { name: 'Change your e-mail address' })
    await form.getByLabel('New e-mail address').fill('ada@new.example')
    await form.getByLabel('Current password').fill('violet kettle harbour lamp')
    await form.getByRole('button', { name: 'Send confirmation link' }).click()
    await expect.poll(() => form.locator('.pending').textContent()).toContain('ada@new.example')
    expect((await profile()).email).toBe('ada@demo.example')
    const [scrollWidth, width] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth])
    expect(scrollWidth).toBeLessThanOrEqual(width!)
  })
})
