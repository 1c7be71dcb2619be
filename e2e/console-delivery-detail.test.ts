/**
 * @module The webhook delivery detail in Chromium: Send test event to one
 * endpoint of a client, its outcome under the button, and the attempt's
 * request and answer (right-to-left, over 4 KB, an unbroken token) at
 * 1280 and 375 px, on a server allowed to deliver to loopback. The warning
 * beside an endpoint a production server refuses is tested on the strict
 * server of console-forms.test.ts.
 */
import { mkdtempSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningBff, startBff } from './bff-process.js'
import { lendChromium } from './chromium.js'
import { pageOverflows } from './page-overflow.js'
import { signInToConsole } from './console-sign-in.js'
import { keepScreenshot } from './screenshots.js'

/** What the receiver answers: right-to-left lines, an unbroken token far wider than a phone, and more than the 4 KB svc keeps. */
const ANSWER = `تم استلام الحدث بنجاح\n${'x'.repeat(300)}\n${'received; '.repeat(600)}`

describe('the delivery detail and Send test event in Chromium', () => {
  let bff: RunningBff
  let browser: Browser
  let receiver: Server
  let receiverUrl: string
  const received: string[] = []

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      let body = ''
      req.on('data', (chunk) => (body += chunk))
      req.on('end', () => {
        received.push(req.url ?? '')
        res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8', 'X-Receiver': 'shop' }).end(ANSWER)
      })
    })
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`
    const db = join(mkdtempSync(join(tmpdir(), 'svc-delivery-detail-')), 'svc.db')
    bff = await startBff(['--demo', '--db', db], { SVC_WEBHOOK_ALLOW_PRIVATE: '1' })
    browser = await lendChromium()
  })

  afterAll(async () => {
    await browser?.close()
    await bff?.stop()
    receiver?.closeAllConnections()
    await new Promise((resolve) => receiver?.close(resolve))
  })

  it('sends a test event to one endpoint, says how it went, and shows its request and answer at 1280 and 375 px', { timeout: 90_000 }, async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage()
    await signInToConsole(page, bff.started.url, 'developer@demo.example')
    await page.getByRole('link', { name: 'Developers' }).click()
    await page.getByLabel('Name', { exact: true }).fill('Detail Shop')
    await page.getByLabel('Redirect URIs', { exact: true }).fill(`${receiverUrl}/callback`)
    await page.getByLabel('Webhook URL', { exact: true }).fill(`${receiverUrl}/tested`)
    await page.getByRole('button', { name: 'Register' }).click()
    await expect.poll(() => page.getByRole('status').textContent()).toContain('Webhook secret')
    await page.getByRole('link', { name: 'Detail Shop' }).click()
    // A second endpoint, subscribed to one event only, hears nothing of the test.
    const add = page.getByRole('form', { name: 'Add endpoint' })
    await add.getByLabel('Endpoint URL').fill(`${receiverUrl}/other`)
    await add.getByLabel('All events, including ones added later').uncheck()
    await add.getByLabel('account.deleted').check()
    await add.getByRole('button', { name: 'Add endpoint' }).click()
    // The outcome is in the new endpoint's panel, beside its secret shown once, not at the top of the page.
    const added = page.getByRole('listitem', { name: `Endpoint ${receiverUrl}/other` })
    await expect.poll(() => added.locator('p.outcome[role=status]').textContent()).toBe('Endpoint added.')
    expect(await added.getByRole('status').filter({ hasText: 'Signing secret of the new endpoint' }).count()).toBe(1)

    const tested = page.getByRole('listitem', { name: `Endpoint ${receiverUrl}/tested` })
    const send = page.getByRole('button', { name: `Send a test event to ${receiverUrl}/tested` })
    await send.click()
    const notice = tested.locator('p.outcome[role=status]')
    await expect
      .poll(() => notice.textContent(), { timeout: 20_000 })
      .toMatch(new RegExp(`^Test event delivered to ${receiverUrl}/tested: answered 200 in \\d+ ms\\.$`))
    expect(received).toEqual(['/tested'])
    // Right under the button pressed, where the person is looking.
    const [buttonBox, noticeBox] = [(await send.boundingBox())!, (await notice.boundingBox())!]
    expect(noticeBox.y - (buttonBox.y + buttonBox.height)).toBeLessThan(100)
    expect(noticeBox.y).toBeGreaterThan(buttonBox.y)

    await page.getByRole('button', { name: /^Show the attempts of ping / }).click()
    const attempt = page.getByRole('region', { name: 'Attempt 1' })
    await expect.poll(() => attempt.count()).toBe(1)
    const requestHeaders = (await attempt.getByLabel('Request headers').textContent())!
    expect(requestHeaders).toContain('X-SVC-Event: ping')
    expect(requestHeaders).toMatch(/X-SVC-Signature: t=\d+,v1=[0-9a-f]{64}/)
    expect(requestHeaders).toMatch(/webhook-signature: v1,/)
    // Pretty JSON: one field a line.
    expect(await attempt.getByLabel('Request body').textContent()).toMatch(/^\{\n {2}"id": "evt_[0-9a-f]{32}",\n {2}"event": "ping",/)
    expect(await attempt.getByLabel('Response headers').textContent()).toContain('X-Receiver: shop')
    const answer = (await attempt.getByLabel('Response body').textContent())!
    expect(answer.startsWith('تم استلام الحدث بنجاح')).toBe(true)
    expect(new TextEncoder().encode(answer).length).toBe(4096)
    expect(await attempt.textContent()).toContain('Truncated: only the first 4 KB of the answer are kept.')
    // Delivered: nothing comes next, so no "Next retry".
    expect(await attempt.textContent()).not.toContain('Next retry')
    expect(await pageOverflows(page)).toBe(false)
    await keepScreenshot(page, 'delivery-detail-1280.png', { fullPage: true })
    await keepScreenshot(page.locator('tr.delivery').first(), 'delivery-row-1280.png')
    await keepScreenshot(attempt, 'delivery-attempt-1280.png')

    await page.setViewportSize({ width: 375, height: 800 })
    await expect.poll(() => pageOverflows(page)).toBe(false)
    // The body scrolls in its own box, not the page.
    const box = await attempt.getByLabel('Response body').boundingBox()
    expect(box!.x + box!.width).toBeLessThanOrEqual(375)
    await attempt.scrollIntoViewIfNeeded()
    await keepScreenshot(page, 'delivery-detail-375.png', { fullPage: true })
    await keepScreenshot(attempt, 'delivery-attempt-375.png')
  })
})
