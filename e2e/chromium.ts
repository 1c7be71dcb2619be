/**
 * @module Debian's Chromium for scripted browser work outside the test
 * runner (e2e tests, benchmarks): never a downloaded browser, and the
 * flags this workplace's closed network needs. A test worker launches one
 * Chromium with the default flags and lends it to each file in turn
 * ({@link lendChromium}).
 */
import { type Browser, type BrowserContext, chromium } from 'playwright-core'

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--headless=new',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

function launch(extraArgs: string[], blockPopups: boolean): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, ...extraArgs],
    // Playwright turns Chromium's popup blocker off unless asked not to.
    ignoreDefaultArgs: blockPopups ? ['--disable-popup-blocking'] : [],
  })
}

/** This worker's Chromium with the default flags, launched on first use. */
let workerChromium: Promise<Browser> | undefined

/**
 * A Chromium lent to one test file: its `newContext` and `newPage` open
 * contexts of the worker's browser (each as separate as a browser of its
 * own: cookies, storage, cache and permissions), and its `close` closes
 * only those. Launching and closing a browser per file cost about a second
 * of a core and of waiting each; the files of a worker run one after
 * another, so they never share a context.
 */
async function lentChromium(): Promise<Browser> {
  workerChromium ??= launch([], false).then((browser) => {
    browser.on('disconnected', () => (workerChromium = undefined))
    return browser
  })
  const browser = await workerChromium
  const opened = new Set<BrowserContext>()
  const newContext: Browser['newContext'] = async (options) => {
    const context = await browser.newContext(options)
    opened.add(context)
    context.on('close', () => opened.delete(context))
    return context
  }
  return new Proxy(browser, {
    get(target, property, receiver) {
      if (property === 'newContext') return newContext
      // As Browser.newPage: a context of its own, closed with the page.
      if (property === 'newPage')
        return async (options?: Parameters<Browser['newPage']>[0]) => {
          const context = await newContext(options)
          const page = await context.newPage()
          page.on('close', () => void context.close())
          return page
        }
      if (property === 'contexts') return () => [...opened]
      if (property === 'close') return async () => void (await Promise.all([...opened].map((context) => context.close())))
      const value: unknown = Reflect.get(target, property, receiver)
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value
    },
  })
}

/**
 * Launches Chromium (`/usr/bin/chromium` or `CHROME_PATH`) headless, a
 * browser of its own that `close` ends; `blockPopups` keeps its popup
 * blocker on.
 *
 * @example
 * const browser = await launchChromium(['--disable-features=FedCm'])
 */
export function launchChromium(extraArgs: string[] = [], { blockPopups = false } = {}): Promise<Browser> {
  return launch(extraArgs, blockPopups)
}

/**
 * The test worker's Chromium, with the default flags, lent to one test
 * file (see {@link lentChromium}): `close` closes the contexts the file
 * opened and leaves the browser to the worker's next file.
 *
 * @example
 * beforeAll(async () => (browser = await lendChromium()))
 * afterAll(() => browser.close())
 */
export function lendChromium(): Promise<Browser> {
  return lentChromium()
}
