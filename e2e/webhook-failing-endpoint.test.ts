/**
 * @module A webhook endpoint failing until svc disables it, and its
 * recovery, as a developer lives it in Chromium with a short setting
 * (`SVC_WEBHOOK_DISABLE_AFTER=2s`): the partner's receiver is down, the
 * developer is mailed, the client's page shows the banner, and "Enable and
 * recover" sends what was held (oldest first; it may arrive out of order) with its original `webhook-id`.
 * Screenshots at 1280 and 375 px when `SVC_TEST_SCREENSHOTS` is set.
 */
import { mkdtempSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../server/db/open-database.js'
import { type SmtpReceiver, startSmtpReceiver } from '../server/testing/smtp-receiver.js'
import { type RunningBff, startBff, svcBff } from './bff-process.js'
import { lendChromium } from './chromium.js'
import { signInToConsole } from './console-sign-in.js'
import { keepScreenshot } from './screenshots.js'

describe('a failing webhook endpoint in the developer portal', () => {
  let bff: RunningBff
  let browser: Browser
  let smtp: SmtpReceiver
  let receiver: Server
  let receiverUrl: string
  let db: string
  const partner = { up: false, received: [] as { id: string; event: string }[] }

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      let body = ''
      req.on('data', (chunk) => (body += chunk))
      req.on('end', () => {
        if (!partner.up) return void res.writeHead(503).end()
        partner.received.push({ id: req.headers['webhook-id'] as string, event: (JSON.parse(body) as { event: string }).event })
        res.writeHead(200).end()
      })
    })
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`
    smtp = await startSmtpReceiver()
    db = join(mkdtempSync(join(tmpdir(), 'svc-failing-')), 'svc.db')
    bff = await startBff(['--demo', '--db', db], {
      SVC_WEBHOOK_ALLOW_PRIVATE: '1',
      SVC_WEBHOOK_DISABLE_AFTER: '2s',
      SVC_SMTP_URL: smtp.url,
      SVC_MAIL_FROM: 'svc <no-reply@svc.example>',
    })
    browser = await lendChromium()
  })

  afterAll(async () => {
    await browser?.close()
    await bff?.stop()
    await smtp?.close()
    receiver?.closeAllConnections()
    await new Promise((resolve) => receiver?.close(resolve))
  })

  it('is disabled after failing for the setting, mails its developer, shows a banner, and recovers what failed', { timeout: 90_000 }, async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage()
    await signInToConsole(page, bff.started.url, 'developer@demo.example')
    await page.getByRole('link', { name: 'Developers' }).click()
    await page.getByLabel('Name', { exact: true }).fill('Partner Shop')
    await page.getByLabel('Redirect URIs', { exact: true }).fill(`${receiverUrl}/callback`)
    await page.getByLabel('Webhook URL', { exact: true }).fill(`${receiverUrl}/hooks`)
    await page.getByRole('button', { name: 'Register' }).click()
    const shown = page.getByRole('status')
    await expect.poll(() => shown.textContent()).toContain('Client id')
    const clientId = (await shown.locator('dt:has-text("Client id") + dd').textContent())!.trim()

    // Two events 2.5 s apart to a receiver that is down: the second's failure finds the endpoint failing for the window.
    const database = await openDatabase({ sqlitePath: db })
    try {
      await svcBff('webhooks', 'ping', '--client', clientId, '--db', db)
      await expect.poll(async () => (await database.selectFrom('webhook_attempts').select('id').execute()).length, { timeout: 10_000 }).toBeGreaterThan(0)
      await new Promise((resolve) => setTimeout(resolve, 2500))
      await svcBff('webhooks', 'ping', '--client', clientId, '--db', db)
      await expect
        .poll(async () => (await database.selectFrom('webhook_endpoints').select('disabled_reason').executeTakeFirst())?.disabled_reason, { timeout: 15_000 })
        .toBe('failing')
      const held = await database.selectFrom('webhook_deliveries').select(['id', 'state']).orderBy('created_at').execute()
      expect(held.map((delivery) => delivery.state)).toEqual(['held', 'held'])

      // The developer who registered the client is told, once.
      await expect.poll(() => smtp.received.length, { timeout: 15_000 }).toBe(1)
      expect(smtp.received[0]!.to).toEqual(['developer@demo.example'])
      // Its headers unfolded, as a mail reader shows them.
      expect(smtp.received[0]!.raw.replace(/\r?\n[ \t]+/g, ' ')).toContain('Subject: Webhook endpoint of Partner Shop disabled after 2 seconds of failures')

      // The mail's link lands on the banner, at the top of the client's page, in view.
      const mail = smtp.received[0]!.raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
      const link = /https?:\/\/\S+\/console\/clients\/[^\s"<]+#failing-ep_[\w-]+/.exec(mail)![0]
      await page.goto(link)
      const banner = page.getByRole('status', { name: `Endpoint ${receiverUrl}/hooks disabled` })
      await expect.poll(() => banner.textContent()).toMatch(/was disabled on .* after\s+2 seconds of failed deliveries/)
      const bannerBox = (await banner.boundingBox())!
      expect(bannerBox.y).toBeGreaterThanOrEqual(0)
      expect(bannerBox.y + bannerBox.height).toBeLessThanOrEqual(900)
      expect(bannerBox.y).toBeLessThan((await page.getByRole('heading', { name: 'Registration' }).boundingBox())!.y)
      await keepScreenshot(page, 'failing-endpoint-banner-1280.png', { fullPage: true })
      await page.setViewportSize({ width: 375, height: 800 })
      // Nothing of the banner runs past a phone's width.
      expect(await banner.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).toBe(true)
      await keepScreenshot(page, 'failing-endpoint-banner-375.png', { fullPage: true })
      await keepScreenshot(banner, 'failing-endpoint-banner-375-close.png')

      // The partner fixes the receiver and recovers from the banner.
      partner.up = true
      await banner.getByRole('button', { name: 'Enable and recover…' }).click()
      const form = page.getByRole('form', { name: `Recover ${receiverUrl}/hooks` })
      const since = form.getByLabel('Recover everything that failed since')
      await expect.poll(() => since.evaluate((input) => input === (input.getRootNode() as ShadowRoot).activeElement)).toBe(true)
      expect(await since.inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/)
      await keepScreenshot(page, 'failing-endpoint-recover-375.png', { fullPage: true })
      await keepScreenshot(form, 'failing-endpoint-recover-375-close.png')
      await form.getByRole('button', { name: 'Enable and recover' }).click()
      // The outcome is in the endpoint's panel, in view, not in the page's status line far above.
      const outcome = page.getByRole('listitem', { name: `Endpoint ${receiverUrl}/hooks` }).locator('p.outcome[role=status]')
      await expect.poll(() => outcome.textContent()).toBe('Endpoint enabled. 2 deliveries queued again, oldest first.')
      const outcomeBox = (await outcome.boundingBox())!
      expect(outcomeBox.y).toBeGreaterThanOrEqual(0)
      expect(outcomeBox.y + outcomeBox.height).toBeLessThanOrEqual(800)
      await keepScreenshot(page, 'failing-endpoint-recovered-375.png')
      await expect.poll(() => partner.received.length, { timeout: 15_000 }).toBe(2)
      // Queued again oldest first, but sent side by side: they may arrive out of order, each with its webhook-id.
      const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id)
      expect([...partner.received].sort(byId)).toEqual(held.map((delivery) => ({ id: delivery.id, event: 'ping' })).sort(byId))
      await expect.poll(() => banner.count()).toBe(0)
      // A recovered delivery's failed first attempt promises nothing: only the last attempt says what is next (delivered: nothing).
      await page.getByRole('button', { name: 'Refresh' }).click()
      await page.getByRole('button', { name: new RegExp(`^Show the attempts of ping ${held[0]!.id}`) }).click()
      const firstAttempt = page.getByRole('region', { name: 'Attempt 1' })
      await expect.poll(() => firstAttempt.count()).toBe(1)
      await expect.poll(() => page.getByRole('region', { name: 'Attempt 2' }).count()).toBe(1)
      expect(await firstAttempt.textContent()).not.toContain('Next retry')
      expect(await page.getByRole('region', { name: 'Attempt 2' }).textContent()).not.toContain('Next retry')
      await page.setViewportSize({ width: 1280, height: 900 })
      await keepScreenshot(page, 'failing-endpoint-recovered-1280.png', { fullPage: true })
    } finally {
      await database.destroy()
    }
  })
})
