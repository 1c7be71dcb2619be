/**
 * @module Whether a page scrolls sideways at its width: something inside
 * it overflowed, which a 375 px screen shows as a page that slides.
 */
import type { Page } from 'playwright-core'

/**
 * True when the page's document is wider than its viewport.
 *
 * @example
 * await expect.poll(() => pageOverflows(page)).toBe(false)
 */
export const pageOverflows = (page: Page): Promise<boolean> =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)
