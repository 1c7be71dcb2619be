/**
 * @module The account page's sessions as a person uses them in Chromium,
 * from a fresh database: the same account signed in on two "devices" (two
 * browser contexts with different User-Agents), the page in one lists both
 * with itself marked "This device" and the other's long User-Agent kept
 * inside the page at 1280 and 375 px, with nothing axe-core finds against
 * WCAG 2.2 AA in the section; signing the other out leaves that
 * browser signed out on its next page load, and the page's forms still
 * save back unchanged.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import axe from 'axe-core'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD } from '../server/demo/seed-demo.js'
import { type RunningBff, startBff, svcBff } from './bff-process.js'
import { lendChromium } from './chromium.js'
import { signInToConsole } from './console-sign-in.js'
import { keepScreenshot } from './screenshots.js'

const CHROME_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
// A real Firefox header with a long tail, as some extensions and embedded browsers send.
const FIREFOX_ON_LINUX = `Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0 ${'Extension/1.0;'.repeat(40)}`

describe('the sessions on the account page in Chromium', () => {
  let bff: RunningBff
  let browser: Browser
  let base = ''

  beforeAll(async () => {
    const db = join(mkdtempSync(join(tmpdir(), 'svc-account-sessions-')), 'svc.db')
    bff = await startBff(['--db', db])
    base = bff.started.url
    browser = await lendChromium()
    await svcBff('user', 'create', '--email', 'two@example.com', '--name', 'Two Devices', '--password', DEMO_PASSWORD, '--db', db)
  }, 60_000)

  afterAll(async () => {
    await browser?.close()
    await bff?.stop()
  })

  const device = async (userAgent: string): Promise<Page> => {
    const page = await (await browser.newContext({ userAgent, viewport: { width: 1280, height: 900 } })).newPage()
    await page.addInitScript({ content: axe.source })
    return page
  }
  /** axe-core's WCAG 2.2 AA violations in the sessions section, one line each. */
  const violations = (page: Page) =>
    page.evaluate(async () => {
      const results = await (window as unknown as { axe: typeof axe }).axe.run(
        { include: [[['svc-console', 'svc-console-account', 'svc-console-account-sessions']]] } as never,
        { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] }, resultTypes: ['violations'] },
      )
      return results.violations.flatMap((v) => v.nodes.map((node) => `${v.id}: ${v.help} at ${JSON.stringify(node.target)}`))
    })
  const fits = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)

  it('lists both devices, signs the other one out, and that browser is signed out on its next page', { timeout: 90_000 }, async () => {
    const laptop = await device(FIREFOX_ON_LINUX)
    await signInToConsole(laptop, base, 'two@example.com', '/console/account')
    const desktop = await device(CHROME_ON_WINDOWS)
    await signInToConsole(desktop, base, 'two@example.com', '/console/account')

    const sessions = desktop.locator('svc-console-account-sessions li')
    await expect.poll(() => sessions.count()).toBe(2)
    const current = sessions.filter({ hasText: 'This device' })
    expect(await current.count()).toBe(1)
    expect(await current.locator('.device').innerText()).toMatch(/^Chrome on Windows\s*This device$/)
    const other = sessions.filter({ hasNotText: 'This device' })
    expect(await other.locator('.device').innerText()).toBe('Firefox on Linux')
    expect(await other.getByText('Last active').count()).toBe(1)
    expect(await fits(desktop)).toBe(true)
    expect(await violations(desktop)).toEqual([])
    await keepScreenshot(desktop, 'account-sessions-1280.png', { fullPage: true })
    await desktop.setViewportSize({ width: 375, height: 800 })
    expect(await fits(desktop)).toBe(true)
    // The long User-Agent wraps inside its row: the row is no wider than the page.
    expect((await other.boundingBox())!.width).toBeLessThanOrEqual(375)
    await keepScreenshot(desktop, 'account-sessions-375.png', { fullPage: true })

    // The page's forms still load and save back as they were.
    await desktop.getByRole('button', { name: 'Save name and picture' }).click()
    await expect.poll(() => desktop.getByRole('status').allInnerTexts()).toContain('Nothing changed.')

    desktop.once('dialog', (dialog) => void dialog.accept())
    await other.getByRole('button', { name: /^Sign out Firefox on Linux/ }).click()
    await expect.poll(() => desktop.getByRole('status').allInnerTexts()).toContain('Firefox on Linux is signed out.')
    await expect.poll(() => sessions.count()).toBe(1)
    expect(await desktop.getByText('No other browser is signed in to your account.').count()).toBe(1)
    // Each section's line speaks of the page's last change only: the profile's "Nothing changed." went with the session,
    expect(await desktop.getByRole('status').allInnerTexts()).not.toContain('Nothing changed.')
    // and the next save takes "… is signed out." away.
    await desktop.getByRole('button', { name: 'Save name and picture' }).click()
    await expect.poll(() => desktop.getByRole('status').allInnerTexts()).toContain('Nothing changed.')
    expect(await desktop.getByRole('status').allInnerTexts()).not.toContain('Firefox on Linux is signed out.')

    // The other device's next page: signed out, its account page asks it to sign in.
    await laptop.reload()
    await expect.poll(() => laptop.getByLabel('Password').count()).toBe(1)
    expect(laptop.url()).not.toBe(`${base}/console/account`)
    expect(await laptop.getByRole('button', { name: 'Sign in', exact: true }).count()).toBe(1)
  })
  it('tells two sessions of the same browser apart by their times, in the button and the confirmation', { timeout: 90_000 }, async () => {
    const first = await device(FIREFOX_ON_LINUX)
    await signInToConsole(first, base, 'two@example.com', '/console/account')
    const second = await device(FIREFOX_ON_LINUX)
    await signInToConsole(second, base, 'two@example.com', '/console/account')
    const desktop = await device(CHROME_ON_WINDOWS)
    await signInToConsole(desktop, base, 'two@example.com', '/console/account')

    const buttons = desktop.getByRole('button', { name: /^Sign out Firefox on Linux/ })
    await expect.poll(() => buttons.count()).toBe(2)
    const names = await Promise.all([0, 1].map(async (i) => (await buttons.nth(i).getAttribute('aria-label'))!))
    for (const name of names) expect(name).toMatch(/^Sign out Firefox on Linux \(signed in .+, last active .+\)$/)
    expect(new Set(names).size).toBe(2)
    // The Chrome on Windows of this device has no twin: its name stays short.
    expect(await desktop.locator('svc-console-account-sessions .device').filter({ hasText: 'This device' }).innerText()).toMatch(/^Chrome on Windows\s*This device$/)

    await desktop.setViewportSize({ width: 375, height: 800 })
    expect(await fits(desktop)).toBe(true)
    await keepScreenshot(desktop, 'account-sessions-twins-375.png', { fullPage: true })

    const asked: string[] = []
    desktop.once('dialog', (dialog) => (asked.push(dialog.message()), void dialog.accept()))
    await buttons.first().click()
    const device1 = names[0]!.replace(/^Sign out /, '')
    await expect.poll(() => desktop.getByRole('status').allInnerTexts()).toContain(`${device1} is signed out.`)
    expect(asked).toEqual([`Sign out ${device1}? Applications signed in through it lose access too.`])
    // One Firefox on Linux is left, and with no twin any more its name is short again.
    await expect.poll(() => desktop.getByRole('button', { name: 'Sign out Firefox on Linux', exact: true }).count()).toBe(1)
    await first.reload()
    await second.reload()
    // Exactly one of the two is asked to sign in; the other still has its account page.
    const asksToSignIn = (page: Page) => page.getByLabel('Password', { exact: true }).count()
    await expect.poll(async () => (await asksToSignIn(first)) + (await asksToSignIn(second))).toBe(1)
    const kept = (await asksToSignIn(first)) === 0 ? first : second
    await expect.poll(() => kept.getByRole('heading', { name: 'Your account', exact: true, level: 1 }).count()).toBe(1)
  })
})

