/**
 * @module Benchmark of the partner-page scripts: the min+gzip size of what
 * each `<svc-ads>` embed downloads (Lit included) and of `/sdk.js`, and the
 * cumulative layout shift in Debian's Chromium of a partner page whose
 * slots are filled, empty and refused, loaded with the classic script.
 * Budgets: ES module 13 KB, IIFE 18 KB, `/sdk.js` 6 KB gzip; CLS 0.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { launchChromium } from '../e2e/chromium.js'
import { startServerProcess } from './load.js'

const DIST = 'dist/widget'
const KB = 1024

interface Size {
  min: number
  gzip: number
}

/**
 * Runs the benchmark and prints its rows.
 *
 * @example
 * await benchWidget()
 */
export async function benchWidget(): Promise<void> {
  if (!existsSync(join(DIST, 'svc-ads.js'))) execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' })
  const size = (name: string): Size => {
    const bytes = readFileSync(join(DIST, name))
    return { min: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length }
  }
  // The ES module imports its other chunks (the fallback sanitiser) only in browsers without Element.setHTML;
  // the folder also holds the SDK's and the console's files (and the console's own chunks).
  const chunks = [...readFileSync(join(DIST, 'svc-ads.js'), 'utf8').matchAll(/["'`]\.\/([\w.-]+\.js)["'`]/g)].map((match) => match[1]!)
  const es = size('svc-ads.js')
  const esWithFallback = chunks.map(size).reduce((sum, chunk) => ({ min: sum.min + chunk.min, gzip: sum.gzip + chunk.gzip }), es)
  const row = (name: string, s: Size, budgetKb?: number) =>
    `  ${name.padEnd(46)} ${(s.min / KB).toFixed(1).padStart(6)} KB min  ${(s.gzip / KB).toFixed(2).padStart(6)} KB gzip` +
    (budgetKb ? `  budget ${budgetKb} KB: ${s.gzip <= budgetKb * KB ? 'met' : 'MISSED'} (${(s.gzip / (budgetKb * KB)).toFixed(2)})` : '')
  console.log('<svc-ads> size (min+gzip, Lit included)')
  console.log(row('ES module, browsers with Element.setHTML', es, 13))
  console.log(row('ES module + js-xss, browsers without it', esWithFallback))
  console.log(row('IIFE, one classic script with everything', size('svc-ads.iife.js'), 18))
  console.log(row('/sdk.js (<svc-signin>)', size('sdk.js'), 6))

  const { kept, collapsed } = await measureLayoutShift()
  console.log(
    `  CLS, classic script, filled + empty + refused slots with keep-empty: ${kept.toFixed(4)}  budget 0: ${kept === 0 ? 'met' : 'MISSED'}`,
  )
  console.log(`  CLS, the same page without keep-empty (empty and refused slots collapse): ${collapsed.toFixed(4)}  (no budget)`)
}

/** A partner page: each layout filled, one empty slot and one the API refuses, text between them to be pushed. */
function partnerPage(widgetUrl: string, apiKey: string, keepEmpty: boolean): string {
  const keep = keepEmpty ? ' keep-empty' : ''
  const slot = (attributes: string) => `<p>Text above a slot, which a shift above would move.</p><svc-ads ${attributes}></svc-ads>`
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<script src="${widgetUrl}"></script>
<style>body { font: 16px/1.5 system-ui, sans-serif; max-width: 56rem; margin: 0 auto; padding: 1rem }</style></head><body>
${slot(`display="nothing-published-here" api-key="${apiKey}"${keep}`)}
${slot(`display="home-slider-ads" limit="12" random="0" autoplay="1000" api-key="${apiKey}"`)}
${slot(`display="home" api-key="svc_pk_refused"${keep}`)}
${slot(`display="donation-stories" layout="stories" api-key="${apiKey}"`)}
${slot(`display="home" layout="hero" limit="3" loading="lazy" sponsored api-key="${apiKey}"`)}
<p>The end of the page.</p></body></html>`
}

async function measureLayoutShift(): Promise<{ kept: number; collapsed: number }> {
  const db = join(mkdtempSync(join(tmpdir(), 'svc-bench-cls-')), 'svc.db')
  const server = await startServerProcess(['server/cli.ts', 'serve', '--port', '0', '--json', '--demo', '--db', db])
  const widgetUrl = `http://localhost:${server.ready.port}/widget/svc-ads.iife.js`
  const apiKey = String(server.ready.demo_api_key)
  const site = createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(partnerPage(widgetUrl, apiKey, !req.url?.includes('collapse')))
  })
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`
  const browser = await launchChromium()
  try {
    const shiftOf = async (path: string) => {
      const page = await browser.newPage({ viewport: { width: 1100, height: 900 } })
      page.on('console', () => {}) // the refused slot's one console message is expected
      await page.addInitScript(() => {
        const shifts: number[] = []
        ;(window as unknown as { __shifts: number[] }).__shifts = shifts
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput) shifts.push(entry.value)
          }
        }).observe({ type: 'layout-shift', buffered: true })
      })
      await page.goto(`${origin}${path}`, { waitUntil: 'networkidle' })
      // Rotation, then the lazy hero as it scrolls into view.
      await page.waitForTimeout(2500)
      await page.mouse.wheel(0, 4000)
      await page.waitForTimeout(1500)
      const shift = await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts.reduce((sum, value) => sum + value, 0))
      await page.close()
      return shift
    }
    return { kept: await shiftOf('/'), collapsed: await shiftOf('/collapse') }
  } finally {
    await browser.close()
    await new Promise((resolve) => site.close(resolve))
    await server.stop()
  }
}
