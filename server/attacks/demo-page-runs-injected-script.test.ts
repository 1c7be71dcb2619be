/**
 * Attack: the demo partner page at `/` runs on the identity provider's own
 * origin and shows what organisations wrote. Without a CSP, a script that
 * got past the ad sanitiser (or any injection into the page) would run
 * with the provider's origin; framed, the page could be clickjacked. With
 * its policy, the demo still works (ads, sign-in button) and nothing
 * injected runs.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type RunningBff, startBff } from '../../e2e/bff-process.js'
import { lendChromium } from '../../e2e/chromium.js'

let bff: RunningBff
let browser: Browser

beforeAll(async () => {
  bff = await startBff(['--db', join(mkdtempSync(join(tmpdir(), 'svc-demo-csp-')), 'svc.db'), '--demo'])
  // The run's headless shell: the policy is Blink's to enforce, and nothing here needs the whole browser's own features.
  browser = await lendChromium()
}, 60_000)
afterAll(async () => {
  await browser?.close()
  await bff?.stop()
})

it('runs the demo under a CSP that stops injected script and framing', { timeout: 60_000 }, async () => {
  const page = await browser.newPage()
  await page.addInitScript(() => {
    ;(window as unknown as { violations: string[] }).violations = []
    document.addEventListener('securitypolicyviolation', (event) =>
      (window as unknown as { violations: string[] }).violations.push(`${event.violatedDirective} ${event.blockedURI}`),
    )
  })
  const answer = await page.goto(`${bff.started.url}/`)
  expect(answer!.headers()['content-security-policy']).toContain("frame-ancestors 'none'")

  // The demo itself works under the policy, violating nothing.
  await expect
    .poll(() =>
      page
        .locator('svc-ads')
        .first()
        .evaluate((element) => element.shadowRoot?.querySelectorAll('[role="group"], .slide, a').length ?? 0),
    )
    .toBeGreaterThan(0)
  await expect.poll(() => page.locator('svc-signin').evaluate((element) => element.shadowRoot?.innerHTML.length ?? 0)).toBeGreaterThan(0)
  expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([])

  // Markup that slipped past a sanitiser: inline handlers and script URLs do not run.
  await page.evaluate(() => {
    document.body.insertAdjacentHTML(
      'beforeend',
      '<img src="data:," onerror="window.pwned = 1"><a id="js" href="javascript:window.pwned = 2">x</a>',
    )
    const script = document.createElement('script')
    script.textContent = 'window.pwned = 3'
    document.body.append(script)
  })
  await page.click('#js')
  await page.waitForTimeout(300)
  expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined()
})
