/**
 * @module `npx tsx scripts/screenshots.ts`: redraws the README's pictures
 * (`docs/*.png`) from a fresh demo in Debian's Chromium, so they show what
 * a newcomer gets today. Run `npm run build` first.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startBff } from '../e2e/bff-process.js'
import { launchChromium } from '../e2e/chromium.js'
import { signInToConsole } from '../e2e/console-sign-in.js'

const bff = await startBff(['--demo', '--db', join(mkdtempSync(join(tmpdir(), 'svc-shots-')), 'svc.db')])
const browser = await launchChromium()
try {
  const demo = await browser.newPage({ viewport: { width: 1100, height: 900 } })
  await demo.goto(bff.started.url)
  // The hero further down loads lazily; the first screenful is what the picture shows.
  await demo.waitForFunction(() => document.querySelector('svc-ads')?.getAttribute('data-status') === 'ready')
  await demo.waitForTimeout(800)
  await demo.screenshot({ path: 'docs/demo-page.png' })

  const editor = await browser.newPage({ viewport: { width: 1280, height: 1000 } })
  await signInToConsole(editor, bff.started.url, 'marketer@demo.example', '/console/ads')
  await editor.locator('table a').first().click()
  await editor.waitForURL(/\/console\/ads\/ADS\d+$/)
  await editor.waitForTimeout(1500)
  await editor.screenshot({ path: 'docs/console-new-ad.png', fullPage: false })
  console.log('wrote docs/demo-page.png and docs/console-new-ad.png')
} finally {
  await browser.close()
  await bff.stop()
}
