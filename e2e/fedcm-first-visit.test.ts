/**
 * @module E2E in Chromium of `<svc-signin>` for a visitor with an account
 * at svc but no session there (a fresh database, a fresh browser context):
 * FedCM's active mode opens svc's login in the browser's popup, a
 * dismissal is respected, and where FedCM cannot run the code flow takes
 * over in a popup, or the whole page when popups are blocked.
 */
import { mkdtempSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort, type RunningBff, startBff, svcBff } from './bff-process.js'
import { launchChromium, lendChromium } from './chromium.js'
import { failed, fedcmDialogs, redeemedCode, signedIn, verifiedClaims, windowValue } from './fedcm-browser.js'

describe('<svc-signin> for a visitor signed out of svc', () => {
  let bff: RunningBff
  let browser: Browser
  let rp: Server
  let rpOrigin: string
  // A third site that frames the partner's page without allowing it FedCM.
  let framingOrigin: string
  let idp: string
  let clientId: string

  beforeAll(async () => {
    rp = createServer((req, res) => {
      const url = new URL(req.url!, 'http://x')
      if (url.pathname === '/framing') {
        res
          .writeHead(200, { 'Content-Type': 'text/html' })
          .end(`<!doctype html><iframe src="${rpOrigin}/button" width="400" height="80"></iframe>`)
        return
      }
      const codeFlow = url.searchParams.has('code') ? 'response-type="code"' : ''
      // Signing in from a load handler, without a click, is what popup blockers stop.
      const onLoad =
        url.pathname === '/button-on-load'
          ? `if (!sessionStorage.started) { sessionStorage.started = 1; addEventListener('load', () => document.querySelector('svc-signin').signIn()) }`
          : ''
      res.writeHead(200, { 'Content-Type': 'text/html' }).end(`<!doctype html><html><head><script src="${idp}/sdk.js"></script></head><body>
        <svc-signin client-id="${clientId}" nonce="nonce-first-1" ${codeFlow}></svc-signin>
        <script>
          document.addEventListener('svc-signin', (event) => { window.signedIn = event.detail })
          document.addEventListener('svc-signin-error', (event) => { window.failed = event.detail })
          ${onLoad}
        </script></body></html>`)
    })
    await new Promise<void>((resolve) => rp.listen(0, '127.0.0.1', resolve))
    const rpPort = (rp.address() as AddressInfo).port
    rpOrigin = `http://127.0.0.1:${rpPort}`
    framingOrigin = `http://[::1]:${rpPort}`
    await new Promise<void>((resolve, reject) => {
      const framing = createServer(rp.listeners('request')[0] as never)
      framing.on('error', reject)
      framing.listen(rpPort, '::1', () => {
        rp.on('close', () => framing.close())
        resolve()
      })
    })

    const db = join(mkdtempSync(join(tmpdir(), 'svc-fedcm-first-')), 'svc.db')
    await svcBff('user', 'create', '--email', 'ada@example.com', '--name', 'Ada Lovelace', '--password', 'analytical engine', '--db', db)
    const client = await svcBff(
      'client',
      'create',
      '--name',
      'Partner',
      // Public: the code-flow fallback redeems the code in the page.
      '--public',
      '--redirect-uri',
      `${rpOrigin}/callback`,
      // The page the full-page fallback returns to.
      '--redirect-uri',
      `${rpOrigin}/button-on-load`,
      '--db',
      db,
    )
    clientId = client.client_id!
    const port = await freePort()
    idp = `http://localhost:${port}`
    bff = await startBff(['--db', db, '--port', String(port), '--issuer', idp])
    browser = await lendChromium('browser')
  })

  afterAll(async () => {
    await browser?.close()
    await bff?.stop()
    await new Promise((resolve) => rp?.close(resolve))
  })

  it("opens svc's login in the browser's popup, then hands the page an id_token with the nonce", { timeout: 60_000 }, async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${rpOrigin}/button`)
    const dialogs = await fedcmDialogs(context, page, 'choose')
    const login = await clickAndSignInInPopup(context, page)
    const detail = await signedIn(page)
    expect(login.isClosed()).toBe(true)
    expect(detail.select_by).toBe('fedcm')
    expect((await verifiedClaims(detail.credential!, idp, clientId)).nonce).toBe('nonce-first-1')
    expect(dialogs).toEqual(['AccountChooser'])
    await context.close()
  })

  it('hands the backend a code when the button asks for the code flow', { timeout: 60_000 }, async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${rpOrigin}/button?code`)
    await fedcmDialogs(context, page, 'choose')
    await clickAndSignInInPopup(context, page)
    const detail = await signedIn(page)
    expect(detail).toMatchObject({ select_by: 'fedcm', redirect_uri: `${idp}/oidc/sdk/callback` })
    const tokens = await redeemedCode(idp, detail, clientId)
    expect((await verifiedClaims(tokens.id_token, idp, clientId)).nonce).toBe('nonce-first-1')
    await context.close()
  })

  it(
    'respects the visitor closing the login popup: a dismissed event, no other popup, the button ready again',
    { timeout: 60_000 },
    async () => {
      const context = await browser.newContext()
      const page = await context.newPage()
      await page.goto(`${rpOrigin}/button`)
      await fedcmDialogs(context, page, 'choose')
      const opened = context.waitForEvent('page')
      await page.getByRole('button', { name: 'Sign in with svc' }).click()
      await (await opened).close()
      expect(await failed(page)).toEqual({ reason: 'dismissed' })
      await page.waitForTimeout(1000)
      expect(context.pages()).toEqual([page])
      expect(await page.getByRole('button', { name: 'Sign in with svc' }).getAttribute('aria-busy')).toBeNull()
      await context.close()
    },
  )

  it('respects the visitor closing the account chooser: a dismissed event and no popup', { timeout: 60_000 }, async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await clickAndSignInInPopup(context, page, `${idp}/login`)
    await page.goto(`${rpOrigin}/button`)
    const dialogs = await fedcmDialogs(context, page, 'dismiss')
    await page.getByRole('button', { name: 'Sign in with svc' }).click()
    expect(await failed(page)).toEqual({ reason: 'dismissed' })
    expect(dialogs).toEqual(['AccountChooser'])
    await page.waitForTimeout(1000)
    expect(context.pages()).toEqual([page])
    await context.close()
  })

  it('falls back to the code flow in a popup, within the same click, where the page may not use FedCM', { timeout: 60_000 }, async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    // Framed by another site that does not delegate FedCM (`allow="identity-credentials-get"`).
    await page.goto(`${framingOrigin}/framing`)
    const frame = page.frameLocator('iframe')
    await clickAndSignInInPopup(context, frame.locator('body'), undefined, true)
    const partner = page.frames()[1]!
    const detail = await windowValue<Record<string, string>>(partner, 'signedIn')
    expect(detail.select_by).toBe('popup')
    expect((await verifiedClaims(detail.credential!, idp, clientId)).nonce).toBe('nonce-first-1')
    await context.close()
  })

  it('leaves the page for svc when a sign-in without a click would have its popup blocked', { timeout: 60_000 }, async () => {
    const strict = await launchChromium([], { blockPopups: true })
    try {
      const page = await (await strict.newContext()).newPage()
      await page.goto(`${rpOrigin}/button-on-load`)
      await page.waitForURL(`${idp}/oidc/authorize?**`)
      await page.getByLabel('Email').fill('ada@example.com')
      await page.getByLabel('Password').fill('analytical engine')
      await page.getByRole('button', { name: 'Sign in', exact: true }).click()
      const returned = page.waitForURL(`${rpOrigin}/button-on-load`)
      await Promise.race([
        page
          .getByRole('button', { name: 'Allow' })
          .click()
          .catch(() => {}),
        returned,
      ])
      await returned
      const detail = await signedIn(page)
      expect(detail.select_by).toBe('redirect')
      expect((await verifiedClaims(detail.credential!, idp, clientId)).nonce).toBe('nonce-first-1')
    } finally {
      await strict.close()
    }
  })
})

/**
 * Clicks "Sign in with svc" (in `where`, a page or a frame's body) and signs
 * in as Ada in the popup that opens; a popup of the code flow also asks for
 * consent. With `at`, signs in on that page instead of clicking.
 */
async function clickAndSignInInPopup(
  context: BrowserContext,
  where: Page | ReturnType<Page['locator']>,
  at?: string,
  consent = false,
): Promise<Page> {
  let popup: Page
  if (at) {
    popup = where as Page
    await popup.goto(at)
  } else {
    const opened = context.waitForEvent('page')
    await where.getByRole('button', { name: 'Sign in with svc' }).click()
    popup = await opened
  }
  await popup.getByLabel('Email').fill('ada@example.com')
  await popup.getByLabel('Password').fill('analytical engine')
  await popup.getByRole('button', { name: 'Sign in', exact: true }).click()
  // Consent may be remembered from an earlier sign-in, and then the popup closes at once.
  if (consent)
    await Promise.race([
      popup
        .getByRole('button', { name: 'Allow' })
        .click()
        .catch(() => {}),
      popup.waitForEvent('close'),
    ])
  return popup
}
