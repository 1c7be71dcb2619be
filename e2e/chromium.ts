/**
 * @module Debian's Chromium for scripted browser work outside the test
 * runner (e2e tests, benchmarks): never a downloaded browser, and the
 * flags this workplace's closed network needs. A test file borrows
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
import { existsSync } from 'node:fs'
import { type Browser, type BrowserContext, chromium, type LaunchOptions } from 'playwright-core'
import { DEBIAN_INSTALLED, machineStep } from '../server/testing/machine-setup.js'

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--headless=new',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

/**
 * Debian's headless shell, when installed (`.ci/run` installs it). Opening
 * a page costs it a quarter of the whole browser's CPU (0.17 against 0.65
 * s of a core, measured with both on one machine), and page loads and
 * DevTools calls a third: the e2e files' Chromium took 273 CPU-s in it
 * against 745 in the whole browser. It has none of the browser's own
 * features: FedCM's dialogs, the popup blocker, the sign-in popups.
 * (Without its address bar's popups, see below, the whole browser's launch
 * and ten contexts cost 8.4-9.2 CPU-s against the shell's 3.6-4.0.)
 */
const HEADLESS_SHELL = process.env.CHROME_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell'

/** Which Chromium a file borrows: the headless shell, or the whole browser when it needs the browser's own features. */
export type ChromiumKind = 'shell' | 'browser'

/**
 * What the whole browser starts for each of its windows (a browser context
 * opens one) and no page uses: the address bar's two suggestion popups,
 * each a WebUI page in a renderer of its own, preloaded. They took about a
 * second of a core a context, as much as the page the test opened in it.
 */
const WINDOW_FEATURES_NO_PAGE_USES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup']

/**
 * playwright-core's own `--disable-features` (chromiumSwitches.ts, 1.65):
 * Chromium reads only the last `--disable-features`, so {@link launch}
 * drops this one and repeats its features in its own. Should a later
 * Playwright change its list, this one no longer matches and is simply
 * overridden, as before, losing only the features it added.
 */
const PLAYWRIGHT_DISABLE_FEATURES =
  '--disable-features=AvoidUnnecessaryBeforeUnloadCheckSync,DestroyProfileOnBrowserClose,HttpsUpgrades,HttpsFirstBalancedModeAutoEnable,LensOverlay,MediaRouter,PaintHolding,ThirdPartyStoragePartitioning,AvoidCorsURLLoaderRestartOnRedirect,TcpPortRandomizationWin,OptimizationHints,NetworkTimeServiceQuerying,AimEnabled,PreconnectToSearch,msForceBrowserSignIn,msEdgeUpdateLaunchServicesPreferredVersion'

/** `args` with every `--disable-features` in them, Playwright's and ours, made one switch. */
function withDisabledFeatures(args: string[]): string[] {
  const prefix = '--disable-features='
  const features = [PLAYWRIGHT_DISABLE_FEATURES, ...args.filter((arg) => arg.startsWith(prefix))].flatMap((arg) =>
    arg.slice(prefix.length).split(','),
  )
  return [...args.filter((arg) => !arg.startsWith(prefix)), `${prefix}${[...features, ...WINDOW_FEATURES_NO_PAGE_USES].join(',')}`]
}

/**
 * Flags to try without editing this file, added to every launch and
 * separated by spaces (so one V8 flag per `--js-flags`): how a flag's CPU
 * is compared with the flags' as they are (`scripts/measure-chromium-cpu.mjs`,
 * CONTRIBUTING.md).
 */
const TRIED_ARGS = process.env.SVC_TEST_CHROMIUM_ARGS?.split(' ').filter(Boolean) ?? []

/**
 * How Chromium is launched: the executable and flags for `kind`, with
 * `extraArgs`; `blockPopups` keeps its popup blocker on (the headless shell
 * has none). The run's browser servers launch with the same options.
 */
export function chromiumLaunchOptions(kind: ChromiumKind, extraArgs: string[] = [], blockPopups = false): LaunchOptions {
  const shell = kind === 'shell' && existsSync(HEADLESS_SHELL)
  return {
    executablePath: shell ? HEADLESS_SHELL : (process.env.CHROME_PATH ?? '/usr/bin/chromium'),
    // The shell is headless only; `--headless=new` names the whole browser's mode.
    args: withDisabledFeatures([...CHROMIUM_ARGS.filter((arg) => !shell || arg !== '--headless=new'), ...extraArgs, ...TRIED_ARGS]),
    // Playwright turns Chromium's popup blocker off unless asked not to.
    ignoreDefaultArgs: [PLAYWRIGHT_DISABLE_FEATURES, ...(blockPopups ? ['--disable-popup-blocking'] : [])],
  }
}

/**
 * Names the run's Chromium broker (`e2e/chromium.global.ts`) to the test
 * workers: an http://127.0.0.1 address whose `/shell` and `/browser` answer
 * the WebSocket address of that kind's browser server, launching it first.
 */
export const CHROMIUM_BROKER_VARIABLE = 'SVC_TEST_CHROMIUM_BROKER'

/**
 * A connection to the run's Chromium of `kind`, or, outside a run with the
 * broker (a script importing this module), a Chromium launched here.
 */
async function connectOrLaunch(kind: ChromiumKind): Promise<Browser> {
  const broker = process.env[CHROMIUM_BROKER_VARIABLE]
  if (!broker) return launchChromium([], { kind })
  // The broker's answer waits for the launch: waiting here first keeps a slow install out of fetch's time limit.
  await machineStep(DEBIAN_INSTALLED, "The Debian install (Chromium's packages)")
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
export async function launchChromium(
  extraArgs: string[] = [],
  { blockPopups = false, kind = 'browser' }: { blockPopups?: boolean; kind?: ChromiumKind } = {},
): Promise<Browser> {
  // On a machine `.ci/run` is still setting up, once Debian's Chromium is installed (server/testing/machine-setup.ts).
  await machineStep(DEBIAN_INSTALLED, "The Debian install (Chromium's packages)")
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
