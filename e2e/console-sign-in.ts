/**
 * @module Signs a demo account in to the console the way a person does:
 * open a console page, fill svc's login form, land back on the page; and
 * keeps such a page for the tests of a file to share.
 */
import type { Browser, BrowserContextOptions, Page } from 'playwright-core'
import { DEMO_PASSWORD } from '../server/demo/seed-demo.js'

/**
 * Opens `base + path`, signs in as `email` with the demo password, and waits to be back.
 *
 * @example
 * await signInToConsole(page, bff.started.url, 'marketer@demo.example')
 */
export async function signInToConsole(page: Page, base: string, email: string, path = '/console'): Promise<void> {
  await page.goto(`${base}${path}`)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await page.waitForURL(`${base}${path}`)
}

/**
 * Signed-in console pages a file's tests take turns on, one per account:
 * the first call for an account opens a browser context and signs in
 * through the form, later calls open `path` on the same page. A context
 * costs Chromium a renderer process or two (about 0.6 s of a core each)
 * and the sign-in three page loads more; tests that need nothing of their
 * own (no time zone, no second session, no sign-in journey) share them.
 * Each call sets the viewport the test asks for and drops the dialog
 * handlers an earlier test left.
 *
 * @example
 * const marketer = sharedConsolePages(browser, bff.started.url, { permissions: ['clipboard-read'] })
 * const page = await marketer('marketer@demo.example', '/console/ads', { width: 375, height: 800 })
 */
export function sharedConsolePages(
  browser: Browser,
  base: string,
  contextOptions: BrowserContextOptions = {},
): (email: string, path?: string, viewport?: { width: number; height: number }) => Promise<Page> {
  const opened = new Map<string, Promise<Page>>()
  return async (email, path = '/console', viewport = { width: 1280, height: 720 }) => {
    const existing = opened.get(email)
    if (!existing) {
      const signingIn = (async () => {
        const page = await (await browser.newContext({ ...contextOptions, viewport })).newPage()
        await signInToConsole(page, base, email, path)
        return page
      })()
      opened.set(email, signingIn)
      return signingIn
    }
    const page = await existing
    page.removeAllListeners('dialog')
    await page.setViewportSize(viewport)
    await page.goto(`${base}${path}`)
    return page
  }
}
