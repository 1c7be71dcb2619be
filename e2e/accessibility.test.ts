/**
 * @module axe-core (WCAG 2.2 AA) scans of the pages a visitor meets
 * outside the ads: the demo partner page at 1280 and 375 px (its code
 * boxes scroll sideways, so a keyboard must reach them) and svc's framed
 * "Continue as …" page for a visitor the browser does not reveal (its
 * button waits hidden and must stay hidden under the page's own CSS). One
 * server; each scan on a page loaded afresh.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import axe from 'axe-core'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AxeViolation } from './fixtures/inspect-partner-page.js'
import { type RunningBff, startBff } from './bff-process.js'
import { lendChromium } from './chromium.js'
import { keepScreenshot } from './screenshots.js'

const AXE_RUN = `axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] }, resultTypes: ['violations'] })
  .then((results) => results.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map((n) => ({ target: JSON.stringify(n.target), summary: (n.failureSummary || '').replace(/\\s+/g, ' ').trim() })),
  })))`

/** Each violation as one line a person can act on. */
const described = (violations: AxeViolation[]): string[] =>
  violations.flatMap((v) => v.nodes.map((node) => `axe ${v.id} (${v.impact}): ${v.help} at ${node.target}: ${node.summary}`))

describe('accessibility of the demo page and the framed sign-in button (axe-core, WCAG 2.2 AA)', () => {
  let bff: RunningBff
  let browser: Browser
  let base = ''

  beforeAll(async () => {
    const db = join(mkdtempSync(join(tmpdir(), 'svc-accessibility-')), 'svc.db')
    bff = await startBff(['--demo', '--db', db])
    base = bff.started.url.replace(/\/$/, '')
    browser = await lendChromium()
  }, 60_000)

  afterAll(async () => {
    await browser?.close()
    await bff?.stop()
  })

  /** A page with axe-core parsed while it loads, in a context of its own. */
  const withAxe = async (width: number): Promise<Page> => {
    const page = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage()
    await page.addInitScript({ content: axe.source })
    return page
  }
  /**
   * The demo page's tab, at `width`, where each test loads the page
   * afresh: one renderer compiles axe-core once for the scans at both
   * widths, where a tab each started a renderer and compiled it again.
   */
  let demoTab: Promise<Page> | undefined
  const demoAt = async (width: number): Promise<Page> => {
    const page = await (demoTab ??= withAxe(width))
    await page.setViewportSize({ width, height: 900 })
    return page
  }

  for (const width of [1280, 375]) {
    it(`finds nothing on the demo partner page at ${width} px, its code boxes reachable by keyboard`, { timeout: 60_000 }, async () => {
      const page = await demoAt(width)
      await page.goto(`${base}/`)
      // The slots that load at once have settled (a lazy one waits to be scrolled to).
      await page.waitForFunction(() =>
        [...document.querySelectorAll('svc-ads:not([loading="lazy"])')].every((slot) =>
          ['ready', 'empty', 'error'].includes((slot as HTMLElement).dataset.status ?? ''),
        ),
      )
      const embed = page.getByRole('region', { name: 'Embed code' })
      expect(await embed.count()).toBe(1)
      // At 375 px the embed code is wider than its box: the keyboard reaches it, so arrow keys can scroll it.
      if (width === 375) expect(await embed.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true)
      await embed.focus()
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Embed code')
      const violations = (await page.evaluate(AXE_RUN)) as AxeViolation[]
      await keepScreenshot(page, `demo-${width}.png`, { fullPage: true })
      expect(described(violations)).toEqual([])
    })
  }

  it("keeps the framed button page's button hidden for a visitor the browser does not reveal", { timeout: 60_000 }, async () => {
    const demo = await demoAt(1280)
    await demo.goto(`${base}/`)
    const clientId = await demo.locator('svc-signin').getAttribute('client-id')
    // Its slider turns every 6 s: nothing is left running while the rest of the file does.
    await demo.context().close()
    demoTab = undefined
    expect(clientId).toBeTruthy()

    const page = await withAxe(375)
    // The page svc frames into partner pages, opened on its own: nothing reveals an account to it.
    const query = new URLSearchParams({ client_id: clientId!, origin: base, locale: 'en' })
    await page.goto(`${base}/oidc/fedcm/button?${query}`)
    const button = page.locator('button')
    expect(await button.getAttribute('hidden')).toBe('')
    // The page's own style sheet gives buttons `display: flex`; `hidden` must win over it.
    expect(await button.evaluate((element) => getComputedStyle(element).display)).toBe('none')
    expect(await button.isVisible()).toBe(false)
    const violations = (await page.evaluate(AXE_RUN)) as AxeViolation[]
    expect(described(violations)).toEqual([])
    await page.close()
  })
})
