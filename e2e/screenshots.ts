/**
 * @module The screenshots the journeys take for a person to look at (a
 * page at 375 px, long or right-to-left text): written only when
 * `SVC_TEST_SCREENSHOTS` names a folder, under the names the tests give.
 * A run nobody looks at (`npm test`, CI) skips them: a full-page
 * screenshot costs Chromium a layout of the whole page, a capture and a
 * PNG encoding, and the tests assert the layouts they show by measuring.
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Locator, Page } from 'playwright-core'

/**
 * Saves a screenshot of `target` as `name` in `SVC_TEST_SCREENSHOTS`, when it is set.
 *
 * @example
 * await keepScreenshot(page, 'account-375.png', { fullPage: true })
 */
export async function keepScreenshot(target: Page | Locator, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  const folder = process.env.SVC_TEST_SCREENSHOTS
  if (!folder) return
  mkdirSync(folder, { recursive: true })
  await target.screenshot({ path: join(folder, name), ...options })
}
