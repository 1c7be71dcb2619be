import { mkdtempSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort, type RunningBff, startBff, svcBff } from './bff-process.js'
import { launchChromium, lendChromium } from './chromium.js'
import { fedcmDialogs, redeemedCode, verifiedClaims, windowValue } from './fedcm-browser.js'

describe('FedCM sign-in in Chromium (the identity provider side)', () => {
  let bff: RunningBff
  let browser: Browser
  let rp: Server
  let rpOrigin: string
  let idp: string
  let clientId: string
  let clientSecret: string
  let publicClientId: string
  // The check_session iframe reads svc's cookie, which Chromium withholds from
  // third-party frames; a relying party on the same site (localhost) shows
  // the protocol working.
  let sameSiteRp: string
  /**
   * A Chromium without FedCM, for the fallbacks (a browser that has none,
   * as Firefox and Safari): Debian's headless shell with FedCM turned off,
   * launched by the first test that needs one and shared by the two that
   * do, each in a context of its own: neither uses the whole browser's own
   * features (their popup is the page's `window.open`), whose contexts cost
   * several times the shell's CPU.
   */
  let withoutFedcmBrowser: Promise<Browser> | undefined
  const withoutFedcm = () => (withoutFedcmBrowser ??= launchChromium(['--disable-features=FedCm'], { kind: 'shell' }))
  /** The worker's headless shell, for the tests of svc's frames that use no FedCM. */
  let shell: Browser

  beforeAll(async () => {
    rp = createServer((req, res) => {
      if (['/with-sdk', '/with-sdk-public', '/with-sdk-on-load', '/with-sdk-code'].includes(req.url!)) {
        const id = req.url === '/with-sdk' || req.url === '/with-sdk-code' ? clientId : publicClientId
        const codeFlow = req.url === '/with-sdk-code' ? 'response-type="code"' : ''
        // Signing in from a load handler, without a click, is what popup blockers stop.
        const onLoad =
          req.url === '/with-sdk-on-load'
            ? `if (!sessionStorage.started) { sessionStorage.started = 1; addEventListener('load', () => document.querySelector('svc-signin').signIn()) }`
            : ''
        res.writeHead(200, { 'Content-Type': 'text/html' })
          .end(`<!doctype html><html><head><script src="${idp}/sdk.js"></script></head><body>
          <svc-signin client-id="${id}" nonce="nonce-sdk-1" theme="filled_blue" ${codeFlow}></svc-signin>
          <script>document.addEventListener('svc-signin', (event) => { window.credential = event.detail.credential; window.selectBy = event.detail.select_by; window.signedIn = event.detail }); ${onLoad}</script></body></html>`)
        return
      }
      res.writeHead(200, { 'Content-Type': 'text/html' }).end(`<!doctype html><html><body><p>Partner</p><script>
        window.signIn = (configURL, clientId, nonce) =>
          navigator.credentials.get({ identity: { providers: [{ configURL, clientId, params: { nonce } }] } }).then((credential) => credential.token)
      </script></body></html>`)
    })
    await new Promise<void>((resolve) => rp.listen(0, '127.0.0.1', resolve))
    rpOrigin = `http://127.0.0.1:${(rp.address() as AddressInfo).port}`

    const db = join(mkdtempSync(join(tmpdir(), 'svc-fedcm-')), 'svc.db')
    await svcBff('user', 'create', '--email', 'ada@example.com', '--name', 'Ada Lovelace', '--password', 'analytical engine', '--db', db)
    sameSiteRp = rpOrigin.replace('127.0.0.1', 'localhost')
    const confidential = await svcBff(
      'client',
      'create',
      '--name',
      'Partner',
      '--redirect-uri',
      `${rpOrigin}/callback`,
      '--redirect-uri',
      `${sameSiteRp}/callback`,
      '--db',
      db,
    )
    clientId = confidential.client_id!
    clientSecret = confidential.client_secret!
    publicClientId = // The page with the button is registered too, for the full-page fallback to return to.
      (
        await svcBff(
          'client',
          'create',
          '--name',
          'Partner App',
          '--public',
          '--redirect-uri',
          `${rpOrigin}/callback`,
          '--redirect-uri',
          `${rpOrigin}/with-sdk-on-load`,
          '--db',
          db,
        )
      ).client_id!
    // The identity provider and the partner must be two sites: localhost and 127.0.0.1.
    const port = await freePort()
    idp = `http://localhost:${port}`
    bff = await startBff(['--db', db, '--port', String(port), '--issuer', idp])
    browser = await lendChromium('browser')
    shell = await lendChromium()
  })

  afterAll(async () => {
    await browser?.close()
    await shell?.close()
    await (await withoutFedcmBrowser)?.close()
    await bff?.stop()
    await new Promise((resolve) => rp?.close(resolve))
  })

  /** Signs in at svc in a new context, then with the partner page's `<svc-signin>` through the FedCM dialog. */
  async function signInWithSdkButton(): Promise<{ context: BrowserContext; page: Page; credential: string }> {
    const context = await browser.newContext()
    const page = await context.newPage()
    await signInAtSvc(page, idp)
    await page.goto(`${rpOrigin}/with-sdk`)
    await fedcmDialogs(context, page, 'choose')
    await page.getByRole('button', { name: 'Sign in with svc' }).click()
    const credential = String(await windowValue(page, 'credential'))
    return { context, page, credential }
  }

  it('signs in with one click through the browser dialog and returns a verifiable id_token', { timeout: 60_000 }, async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await signInAtSvc(page, idp)

    await page.goto(rpOrigin)
    const cdp = await context.newCDPSession(page)
    await cdp.send('FedCm.enable' as never, { disableRejectionDelay: true } as never)
    cdp.on(
      'FedCm.dialogShown' as never,
      ((event: { dialogId: string; accounts: { email: string }[] }) => {
        expect(event.accounts[0]!.email).toBe('ada@example.com')
        void cdp.send('FedCm.selectAccount' as never, { dialogId: event.dialogId, accountIndex: 0 } as never)
      }) as never,
    )
    const token = await page.evaluate(
      ([configURL, id]) =>
        (window as unknown as { signIn: (a: string, b: string, c: string) => Promise<string> }).signIn(configURL!, id!, 'nonce-fedcm-1'),
      [`${idp}/fedcm.json`, clientId],
    )
    const payload = await verifiedClaims(token, idp, clientId)
    expect(payload).toMatchObject({ nonce: 'nonce-fedcm-1', email: 'ada@example.com' })
    await context.close()
  })

  it('signs in from the <svc-signin> button of /sdk.js', { timeout: 60_000 }, async () => {
    const { context, credential } = await signInWithSdkButton()
    const payload = await verifiedClaims(credential, idp, clientId)
    expect(payload.nonce).toBe('nonce-sdk-1')
    await context.close()
  })

  it("turns the button personal for a returning account, its details shown only inside svc's frame", { timeout: 60_000 }, async () => {
    const { context, page } = await signInWithSdkButton()

    // Back on the partner later, the browser reveals the returning account to svc's frame.
    await page.reload()
    const personal = page.frameLocator('svc-signin iframe').getByRole('button', { name: /Continue as Ada/ })
    await expect.poll(() => personal.textContent(), { timeout: 10_000 }).toContain('ada@example.com')
    expect(await page.getByRole('button', { name: 'Sign in with svc' }).isVisible()).toBe(false)
    expect(await page.content()).not.toContain('ada@example.com')
    await personal.click()
    const credential = await windowValue(page, 'credential')
    expect((await verifiedClaims(String(credential), idp, clientId)).nonce).toBe('nonce-sdk-1')
    await context.close()
  })

  it('hands the backend a code through FedCM when the button asks for the code flow', { timeout: 60_000 }, async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await signInAtSvc(page, idp)
    await page.goto(`${rpOrigin}/with-sdk-code`)
    await fedcmDialogs(context, page, 'choose')
    await page.getByRole('button', { name: 'Sign in with svc' }).click()
    const detail = await windowValue<Record<string, string>>(page, 'signedIn')
    expect(detail).toMatchObject({ select_by: 'fedcm', redirect_uri: `${idp}/oidc/sdk/callback` })
    expect(detail.credential).toBeUndefined()
    // What the partner's backend does with it:
    const tokens = await redeemedCode(idp, detail, clientId, clientSecret)
    expect((await verifiedClaims(tokens.id_token, idp, clientId)).nonce).toBe('nonce-sdk-1')
    await context.close()
  })

  it('signs in with the script API: svc.initialize, then svc.prompt', { timeout: 60_000 }, async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await signInAtSvc(page, idp)
    await page.goto(`${rpOrigin}/with-sdk`)
    await fedcmDialogs(context, page, 'choose')
    const response = await page.evaluate(
      (id) =>
        new Promise<{ credential: string; select_by: string }>((resolve) => {
          const api = (window as unknown as { svc: { initialize(c: object): void; prompt(): Promise<boolean> } }).svc
          api.initialize({ client_id: id, nonce: 'nonce-api-1', callback: resolve })
          void api.prompt()
        }),
      clientId,
    )
    expect(response.select_by).toBe('fedcm')
    const payload = await verifiedClaims(response.credential, idp, clientId)
    expect(payload.nonce).toBe('nonce-api-1')
    await context.close()
  })

  it('falls back to a popup with the code flow and PKCE in a browser without FedCM', { timeout: 60_000 }, async () => {
    const context = await (await withoutFedcm()).newContext()
    try {
      const page = await context.newPage()
      await page.goto(`${rpOrigin}/with-sdk-public`)
      expect(await page.evaluate(() => 'IdentityCredential' in window)).toBe(false)
      const opened = context.waitForEvent('page')
      await page.getByRole('button', { name: 'Sign in with svc' }).click()
      const popup = await opened
      await popup.getByLabel('Email').fill('ada@example.com')
      await popup.getByLabel('Password').fill('analytical engine')
      await popup.getByRole('button', { name: 'Sign in', exact: true }).click()
      await popup.getByRole('button', { name: 'Allow' }).click()
      const credential = await windowValue(page, 'credential')
      const payload = await verifiedClaims(String(credential), idp, publicClientId)
      expect(payload.nonce).toBe('nonce-sdk-1')
    } finally {
      await context.close()
    }
  })

  it('prompts with the One Tap card where FedCM is missing, and quiets it once closed', { timeout: 60_000 }, async () => {
    const context = await (await withoutFedcm()).newContext()
    try {
      const page = await context.newPage()
      await signInAtSvc(page, idp)
      // svc's cookie reaches its frame only on the same site: third-party cookies are blocked.
      await page.goto(`${sameSiteRp}/with-sdk`)
      const prompt = () =>
        page.evaluate((id) => {
          const api = (window as unknown as { svc: { initialize(c: object): void; prompt(): Promise<boolean> } }).svc
          api.initialize({ client_id: id, nonce: 'nonce-onetap-1', callback: (response: object) => Object.assign(window, { response }) })
          return api.prompt()
        }, clientId)
      const first = prompt()
      const card = page.getByRole('dialog', { name: 'Sign in with svc' })
      await card
        .frameLocator('iframe')
        .getByRole('button', { name: /Continue as Ada/ })
        .click()
      expect(await first).toBe(true)
      const response = (await page.evaluate(() => (window as unknown as { response: object }).response)) as Record<string, string>
      expect(response.select_by).toBe('onetap')
      expect((await verifiedClaims(response.credential!, idp, clientId)).nonce).toBe('nonce-onetap-1')
      await expect.poll(() => card.count()).toBe(0)

      const second = prompt()
      await card.getByRole('button', { name: 'Close' }).click()
      expect(await second).toBe(false)
      expect(await prompt()).toBe(false)
      expect(await card.count()).toBe(0)
    } finally {
      await context.close()
    }
  })

  it('signs in by a full-page redirect when the browser blocks the popup', { timeout: 60_000 }, async () => {
    const strict = await launchChromium(['--disable-features=FedCm'], { blockPopups: true })
    try {
      const page = await (await strict.newContext()).newPage()
      await page.goto(`${rpOrigin}/with-sdk-on-load`)
      await page.waitForURL(`${idp}/oidc/authorize?**`)
      await page.getByLabel('Email').fill('ada@example.com')
      await page.getByLabel('Password').fill('analytical engine')
      await page.getByRole('button', { name: 'Sign in', exact: true }).click()
      // The consent may be remembered from the popup test.
      const allow = page.getByRole('button', { name: 'Allow' })
      await Promise.race([allow.click(), page.waitForURL(`${rpOrigin}/with-sdk-on-load**`)])
      await page.waitForURL(`${rpOrigin}/with-sdk-on-load**`)
      const credential = await windowValue(page, 'credential')
      const payload = await verifiedClaims(String(credential), idp, publicClientId)
      expect(payload.nonce).toBe('nonce-sdk-1')
      expect(await page.evaluate(() => (window as unknown as { selectBy: string }).selectBy)).toBe('redirect')
      // The answer left the address bar once used.
      expect(page.url()).toBe(`${rpOrigin}/with-sdk-on-load`)
    } finally {
      await strict.close()
    }
  })

  it("lets One Tap be framed by the client's registered origin and by no other", { timeout: 60_000 }, async () => {
    const context = await shell.newContext()
    const page = await context.newPage()
    const noticeFrom = async (pageOrigin: string) => {
      await page.goto(`${pageOrigin}/callback`)
      return page.evaluate(
        (src) =>
          new Promise<string>((resolve) => {
            addEventListener('message', (event) => resolve(JSON.stringify(event.data)), { once: true })
            setTimeout(() => resolve('nothing'), 2000)
            document.body.append(Object.assign(document.createElement('iframe'), { src }))
          }),
        `${idp}/oidc/onetap?${new URLSearchParams({ client_id: publicClientId, origin: rpOrigin, nonce: 'n' })}`,
      )
    }
    // Signed out in this context, so the framed page only announces that.
    expect(await noticeFrom(rpOrigin)).toBe(JSON.stringify({ source: 'svc-onetap', status: 'signed_out' }))
    // The public client registered 127.0.0.1 only: framed from localhost, the browser refuses to render it.
    expect(await noticeFrom(sameSiteRp)).toBe('nothing')
    await context.close()
  })

  it('answers the check_session iframe: unchanged, then changed after signing out', { timeout: 60_000 }, async () => {
    const context = await shell.newContext()
    const page = await context.newPage()
    await signInAtSvc(page, idp)
    const authorize = `${idp}/oidc/authorize?${new URLSearchParams({ client_id: clientId, redirect_uri: `${sameSiteRp}/callback`, response_type: 'code', scope: 'openid', state: 's' })}`
    await page.goto(authorize)
    if (await page.getByRole('button', { name: 'Allow' }).isVisible()) await page.getByRole('button', { name: 'Allow' }).click()
    await page.waitForURL(`${sameSiteRp}/callback?**`)
    const sessionState = new URL(page.url()).searchParams.get('session_state')!
    const ask = () =>
      page.evaluate(
        ([src, message]) =>
          new Promise<string>((resolve) => {
            const frame = Object.assign(document.createElement('iframe'), { src })
            addEventListener('message', (event) => resolve(String(event.data)), { once: true })
            frame.onload = () => frame.contentWindow!.postMessage(message, new URL(src!).origin)
            document.body.append(frame)
          }),
        [`${idp}/oidc/iframe/check_session`, `${clientId} ${sessionState}`],
      )
    expect(await ask()).toBe('unchanged')
    await page.goto(`${idp}/oidc/logout?client_id=${clientId}`)
    await page.getByRole('button', { name: 'Sign out' }).click()
    await page.getByText('You are signed out').waitFor()
    await page.goto(`${sameSiteRp}/callback`)
    expect(await ask()).toBe('changed')
    await context.close()
  })
})

/** Signs in on svc's own login page, as a person would. */
async function signInAtSvc(page: Page, idp: string): Promise<void> {
  await page.goto(`${idp}/login`)
  await page.getByLabel('Email').fill('ada@example.com')
  await page.getByLabel('Password').fill('analytical engine')
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await page.getByText('You are signed in').waitFor()
}
