/**
 * @module Debian's Chromium for scripted browser work outside the test
 * runner (e2e tests, benchmarks): never a downloaded browser, launched with
 * the options of `chromium-launch.ts`. A test file borrows
 * Chromium ({@link lendChromium}): Debian's headless shell
 * (`chromium-headless-shell`, the same Chromium's Blink, V8 and DevTools
 * protocol without the browser around them) unless the file needs the
 * whole browser. One Chromium of each kind serves the whole Vitest run:
 * the run's global set-up (`e2e/chromium.global.ts`) launches it when a
 * test worker first asks, as a Playwright browser server, and every
 * worker connects to it. A launch cost about 1.2 CPU-s for the shell and
 * 2.5 for the whole browser (its GPU process, network service and zygote
 * included); each of the four workers launched its own before, nine
 * browsers in a run of `e2e/` against five now, and that run's Chromium
 * took 358 and 385 CPU-s against 407 and 401 (CONTRIBUTING.md). A
 * connected browser is Playwright's remote kind: `download.path()` is
 * refused there, `download.saveAs()` works.
 */
import { type Browser, type BrowserContext, chromium } from 'playwright-core'
import { DEBIAN_INSTALLED, machineStep } from '../server/testing/machine-setup.js'
import { CHROMIUM_BROKER_VARIABLE, chromiumLaunchOptions, type ChromiumKind } from './chromium-launch.js'

export type { ChromiumKind } from './chromium-launch.js'

// On a machine `.ci/run` is still setting up (server/testing/machine-setup.ts),
// a test file that borrows Chromium waits here, while it is imported, for
// Debian's Chromium to be installed: outside its hooks, whose time limit a
// slow mirror could otherwise exceed. The run's broker waits too.
await machineStep(DEBIAN_INSTALLED, "The Debian install (Chromium's packages)")

/**
 * A connection to the run's Chromium of `kind`, or, outside a run with the
 * broker (a script importing this module), a Chromium launched here.
 */
async function connectOrLaunch(kind: ChromiumKind): Promise<Browser> {
  const broker = process.env[CHROMIUM_BROKER_VARIABLE]
  if (!broker) return launchChromium([], { kind })
  const answer = await fetch(`${broker}/${kind}`)
  const text = await answer.text()
  if (!answer.ok) throw new Error(`The run's Chromium (${kind}) did not start: ${text}`)
  return chromium.connect(text)
}

/** This worker's connections to the run's Chromiums, each made on first use. */
const workerChromiums = new Map<ChromiumKind, Promise<Browser>>()

/**
 * A Chromium lent to one test file: its `newContext` and `newPage` open
 * contexts of the run's browser (each as separate as a browser of its
 * own: cookies, storage, cache and permissions), and its `close` closes
 * only those. Launching and closing a browser per file cost about a second
 * of a core and of waiting each. The files of a worker run one after
 * another on its one connection; other workers' files open contexts of
 * the same browser through theirs, which the server keeps apart (a
 * connection sees and closes only the contexts it opened).
 */
async function lentChromium(kind: ChromiumKind): Promise<Browser> {
  if (!workerChromiums.has(kind))
    workerChromiums.set(
      kind,
      connectOrLaunch(kind).then(
        (browser) => {
          browser.on('disconnected', () => workerChromiums.delete(kind))
          return browser
        },
        (error: unknown) => {
          // The next file asks again rather than inheriting this failure.
          workerChromiums.delete(kind)
          throw error
        },
      ),
    )
  const browser = await workerChromiums.get(kind)!
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
 * blocker on (the headless shell has none); `kind: 'shell'` launches the
 * headless shell where one is installed.
 *
 * @example
 * const browser = await launchChromium(['--disable-features=FedCm'], { kind: 'shell' })
 */
export function launchChromium(
  extraArgs: string[] = [],
  { blockPopups = false, kind = 'browser' }: { blockPopups?: boolean; kind?: ChromiumKind } = {},
): Promise<Browser> {
  return chromium.launch(chromiumLaunchOptions(kind, extraArgs, blockPopups))
}

/**
 * The run's Chromium, with the default flags, lent to one test file (see
 * {@link lentChromium}): `close` closes the contexts the file opened and
 * leaves the browser to the next file. `'browser'` lends the whole browser
 * (FedCM, the sign-in popups), `'shell'` (the default) the headless shell,
 * or the whole browser where no shell is installed.
 *
 * @example
 * beforeAll(async () => (browser = await lendChromium()))
 * afterAll(() => browser.close())
 */
export function lendChromium(kind: ChromiumKind = 'shell'): Promise<Browser> {
  return lentChromium(kind)
}
