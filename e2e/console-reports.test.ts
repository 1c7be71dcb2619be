/**
 * @module The console's Reports page in Chromium, in New York's time zone:
 * seeded counts show in the table bucketed into New York days, the chart is
 * drawn from uPlot's chunk (fetched on this page only), the CSV download
 * holds exactly the table's numbers, and the page fits 375 px.
 */
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addAdCounts } from '../server/ad-statistics/ad-statistics-repository.js'
import { listAds } from '../server/ads/ads-repository.js'
import { openDatabase } from '../server/db/open-database.js'
import { allOrganisations } from '../server/orgs/organisations.js'
import { type RunningBff, startBff } from './bff-process.js'
import { lendChromium } from './chromium.js'
import { signInToConsole } from './console-sign-in.js'

const REPORT = '/console/reports?from=2025-05-01&to=2025-05-03'

/** Where each label, control and button of the report's filters is, and how wide (in whole px). */
const filterBoxes = (page: Page) =>
  page.locator('svc-console-reports form.filters').evaluate((form) =>
    [...form.querySelectorAll('label, input, select, button')].map((element) => {
      const box = element.getBoundingClientRect()
      return `${element.localName} ${element.textContent?.trim() ?? ''} at ${Math.round(box.left)},${Math.round(box.top)} ${Math.round(box.width)} wide`
    }),
  )

describe('the console Reports page in Chromium', () => {
  let bff: RunningBff
  let browser: Browser
  let adCode = ''
  /**
   * The New York marketer's page the first test signs in on, which the
   * second narrows instead of opening a context and signing in again (a
   * context costs Chromium a renderer or two); run alone, it makes its own.
   */
  let newYorkMarketer: Page | undefined

  beforeAll(async () => {
    const dbPath = join(mkdtempSync(join(tmpdir(), 'svc-reports-')), 'svc.db')
    bff = await startBff(['--demo', '--db', dbPath])
    const db = await openDatabase({ sqlitePath: dbPath })
    try {
      const [demo] = await allOrganisations(db)
      const [ad] = await listAds(db, { organisationId: demo!.id })
      adCode = ad!.code
      const row = { organisation_id: demo!.id, ad_code: adCode, slot: 'home-slider-ads', clicks: 0 }
      await addAdCounts(db, [
        // 23:00 on 1 May in New York; 2 May in UTC.
        { ...row, hour: '2025-05-02T03:00:00.000Z', served: 3, viewable: 1, clicks: 1 },
        // 00:00 on 2 May in New York.
        { ...row, hour: '2025-05-02T04:00:00.000Z', served: 40, viewable: 30 },
        { ...row, hour: '2025-05-02T04:00:00.000Z', slot: 'donation-stories', served: 8, viewable: 0 },
      ])
    } finally {
      await db.destroy()
    }
    browser = await lendChromium()
  })

  afterAll(async () => {
    await browser?.close()
    await bff?.stop()
  })

  /** The table's cells, row by row, as shown. */
  const tableCells = (page: Page) =>
    page
      .locator('svc-console-reports table.stacked tbody tr, svc-console-reports table.stacked tfoot tr')
      .evaluateAll((rows) =>
        rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent!.replace(/\s+/g, ' ').trim())),
      )

  it('shows the counts by New York day, draws the chart, and downloads the table as CSV', { timeout: 90_000 }, async () => {
    const context = await browser.newContext({ timezoneId: 'America/New_York', acceptDownloads: true })
    const page = await context.newPage()
    newYorkMarketer = page
    const chunks: string[] = []
    // Nothing the console asks for is missing, not even a favicon.
    const missing: string[] = []
    page.on('response', (response) => void (response.status() === 404 && missing.push(response.url())))
    page.on('response', (response) => {
      if (/\/widget\/report-chart-[\w-]+\.js$/.test(response.url())) chunks.push(`${response.status()}`)
    })
    await signInToConsole(page, bff.started.url, 'marketer@demo.example', '/console/ads')
    await expect.poll(() => page.getByRole('row').count()).toBeGreaterThan(2)
    // uPlot is not fetched for the other pages.
    expect(chunks).toEqual([])

    await page.getByRole('link', { name: 'Marketing › Reports' }).click()
    await page.goto(`${bff.started.url}${REPORT}`)
    await expect
      .poll(() => tableCells(page))
      .toEqual([
        ['2025-05-01', '3', '1', '1', '33.3%', '33.3%'],
        ['2025-05-02', '48', '30', '0', '62.5%', '0.0%'],
        ['2025-05-03', '0', '0', '0', '—', '—'],
        ['Total', '51', '31', '1', '60.8%', '2.0%'],
      ])
    expect(await page.getByText('Days in your time zone, America/New_York.').isVisible()).toBe(true)
    expect(await page.getByLabel('From', { exact: true }).inputValue()).toBe('2025-05-01')

    // The chart: uPlot's canvas, drawn at the chart's width, from its own chunk.
    const canvas = page.locator('svc-console-reports .chart canvas')
    await expect.poll(() => canvas.count()).toBe(1)
    expect(await canvas.evaluate((element: HTMLCanvasElement) => element.width)).toBeGreaterThan(200)
    // Fetched for Reports, and fine; once for the click and once more for the address typed when the click's page got that far.
    expect(chunks.length).toBeGreaterThan(0)
    expect(chunks.filter((status) => status !== '200')).toEqual([])
    expect(missing).toEqual([])

    const csvOf = async () => {
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()])
      // saveAs, not path(): the run's Chromium is a browser server (e2e/chromium.global.ts), which hands a download over by copying it.
      const saved = join(mkdtempSync(join(tmpdir(), 'svc-reports-csv-')), download.suggestedFilename())
      await download.saveAs(saved)
      const file = readFileSync(saved, 'utf8')
      // UTF-8's byte-order mark first, so that Excel reads the titles' scripts right.
      expect(file.charCodeAt(0)).toBe(0xfeff)
      return file.slice(1)
    }
    // The table's last row is its total, the CSV's `total`.
    const asCsv = (header: string, cells: string[][]) =>
      [
        header,
        ...cells.map((row) => row.map((cell) => (cell === '—' ? '' : cell === 'Total' ? 'total' : cell.replace(/%$/, ''))).join(',')),
      ]
        .map((line) => `${line}\r\n`)
        .join('')
    expect(await csvOf()).toBe(asCsv('date,impressions,viewable,clicks,viewable_rate,ctr', await tableCells(page)))

    // Rows by slot, through the form: choosing it is enough.
    await page.getByLabel('Rows by', { exact: true }).selectOption('slot')
    await expect
      .poll(() => tableCells(page))
      .toEqual([
        ['Home Slider Ads home-slider-ads', '43', '31', '1', '72.1%', '2.3%'],
        ['Donation Stories donation-stories', '8', '0', '0', '0.0%', '0.0%'],
        ['Total', '51', '31', '1', '60.8%', '2.0%'],
      ])
    expect(new URL(page.url()).searchParams.get('by')).toBe('slot')
    // The CSV gives the slug and the name in columns of their own.
    const [slotHeader, ...slotLines] = (await csvOf()).split('\r\n')
    expect(slotHeader).toBe('slot,name,impressions,viewable,clicks,viewable_rate,ctr')
    expect(slotLines.slice(0, 2)).toEqual([
      'home-slider-ads,Home Slider Ads,43,31,1,72.1,2.3',
      'donation-stories,Donation Stories,8,0,0,0.0,0.0',
    ])

    // A rate stays on one line, also just above the width where the table becomes cards: "60.8%" does not break after its digits.
    await page.setViewportSize({ width: 660, height: 720 })
    const rateLines = await page.locator('svc-console-reports table.stacked td.number').evaluateAll((cells) =>
      cells.map((cell) => {
        const range = document.createRange()
        range.selectNodeContents(cell)
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size
      }),
    )
    expect(rateLines.every((lines) => lines === 1)).toBe(true)
    await page.setViewportSize({ width: 1280, height: 720 })
    // The totals count in words: one click, not "1 clicks".
    expect(await page.locator('svc-console-reports p.totals').textContent()).toMatch(/51 impressions,[\s\S]*, 1 click\.\s*$/)

    // A reversed range is refused in the page, beside its field, in the console's words, without asking the API.
    const asked: string[] = []
    page.on('request', (request) => void (request.url().includes('/console/api/reports') && asked.push(request.url())))
    const lineUp = await filterBoxes(page)
    await page.getByLabel('From', { exact: true }).fill('2025-05-09')
    await page.getByRole('button', { name: 'Show' }).click()
    await expect.poll(() => page.getByLabel('From', { exact: true }).getAttribute('aria-invalid')).toBe('true')
    // The message under "From" moves no label, field or button, and widens none.
    expect(await filterBoxes(page)).toEqual(lineUp)
    expect(await page.locator('svc-console-reports #from-error').textContent()).toContain(
      'Choose a first day on or before the last day, 2025-05-03.',
    )
    expect(await page.locator('svc-console-reports [role="alert"]').textContent()).toBe('Fix the date marked above.')
    // The last report's numbers are gone: under the error they would read as its answer.
    expect(await page.locator('svc-console-reports .chart, svc-console-reports p.totals, svc-console-reports table').count()).toBe(0)
    // Longer than a report covers: the last day is the one to change.
    await page.getByLabel('From', { exact: true }).fill('2024-01-01')
    await page.getByRole('button', { name: 'Show' }).click()
    await expect
      .poll(() => page.locator('svc-console-reports #to-error').textContent())
      .toContain('A report covers at most 366 days: choose a last day on or before 2024-12-31.')
    expect(await page.getByLabel('From', { exact: true }).getAttribute('aria-invalid')).not.toBe('true')
    expect(asked).toEqual([])
    // The same range typed into the address is refused the same way.
    await page.goto(`${bff.started.url}/console/reports?from=2025-05-09&to=2025-05-01`)
    await expect
      .poll(() => page.locator('svc-console-reports #from-error').textContent())
      .toContain('Choose a first day on or before the last day, 2025-05-01.')
    expect(asked).toEqual([])
  })

  it('fits a phone: at 375 px the table is stacked cards and nothing scrolls sideways', { timeout: 60_000 }, async () => {
    let page = newYorkMarketer
    if (page) {
      await page.setViewportSize({ width: 375, height: 800 })
      await page.goto(`${bff.started.url}${REPORT}&by=ad`)
    } else {
      page = await (await browser.newContext({ viewport: { width: 375, height: 800 }, timezoneId: 'America/New_York' })).newPage()
      await signInToConsole(page, bff.started.url, 'marketer@demo.example', `${REPORT}&by=ad`)
    }
    await expect.poll(async () => (await tableCells(page))[0]?.[1]).toBe('51')
    await expect.poll(() => page.locator('svc-console-reports .chart canvas').count()).toBe(1)
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0)
    const cell = page.locator('svc-console-reports table.stacked tbody td').first()
    expect(await cell.evaluate((td) => getComputedStyle(td).display)).toBe('block')
    expect(await cell.textContent()).toContain(adCode)
    const chartWidth = await page.locator('svc-console-reports .chart canvas').evaluate((canvas) => canvas.getBoundingClientRect().width)
    expect(chartWidth).toBeLessThanOrEqual(375)
    // The total is a card as wide as the rows', headed "Total" alone; the caption is one line across.
    const widths = await page
      .locator('svc-console-reports table.stacked tr')
      .evaluateAll((rows) => rows.filter((row) => row.closest('tbody, tfoot')).map((row) => Math.round(row.getBoundingClientRect().width)))
    expect(new Set(widths).size).toBe(1)
    const totalCell = page.locator('svc-console-reports table.stacked tfoot td').first()
    expect(await totalCell.evaluate((td) => getComputedStyle(td, '::before').content)).toBe('none')
    const caption = page.locator('svc-console-reports table.stacked caption')
    expect(await caption.evaluate((element) => element.getBoundingClientRect().height)).toBeLessThan(40)
    // A reversed range's message wraps under "From" at its width: the field and its label stay put, the page still fits.
    const fromBoxes = async () => (await filterBoxes(page)).filter((box) => /^(label From|input) /.test(box)).slice(0, 2)
    const from = await fromBoxes()
    await page.getByLabel('From', { exact: true }).fill('2099-01-01')
    await page.getByRole('button', { name: 'Show' }).click()
    await expect.poll(() => page.locator('svc-console-reports #from-error').count()).toBe(1)
    expect(await fromBoxes()).toEqual(from)
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0)
  })
})
