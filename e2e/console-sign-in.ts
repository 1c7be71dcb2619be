/**
 * @module Signs a demo account in to the console the way a person does:
 * open a console page, fill svc's login form, land back on the page; and
 * keeps such a page for the tests of a file to share, whose session a
 * test's own context can take on.
 */
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core'
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

/** A console page's size in the tests' browser. */
type Viewport = { width: number; height: number }

/**
 * The signed-in console pages of a file (see {@link sharedConsolePages}):
 * called with an account, its shared page; `newContext` opens a context
 * of a test's own already signed in as that account.
 */
export interface SharedConsolePages {
  (email: string, path?: string, viewport?: Viewport): Promise<Page>
  /**
   * A browser context of its own (a time zone, a locale), signed in as
   * `email` with the cookies and storage of that account's shared page
   * (Playwright's `storageState`): one session, as two tabs of one
   * browser share it, without the login form's page loads again. The
   * account signs in through the form first when no test has yet.
   */
  newContext(email: string, options?: BrowserContextOptions): Promise<BrowserContext>
}

/**
 * Signed-in console pages a file's tests take turns on, one per account:
 * the first call for an account opens a browser context and signs in
 * through the form, later calls open `path` on the same page. A context
 * costs Chromium a renderer process or two (about 0.6 s of a core each)
 * and the sign-in three page loads more; tests that need nothing of their
 * own (no second session, no sign-in journey) share them, and a test that
 * needs a time zone or a locale of its own takes `newContext`, signed in
 * already. Each call sets the viewport the test asks for and drops the
 * dialog handlers an earlier test left.
 *
 * @example
 * const marketer = sharedConsolePages(browser, bff.started.url, { permissions: ['clipboard-read'] })
 * const page = await marketer('marketer@demo.example', '/console/ads', { width: 375, height: 800 })
 * const inTokyo = await (await marketer.newContext('marketer@demo.example', { timezoneId: 'Asia/Tokyo' })).newPage()
 */
export function sharedConsolePages(browser: Browser, base: string, contextOptions: BrowserContextOptions = {}): SharedConsolePages {
  const opened = new Map<string, Promise<Page>>()
  /** The account's shared page, signed in at `path` when this is its first use. */
  const signedIn = (email: string, path: string, viewport: Viewport): { page: Promise<Page>; fresh: boolean } => {
    const existing = opened.get(email)
    if (existing) return { page: existing, fresh: false }
    const page = (async () => {
      const page = await (await browser.newContext({ ...contextOptions, viewport })).newPage()
      await signInToConsole(page, base, email, path)
      return page
    })()
    opened.set(email, page)
    return { page, fresh: true }
  }
  const pages = async (email: string, path = '/console', viewport: Viewport = { width: 1280, height: 720 }): Promise<Page> => {
    const { page: signingIn, fresh } = signedIn(email, path, viewport)
    const page = await signingIn
    if (fresh) return page
    page.removeAllListeners('dialog')
    await page.setViewportSize(viewport)
    await page.goto(`${base}${path}`)
    return page
  }
  const newContext = async (email: string, options: BrowserContextOptions = {}): Promise<BrowserContext> => {
    const page = await signedIn(email, '/console', { width: 1280, height: 720 }).page
    return browser.newContext({ ...options, storageState: await page.context().storageState() })
  }
  return Object.assign(pages, { newContext })
}
