/**
 * @module Debian's Chromium for scripted browser work outside the test
 * runner (e2e tests, benchmarks): never a downloaded browser, and the
 * flags this workplace's closed network needs.
 */
import { type Browser, chromium } from 'playwright-core'

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
 * Launches `/usr/bin/chromium` (or `CHROME_PATH`) headless; `blockPopups` keeps its popup blocker on.
 *
 * @example
 * const browser = await launchChromium()
 */
export function launchChromium(extraArgs: string[] = [], { blockPopups = false } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, ...extraArgs],
    // Playwright turns Chromium's popup blocker off unless asked not to.
    ignoreDefaultArgs: blockPopups ? ['--disable-popup-blocking'] : [],
  })
}
