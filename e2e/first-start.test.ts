/**
 * @module A new self-hoster's first start, across processes: `svc-bff
 * serve` on a fresh data folder prints the one-time setup link on the
 * terminal and in its log; in Chromium at 375 px the link's page makes
 * the first operator and says their account is ready, "Open the console"
 * leads to the console's sign-in, the operator signs in, and the link is
 * dead afterwards. One server start.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningBff, startBff } from './bff-process.js'
import { lendChromium } from './chromium.js'
import { keepScreenshot } from './screenshots.js'

const LINK = /http:\/\/localhost:\d+\/setup\?token=[A-Za-z0-9_-]{43}/g

describe('the first start of svc-bff serve on a fresh data folder', () => {
  let bff: RunningBff
  let browser: Browser | undefined
  let link = ''

  beforeAll(async () => {
    bff = await startBff(['--db', join(mkdtempSync(join(tmpdir(), 'svc-first-start-')), 'svc.db')])
  })

  afterAll(async () => {
    await browser?.close()
    await bff?.stop()
  })

  it('answers / with where to start, not the demo partner page', async () => {
    const page = await (await fetch(`${bff.origin}/`)).text()
    expect(page).toContain('<h1>svc is running</h1>')
    expect(page).toContain('<a href="/console">the console</a>')
    expect(page).not.toContain('demo partner page')
  })

  it('prints the setup link as a sentence on the terminal and as svc.setup_link in the log, and nowhere else', async () => {
    await expect.poll(() => bff.stderr()).toContain('"event":"svc.setup_link"')
    const lines = bff.stderr().split('\n')
    const sentence = lines.find((line) => line.startsWith('svc has no operator yet.'))!
    expect(sentence).toMatch(
      /^svc has no operator yet\. To create the first one, open this link in a browser: http:\/\/localhost:\d+\/setup\?token=/,
    )
    link = sentence.match(LINK)![0]
    const logged = lines.filter((line) => line.includes('"event":"svc.setup_link"')).map((line) => JSON.parse(line))
    expect(logged).toEqual([expect.objectContaining({ level: 'info', link })])
    expect(link.startsWith(`${bff.started.url}/setup?token=`)).toBe(true)
    // The sentence and the log line, and not the `--json` result on stdout.
    expect(bff.stderr().split(new URL(link).searchParams.get('token')!)).toHaveLength(3)
    expect(JSON.stringify(bff.started)).not.toContain('token')
  })

  it(
    'in Chromium at 375 px: the link makes the operator and says so, the console asks them to sign in, they do, and the link is dead',
    { timeout: 120_000 },
    async () => {
      expect(link).not.toBe('')
      browser = await lendChromium()
      const page = await (await browser.newContext({ viewport: { width: 375, height: 740 } })).newPage()
      await page.goto(link)
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Create the first operator')
      const name = 'نور الهدى بنت عبد الرحمن آل سعود المشرفة على التشغيل'
      await page.getByLabel('Name').fill(name)
      await page.getByLabel('Email').fill('noor@example.com')
      await page.getByLabel('Password').fill('short')
      await page.getByRole('button', { name: 'Create operator' }).click()
      // Refused beside the field, with what was typed kept.
      await expect.poll(() => page.locator('#password-error').textContent()).toContain('Use at least 12 characters')
      expect(await page.getByLabel('Name').inputValue()).toBe(name)
      expect(await page.getByLabel('Email').inputValue()).toBe('noor@example.com')
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
      await keepScreenshot(page, 'svc-first-start-375.png', { fullPage: true })

      await page.getByLabel('Password').fill('violet kettle harbour lamp')
      await page.getByRole('button', { name: 'Create operator' }).click()
      // Said in so many words, with the way on.
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Your operator account is ready')
      expect(await page.getByRole('status').textContent()).toContain(`${name} (noor@example.com) is the first operator of svc.`)
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
      await keepScreenshot(page, 'svc-first-start-ready-375.png', { fullPage: true })
      await page.getByRole('button', { name: 'Open the console' }).click()
      // The console sends a visitor who is not signed in to svc's sign-in page.
      await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor()
      await page.getByLabel('Email').fill('noor@example.com')
      await page.getByLabel('Password').fill('violet kettle harbour lamp')
      await page.getByRole('button', { name: 'Sign in', exact: true }).click()
      await page.waitForURL(`${bff.started.url}/console`)
      await expect.poll(() => page.locator('header .who bdi').textContent()).toBe(name)
      await keepScreenshot(page, 'svc-first-start-console-375.png', { fullPage: true })

      const again = await page.goto(link)
      expect(again!.status()).toBe(410)
      expect(await page.getByRole('status').textContent()).toContain('This setup link has been used or has expired.')
      await keepScreenshot(page, 'svc-first-start-dead-375.png', { fullPage: true })
    },
  )
})
