/**
 * @module The People page as an operator uses it in Chromium at 375 px:
 * search, change a role (the role form saved unchanged changes nothing,
 * one field changed changes exactly it), disable someone, whose sign-in
 * is then refused with the sentence, and enable them again, after which
 * they sign in; signing someone out everywhere asks first and ends
 * their console session; long and right-to-left names keep the page
 * inside the screen at 375 and 1280 px.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD } from '../server/demo/seed-demo.js'
import type { ConsolePeople } from '../shared/console-wire.js'
import { type RunningBff, startBff, svcBff } from './bff-process.js'
import { lendChromium } from './chromium.js'
import { signInToConsole } from './console-sign-in.js'
import { keepScreenshot } from './screenshots.js'

const LONG_ARABIC = 'ليلى عبد الرحمن بن عبد الله الطويلة الاسم جداً جداً'
const LONG_LATIN = 'Bartholomew Maximilian Featherstonehaugh-Cholmondeley-Wolfeschlegelsteinhausenbergerdorff'

describe('the People page in Chromium', () => {
  let bff: RunningBff
  let browser: Browser
  let db: string
  let base = ''
  let page: Page

  beforeAll(async () => {
    db = join(mkdtempSync(join(tmpdir(), 'svc-people-')), 'svc.db')
    bff = await startBff(['--demo', '--db', db])
    base = bff.started.url
    const [org] = (await svcBff('org', 'list', '--db', db)).organisations as unknown as { code: string }[]
    for (const [email, name] of [
      ['layla@demo.example', LONG_ARABIC],
      ['bart@demo.example', LONG_LATIN],
    ] as const)
      await svcBff('user', 'create', '--email', email, '--name', name, '--password', 'long enough', '--svc-app', org!.code, '--svc-role', 'marketer', '--db', db)
    browser = await lendChromium()
    page = await (await browser.newContext({ viewport: { width: 375, height: 800 } })).newPage()
    await signInToConsole(page, base, 'operator@demo.example', '/console/people')
  }, 60_000)

  afterAll(async () => {
    await browser?.close()
    await bff?.stop()
  })

  const people = async (query = '') =>
    (await (await page.request.get(`${base}/console/api/people${query}`)).json()) as ConsolePeople
  const rowOf = (email: string) => page.locator('tr', { hasText: email })
  /** Opens the row's actions unless they are open already (they stay open across a reload). */
  const manage = async (email: string) => {
    const details = rowOf(email).locator('details')
    await details.waitFor()
    if (!(await details.evaluate((element) => (element as HTMLDetailsElement).open))) await details.getByText('Manage').click()
    return rowOf(email)
  }
  const fitsTheScreen = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)

  /** The browser of {@link signInAs}: one for the file (a context costs Chromium a renderer or two), its cookies cleared before each sign-in. */
  let stranger: Page | undefined

  /** Signs in at svc's login page in a browser with no cookies, as a fresh one; what the page then says. */
  async function signInAs(email: string): Promise<string> {
    stranger ??= await (await browser.newContext()).newPage()
    await stranger.context().clearCookies()
    await stranger.goto(`${base}/login`)
    await stranger.getByLabel('Email').fill(email)
    await stranger.getByLabel('Password').fill(DEMO_PASSWORD)
    await stranger.getByRole('button', { name: 'Sign in', exact: true }).click()
    await stranger.waitForLoadState()
    return stranger.locator('body').innerText()
  }

  it('searches by name or e-mail, keeping the page inside 375 px with long and right-to-left names', { timeout: 60_000 }, async () => {
    await expect.poll(() => page.locator('tbody tr').count()).toBe(6)
    expect(await fitsTheScreen()).toBe(true)
    await keepScreenshot(page, 'console-people-375.png', { fullPage: true })
    await page.getByLabel('Search by name or e-mail').fill('ليلى')
    await page.getByRole('button', { name: 'Search' }).click()
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1)
    expect(await rowOf('layla@demo.example').locator('td[data-label="Name"]').textContent()).toContain(LONG_ARABIC)
    expect(page.url()).toContain('q=')
    await page.getByLabel('Search by name or e-mail').fill('MARKETER@')
    await page.getByRole('button', { name: 'Search' }).click()
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1)
    expect(await rowOf('marketer@demo.example').locator('td[data-label="State"]').textContent()).toBe('active')
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.getByLabel('Search by name or e-mail').fill('')
    await page.getByRole('button', { name: 'Search' }).click()
    await expect.poll(() => page.locator('tbody tr').count()).toBe(6)
    expect(await fitsTheScreen()).toBe(true)
    await keepScreenshot(page, 'console-people-1280.png', { fullPage: true })
    await page.setViewportSize({ width: 375, height: 800 })
  })

  it('saves the role form unchanged without a change, then exactly the role changed', { timeout: 60_000 }, async () => {
    const before = (await people('?q=marketer@demo.example')).people[0]!
    const row = await manage('marketer@demo.example')
    await row.getByRole('button', { name: 'Save role' }).click()
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Mary Marketer is now a marketer.')
    expect((await people('?q=marketer@demo.example')).people[0]).toEqual(before)

    await manage('marketer@demo.example')
    await row.getByLabel('Role', { exact: true }).selectOption('admin')
    await row.getByRole('button', { name: 'Save role' }).click()
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Mary Marketer is now an admin.')
    expect((await people('?q=marketer@demo.example')).people[0]).toEqual({ ...before, role: 'admin', organisation_role: 'admin' })
    await expect.poll(() => rowOf('marketer@demo.example').locator('td[data-label="Role"]').textContent()).toBe('admin')
  })

  it('disables someone, whose sign-in is refused with the sentence, and enables them again', { timeout: 60_000 }, async () => {
    const row = await manage('marketer@demo.example')
    await row.getByRole('button', { name: 'Disable' }).click()
    await expect
      .poll(() => page.getByRole('status').textContent())
      .toBe('Mary Marketer is disabled: they are signed out everywhere and cannot sign in until enabled.')
    await expect.poll(() => row.locator('td[data-label="State"]').textContent()).toBe('disabled')
    expect(await fitsTheScreen()).toBe(true)
    expect(await signInAs('marketer@demo.example')).toContain('This account has been disabled. Ask your administrator, or the person who runs svc, to enable it again.')

    await manage('marketer@demo.example')
    await row.getByRole('button', { name: 'Enable' }).click()
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Mary Marketer is enabled: they can sign in again.')
    expect(await signInAs('marketer@demo.example')).not.toContain('disabled')
    await expect.poll(() => row.locator('td[data-label="State"]').textContent()).toBe('active')
  })

  it('asks before removing, naming the person, and refuses nothing it offers', { timeout: 60_000 }, async () => {
    const row = await manage('bart@demo.example')
    await row.getByRole('button', { name: 'Remove…' }).click()
    const dialog = page.getByRole('dialog')
    expect(await dialog.textContent()).toContain(LONG_LATIN)
    await keepScreenshot(page, 'console-people-remove-375.png')
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    expect((await people('?q=bart@')).total).toBe(1)
    await manage('bart@demo.example')
    await row.getByRole('button', { name: 'Remove…' }).click()
    await page.getByRole('dialog').getByRole('button', { name: `Remove ${LONG_LATIN}` }).click()
    await expect.poll(async () => (await people('?q=bart@')).total).toBe(0)
    expect(await page.getByRole('alert').count()).toBe(0)
  })

  it('asks before signing someone out everywhere, then their console asks them to sign in', { timeout: 60_000 }, async () => {
    const theirs = await (await browser.newContext()).newPage()
    await signInToConsole(theirs, base, 'marketer@demo.example', '/console/account')
    const row = await manage('marketer@demo.example')
    const asked: string[] = []
    page.once('dialog', (dialog) => void (asked.push(dialog.message()), dialog.dismiss()))
    await row.getByRole('button', { name: 'Sign out everywhere' }).click()
    await expect.poll(() => asked).toEqual([expect.stringMatching(/^Sign Mary Marketer out everywhere\?/)])
    await theirs.reload()
    await expect.poll(() => theirs.getByRole('heading', { name: 'Your account', exact: true }).count()).toBe(1)

    page.once('dialog', (dialog) => void dialog.accept())
    await row.getByRole('button', { name: 'Sign out everywhere' }).click()
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Mary Marketer is signed out everywhere.')
    await theirs.reload()
    await expect.poll(() => theirs.getByLabel('Password').count()).toBe(1)
    await theirs.context().close()
  })
})
