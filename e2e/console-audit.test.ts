/**
 * @module The console's Audit log page in Chromium: empty on a fresh
 * install with a sentence saying so; then changes made on the command
 * line and in the console, newest first, in the viewer's time zone, with
 * readable names (right-to-left ones too) and codes beside them; "Load
 * more", the filters, an organisation admin's narrower view, and 375 px.
 */
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir, userInfo } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { recordAuditEvent } from '../server/audit/audit-events.js'
import { openDatabase } from '../server/db/open-database.js'
import { allOrganisations } from '../server/orgs/organisations.js'
import { runCliOn } from '../server/testing/cli-runner.js'
import { type RunningBff, startBff } from './bff-process.js'
import { lendChromium } from './chromium.js'
import { sharedConsolePages, signInToConsole } from './console-sign-in.js'
import { keepScreenshot } from './screenshots.js'

const ARABIC_NAME = 'ليلى عبد الله'

describe('the console Audit log page in Chromium', () => {
  let bff: RunningBff
  let browser: Browser
  let dbPath = ''
  let organisation = ''
  /** The operator's signed-in page, in Tokyo's time zone, which the first test signs in on and the operator's later tests take on. */
  let operator: (path: string, viewport: { width: number; height: number }) => Promise<Page>

  beforeAll(async () => {
    dbPath = join(mkdtempSync(join(tmpdir(), 'svc-audit-')), 'svc.db')
    bff = await startBff(['--demo', '--db', dbPath])
    browser = await lendChromium()
    const pages = sharedConsolePages(browser, bff.started.url, { timezoneId: 'Asia/Tokyo' })
    operator = (path, viewport) => pages('operator@demo.example', path, viewport)
  })

  afterAll(async () => {
    await browser?.close()
    await bff?.stop()
  })

  /** The page's opening hint, its spaces as a reader sees them. */
  const hint = async (page: Page) => (await page.locator('svc-console-audit p.hint').textContent())!.replace(/\s+/g, ' ')

  /** The rows' cells as shown, top row first. */
  const rows = (page: Page) =>
    page
      .locator('svc-console-audit table tbody tr')
      .evaluateAll((trs) =>
        trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => (td as HTMLElement).innerText.replace(/\s+/g, ' ').trim())),
      )

  it('says nothing is recorded on a fresh install, then shows changes newest first, pages, and filters', { timeout: 120_000 }, async () => {
    const page = await operator('/console/audit', { width: 1280, height: 900 })
    await expect
      .poll(() => page.locator('svc-console-audit p.empty').textContent())
      .toContain(
        'Nothing has been recorded yet. Changes to people, organisations, API keys, clients, signing keys and webhooks appear here',
      )
    expect(await hint(page)).toContain('Times are in Asia/Tokyo.')

    const db = await openDatabase({ sqlitePath: dbPath })
    try {
      organisation = (await allOrganisations(db))[0]!.code
      for (let i = 0; i < 50; i++)
        await recordAuditEvent(db, { actor: { kind: 'system' }, action: 'webhook.pinged', target: { kind: 'client', code: `cli_${i}` } })
    } finally {
      await db.destroy()
    }
    const cli = (...argv: string[]) => runCliOn(dbPath, argv)
    await cli('user', 'create', '--email', 'layla@example.com', '--name', ARABIC_NAME, '--password', 'a long password')
    await cli('user', 'update', '--email', 'layla@example.com', '--role', 'marketer', '--org', organisation)
    // A change made in the console, by the signed-in operator.
    const created = await page.evaluate(async (org) => {
      const me = await (await fetch('/console/api/me')).json()
      const answer = await fetch('/console/api/keys', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': me.csrf },
        body: JSON.stringify({ organisation: org, origins: [], rate_limit: 60 }),
      })
      return answer.status
    }, organisation)
    expect(created).toBe(201)

    await page.reload()
    await expect.poll(async () => (await rows(page)).length).toBe(50)
    const [key, role, person] = await rows(page)
    expect(key![0]).toMatch(/GMT\+9/)
    expect(key![1]).toMatch(/^Otto Operator operator@demo\.example · ACC\w+$/)
    expect(key![2]).toMatch(/^Created API key svc_pk_[\w-]{4}… id \d+ api_key\.created$/)
    expect(key![3]).toBe(`Demo Publisher ${organisation}`)
    expect(role![1]).toBe(`Command line cli:${userInfo().username}`)
    expect(role![2]).toMatch(new RegExp(`^Changed the role of ${ARABIC_NAME} ACC\\w+ person\\.role_changed$`))
    expect(role![4]).toBe(`Roles: none → marketer Organisation: — → Demo Publisher (${organisation})`)
    expect(person![2]).toContain(`Created the account of ${ARABIC_NAME}`)

    await page.getByRole('button', { name: 'Load more' }).click()
    await expect.poll(async () => (await rows(page)).length).toBe(53)
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0)

    await page.getByLabel('Person').fill('layla@example.com')
    await page.getByRole('button', { name: 'Show' }).click()
    await expect
      .poll(async () => (await rows(page)).map((cells) => cells[2]!.split(' ').at(-1)))
      .toEqual(['person.role_changed', 'person.created'])
    expect(new URL(page.url()).searchParams.get('person')).toBe('layla@example.com')
    await page.getByLabel('Person').fill('')
    await page.getByLabel('What changed').selectOption({ label: 'API keys' })
    await page.getByRole('button', { name: 'Show' }).click()
    await expect.poll(async () => (await rows(page)).length).toBe(1)
    await page.getByLabel('Person').fill('nobody@example.com')
    await page.getByRole('button', { name: 'Show' }).click()
    await expect.poll(() => page.locator('svc-console-audit p.empty').textContent()).toContain('No changes match these filters.')
  })

  it("shows an organisation admin their organisation's events only, and a marketer no audit log", { timeout: 90_000 }, async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await signInToConsole(page, bff.started.url, 'admin@demo.example', '/console/audit')
    // The role given in Demo Publisher and its key; not the account's creation, outside any organisation.
    await expect
      .poll(async () => (await rows(page)).map((cells) => cells[2]!.split(' ').at(-1)))
      .toEqual(['api_key.created', 'person.role_changed'])
    expect(await page.getByLabel('Organisation').count()).toBe(0)
    expect(await hint(page)).toContain('You see the changes in Demo Publisher only.')
    // The filter offers the families of the events an admin can see, never signing keys, providers or setup.
    const choices = await page.getByLabel('What changed').locator('option').allTextContents()
    expect(choices.map((choice) => choice.trim())).toEqual(['Everything', 'People', 'API keys'])

    const marketer = await (await browser.newContext()).newPage()
    await signInToConsole(marketer, bff.started.url, 'marketer@demo.example', '/console/audit')
    await expect.poll(() => marketer.getByRole('heading', { level: 1 }).textContent()).toBe('No access')
    expect(await marketer.getByRole('link', { name: 'Audit log' }).count()).toBe(0)
    await context.close()
  })

  it('fits a phone: at 375 px each event is a card and nothing scrolls sideways', { timeout: 60_000 }, async () => {
    const page = await operator('/console/audit', { width: 375, height: 800 })
    await expect.poll(async () => (await rows(page)).length).toBe(50)
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0)
    const cell = page.locator('svc-console-audit table tbody td').first()
    expect(await cell.evaluate((td) => getComputedStyle(td).display)).toBe('block')
  })

  it(
    'names the management token that uploaded an image, and its address wraps: nothing scrolls sideways at 1280 or 375 px',
    { timeout: 90_000 },
    async () => {
      const db = await openDatabase({ sqlitePath: dbPath })
      const demo = await allOrganisations(db)
      await db.destroy()
      const made = JSON.parse(
        (
          await runCliOn(dbPath, [
            'token',
            'create',
            '--org',
            demo[0]!.code,
            '--scopes',
            'images:write',
            '--name',
            'Image uploader',
            '--json',
          ])
        ).stdout,
      )
      const uploaded = await fetch(`${bff.started.url}/api/v1/images`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${made.token}`, 'Content-Type': 'image/png' },
        body: readFileSync(new URL('../server/images/fixtures/two-colours.png', import.meta.url)),
      })
      expect(uploaded.status).toBe(201)
      for (const width of [1280, 375]) {
        const page = await operator('/console/audit?action=image.', { width, height: 800 })
        await expect.poll(async () => (await rows(page)).length).toBe(1)
        const [upload] = await rows(page)
        expect(upload!.join(' ')).toContain(`Image uploader Management API token · id ${made.id}`)
        expect(upload!.join(' ')).toMatch(/Uploaded image http:\/\/\S+\/images\/\S+/)
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true)
        await keepScreenshot(page, `svc-audit-image-upload-${width}.png`, { fullPage: true })
      }
    },
  )
  it(
    "shows a token's reads, named by the token, one row a minute however often it reads: nothing scrolls sideways at 1280 or 375 px",
    { timeout: 90_000 },
    async () => {
      const db = await openDatabase({ sqlitePath: dbPath })
      const demo = await allOrganisations(db)
      await db.destroy()
      const made = JSON.parse(
        (await runCliOn(dbPath, ['token', 'create', '--org', demo[0]!.code, '--scopes', 'webhooks:read', '--name', 'Partner sync', '--json']))
          .stdout,
      )
      for (let i = 0; i < 20; i++) {
        const read = await fetch(`${bff.started.url}/api/v1/webhook-endpoints/whe_cli_none`, { headers: { Authorization: `Bearer ${made.token}` } })
        expect(read.status).toBe(404)
      }
      for (const width of [1280, 375]) {
        const page = await operator('/console/audit?action=token.', { width, height: 800 })
        // Twenty reads in (at most) two clock minutes: one or two rows, never twenty.
        await expect.poll(async () => (await rows(page)).filter((cells) => cells.join(' ').includes('Called')).length).toBeGreaterThan(0)
        const reads = (await rows(page)).filter((cells) => cells.join(' ').includes('Called'))
        expect(reads.length).toBeLessThanOrEqual(2)
        expect(reads[0]!.join(' ')).toContain(`Partner sync Management API token · id ${made.id}`)
        expect(reads[0]!.join(' ')).toContain('Called the management API: GET /api/v1/webhook-endpoints/{id}')
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true)
        await keepScreenshot(page, `svc-audit-token-reads-${width}.png`, { fullPage: true })
      }
    },
  )
})
