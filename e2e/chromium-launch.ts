/**
 * @module How Debian's Chromium is launched for scripted browser work: the
 * executable of each kind (the headless shell, or the whole browser) and
 * the flags this workplace's closed network needs. The run's broker
 * (`chromium.global.ts`) launches with these options, and so does
 * `chromium.ts` outside a run; both name the broker by
 * {@link CHROMIUM_BROKER_VARIABLE}.
 */
import { existsSync } from 'node:fs'
import type { LaunchOptions } from 'playwright-core'

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
 * Chromium reads only the last `--disable-features`, so {@link chromiumLaunchOptions}
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
