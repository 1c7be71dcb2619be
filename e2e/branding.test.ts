import { mkdtempSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type SmtpReceiver, startSmtpReceiver } from '../server/testing/smtp-receiver.js'
import { freePort, type RunningBff, startBff, svcBff } from './bff-process.js'
import { lendChromium } from './chromium.js'

const LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><rect width="64" height="64" fill="#8250df"/></svg>'

describe('serve with SVC_BRAND_* settings, in Chromium', () => {
  let bff: RunningBff
  let smtp: SmtpReceiver
  let browser: Browser
  let site: Server
  let partner: string
  let logoUrl: string
  let clientId: string
  /** `Sec-Fetch-Dest` of each request for the logo: `image` from pages, `webidentity` from the FedCM dialog. */
  const logoRequests: string[] = []

  beforeAll(async () => {
    smtp = await startSmtpReceiver()
    // One server plays the operator's logo host and the partner page (another site than the identity provider's localhost).
    site = createServer((req, res) => {
      if (req.url === '/logo.svg') {
        logoRequests.push(String(req.headers['sec-fetch-dest']))
        return void res.writeHead(200, { 'Content-Type': 'image/svg+xml' }).end(LOGO_SVG)
      }
      res.writeHead(200, { 'Content-Type': 'text/html' }).end(`<!doctype html><html><body><p>Partner</p><script>
        window.signIn = (configURL, clientId) =>
          navigator.credentials.get({ identity: { providers: [{ configURL, clientId, params: { nonce: 'n-1' } }] } }).then((c) => c.token)
      </script></body></html>`)
    })
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve))
    const sitePort = (site.address() as AddressInfo).port
    partner = `http://127.0.0.1:${sitePort}`
    logoUrl = `http://localhost:${sitePort}/logo.svg`

    const db = join(mkdtempSync(join(tmpdir(), 'svc-branding-')), 'svc.db')
    await svcBff('user', 'create', '--email', 'ada@example.com', '--name', 'Ada Lovelace', '--password', 'analytical engine', '--db', db)
    clientId = (await svcBff('client', 'create', '--name', 'Partner', '--redirect-uri', `${partner}/callback`, '--db', db)).client_id!
    const port = await freePort()
    bff = await startBff(['--db', db, '--port', String(port), '--issuer', `http://localhost:${port}`], {
      SVC_BRAND_NAME: 'Acme ID',
      SVC_BRAND_COLOR: '#8250df',
      SVC_BRAND_LOGO_URL: logoUrl,
      SVC_SMTP_URL: smtp.url,
    })
    browser = await lendChromium()
  })

  afterAll(async () => {
    await browser?.close()
    await bff?.stop()
    await smtp?.close()
    site?.closeAllConnections()
    await new Promise((resolve) => site?.close(resolve))
  })

  it('shows the login page with the product name, its logo and its colour', async () => {
    const page = await (await browser.newContext()).newPage()
    await page.goto(`${bff.started.url}/login`)
    expect(await page.title()).toBe('Sign in · Acme ID')
    const logo = page.getByRole('img', { name: 'Acme ID' })
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(64)
    const heading = page.getByRole('heading', { level: 1 })
    expect(await heading.textContent()).toBe('Sign in to Acme ID')
    // The logo sits above the heading.
    expect((await logo.boundingBox())!.y).toBeLessThan((await heading.boundingBox())!.y)
    const button = page.getByRole('button', { name: 'Sign in', exact: true })
    expect(await button.evaluate((el) => [getComputedStyle(el).backgroundColor, getComputedStyle(el).color])).toEqual([
      'rgb(130, 80, 223)',
      'rgb(255, 255, 255)',
    ])
    await page.context().close()
  })

  it('mails a sign-up in the product name, through the SMTP server', async () => {
    const page = await (await browser.newContext()).newPage()
    await page.goto(`${bff.started.url}/signup`)
    await page.getByLabel('Name').fill('Grace Hopper')
    await page.getByLabel('Email').fill('grace@example.com')
    await page.getByLabel('Password').fill('violet kettle harbour lamp')
    await page.getByRole('button', { name: 'Create account' }).click()
    await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor()
    await expect.poll(() => smtp.received.length, { timeout: 15_000 }).toBe(1)
    const raw = smtp.received[0]!.raw.replace(/=\r?\n/g, '')
    expect(raw).toMatch(/^Subject: Confirm your e-mail address for Acme ID\r?$/m)
    expect(raw).toContain('To finish creating your Acme ID account')
    expect(raw).toContain(logoUrl)
    await page.context().close()
  })

  it("signs in through the browser's FedCM dialog with the branded config", async () => {
    const config = await (await fetch(`${bff.started.url}/fedcm.json`)).json()
    expect(config.branding).toEqual({ background_color: '#8250df', color: '#ffffff', name: 'Acme ID', icons: [{ url: logoUrl }] })
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${bff.started.url}/login`)
    await page.getByLabel('Email').fill('ada@example.com')
    await page.getByLabel('Password').fill('analytical engine')
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await page.getByText('You are signed in').waitFor()
    await page.goto(`${partner}/`)
    const cdp = await context.newCDPSession(page)
    await cdp.send('FedCm.enable' as never, { disableRejectionDelay: true } as never)
    cdp.on(
      'FedCm.dialogShown' as never,
      ((event: { dialogId: string }) =>
        void cdp.send('FedCm.selectAccount' as never, { dialogId: event.dialogId, accountIndex: 0 } as never)) as never,
    )
    const token = await page.evaluate(([config, id]) => (window as never as { signIn: Function }).signIn(config, id), [
      `${bff.started.url}/fedcm.json`,
      clientId,
    ] as const)
    expect(String(token).split('.')).toHaveLength(3)
    // The dialog fetched the operator's logo as its icon.
    expect(logoRequests).toContain('webidentity')
    await context.close()
  })
})
