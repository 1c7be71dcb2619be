/**
 * @module Benchmark of the partner-page scripts: the min+gzip size of `/sdk.js` and of
 * what each embed downloads (Lit included), and the cumulative layout
 * shift of the demo page measured in Debian's Chromium while the widgets
 * load, rotate and lazy-load. Budget: 20 KB gzip or less; CLS 0.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { launchChromium } from '../e2e/chromium.js'
import { startServerProcess } from './load.js'

const DIST = 'dist/widget'
const BUDGET_BYTES = 20 * 1024

/**
 * Runs the benchmark and prints its rows.
 *
 * @example
 * await benchWidget()
 */
export async function benchWidget(): Promise<void> {
  if (!existsSync(join(DIST, 'svc-ads.js'))) execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' })
  const size = (name: string) => {
    const bytes = readFileSync(join(DIST, name))
    return { min: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length }
  }
  // The ES module imports its other chunks (the fallback sanitiser) only in browsers without Element.setHTML.
  // The other builds' entries (the SDK, the console) share the folder and are no part of it.
  const otherEntries = new Set(['sdk.js', 'console.js'])
  const chunks = readdirSync(DIST).filter((name) => name.endsWith('.js') && !name.startsWith('svc-ads.') && !otherEntries.has(name))
  const es = size('svc-ads.js')
  const esWithFallback = chunks.map(size).reduce((sum, chunk) => ({ min: sum.min + chunk.min, gzip: sum.gzip + chunk.gzip }), es)
  const iife = size('svc-ads.iife.js')
  const row = (name: string, s: { min: number; gzip: number }) =>
    `  ${name.padEnd(46)} ${(s.min / 1024).toFixed(1).padStart(6)} KB min  ${(s.gzip / 1024).toFixed(1).padStart(5)} KB gzip  ${(s.gzip / BUDGET_BYTES).toFixed(2)} of budget (${s.gzip <= BUDGET_BYTES ? 'met' : 'MISSED'})`
  console.log('<svc-ads> size (Lit included; budget 20 KB gzip)')
  console.log(row('ES module, browsers with Element.setHTML', es))
  console.log(row('ES module + js-xss, browsers without it', esWithFallback))
  console.log(row('IIFE, one classic script with everything', iife))

  const sdk = size('sdk.js')
  console.log(
    `/sdk.js (<svc-signin>): ${(sdk.min / 1024).toFixed(1)} KB min, ${(sdk.gzip / 1024).toFixed(1)} KB gzip, ${(sdk.gzip / (10 * 1024)).toFixed(2)} of its 10 KB budget (${sdk.gzip <= 10 * 1024 ? 'met' : 'MISSED'}); Google Identity Services is about 80 KB`,
  )

  const cls = await measureLayoutShift()
  console.log(`  cumulative layout shift on the demo page in Chromium: ${cls.toFixed(4)} (budget 0: ${cls === 0 ? 'met' : 'MISSED'})`)
}

async function measureLayoutShift(): Promise<number> {
  const db = join(mkdtempSync(join(tmpdir(), 'svc-bench-cls-')), 'svc.db')
  const server = await startServerProcess(['server/cli.ts', 'serve', '--port', '0', '--json', '--demo', '--db', db])
  const browser = await launchChromium()
  try {
    const page = await browser.newPage({ viewport: { width: 1100, height: 900 } })
    await page.addInitScript(() => {
      const shifts: number[] = []
      ;(window as unknown as { __shifts: number[] }).__shifts = shifts
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) shifts.push(entry.value)
        }
      }).observe({ type: 'layout-shift', buffered: true })
    })
    await page.goto(`http://localhost:${server.ready.port}/`, { waitUntil: 'networkidle' })
    await page.waitForTimeout(1500)
    await page.mouse.wheel(0, 4000)
    await page.waitForTimeout(1500)
    return await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts.reduce((sum, value) => sum + value, 0))
  } finally {
    await browser.close()
    await server.stop()
  }
}
