/**
 * @module Back-channel logout as a partner developer meets it: register
 * the logout URL in the portal (in Chromium), sign a person in to the
 * app, sign them out at svc, and the app's local receiver gets a logout
 * token that jose verifies against svc's key set, naming the session the
 * id_token named. The portal's form is photographed at 1280 and 375 px
 * with a long right-to-left address in the new field.
 */
import { mkdtempSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD } from '../server/demo/seed-demo.js'
import { type RunningBff, startBff } from './bff-process.js'
import { lendChromium } from './chromium.js'
import { signInToConsole } from './console-sign-in.js'
import { keepScreenshot } from './screenshots.js'

describe('back-channel logout in Chromium with a local receiver', () => {
  let bff: RunningBff
  let browser: Browser
  let receiver: Server
  let receiverUrl: string
  const logoutTokens: string[] = []

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      if (req.method === 'GET') return void res.writeHead(200, { 'Content-Type': 'text/html' }).end('<p>Signed in to the shop.</p>')
      let body = ''
      req.on('data', (chunk) => (body += chunk))
      req.on('end', () => {
        const token = new URLSearchParams(body).get('logout_token')
        if (req.url === '/logout' && token) logoutTokens.push(token)
        res.writeHead(token ? 200 : 400).end()
      })
    })
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`
    const db = join(mkdtempSync(join(tmpdir(), 'svc-bcl-e2e-')), 'svc.db')
    bff = await startBff(['--demo', '--db', db], { SVC_WEBHOOK_ALLOW_PRIVATE: '1' })
    browser = await lendChromium()
  })

  afterAll(async () => {
    await browser?.close()
    await bff?.stop()
    receiver?.closeAllConnections()
    await new Promise((resolve) => receiver?.close(resolve))
  })

  it(
    'registers the URL in the portal, and signing out at svc sends the app a logout token for that session',
    { timeout: 90_000 },
    async () => {
      const base = bff.started.url
      const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage()
      await signInToConsole(page, base, 'developer@demo.example')
      await page.getByRole('link', { name: 'Developers' }).click()
      await page.getByLabel('Name', { exact: true }).fill('Partner Shop')
      await page.getByLabel('Redirect URIs', { exact: true }).fill(`${receiverUrl}/callback`)
      const logoutUrl = page.getByLabel('Back-channel logout URL', { exact: true })
      // A long right-to-left address first, to see the form hold it at both widths.
      await logoutUrl.fill(`https://متجر.example/${'تسجيل-الخروج/'.repeat(12)}`)
      const form = page.getByRole('form', { name: 'Register a client' })
      await keepScreenshot(form, 'backchannel-logout-form-1280.png')
      await page.setViewportSize({ width: 375, height: 900 })
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
      await keepScreenshot(form, 'backchannel-logout-form-375.png')
      await page.setViewportSize({ width: 1280, height: 900 })

      await logoutUrl.fill(`${receiverUrl}/logout`)
      await page.getByLabel('Logout tokens must name the session (sid)').check()
      await page.getByRole('button', { name: 'Register' }).click()
      const shown = page.getByRole('status')
      await expect.poll(() => shown.textContent()).toContain('Client secret')
      const clientId = (await shown.locator('dt:has-text("Client id") + dd').textContent())!.trim()
      const clientSecret = (await shown.locator('dt:has-text("Client secret") + dd').textContent())!.trim()

      // A person signs in to the partner's app in their own browser.
      const person = await (await browser.newContext()).newPage()
      await person.goto(
        `${base}/oidc/authorize?${new URLSearchParams({ client_id: clientId, redirect_uri: `${receiverUrl}/callback`, response_type: 'code', scope: 'openid', state: 's' })}`,
      )
      await person.getByLabel('Email').fill('marketer@demo.example')
      await person.getByLabel('Password').fill(DEMO_PASSWORD)
      await person.getByRole('button', { name: 'Sign in', exact: true }).click()
      await person.getByRole('button', { name: 'Allow' }).click()
      await person.waitForURL(`${receiverUrl}/callback?**`)
      const code = new URL(person.url()).searchParams.get('code')!
      const tokens = await fetch(`${base}/oidc/token`, {
        method: 'POST',
        headers: { Authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}` },
        body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: `${receiverUrl}/callback` }),
      })
      const { id_token: idToken } = (await tokens.json()) as { id_token: string }
      const sid = decodeJwt(idToken).sid
      expect(sid).toEqual(expect.any(String))

      // They sign out at svc through the app; the app's server hears of it.
      await person.goto(`${base}/oidc/logout?id_token_hint=${idToken}`)
      await expect.poll(() => person.getByRole('heading', { level: 1 }).textContent()).toMatch(/signed out/i)
      await expect.poll(() => logoutTokens.length, { timeout: 15_000 }).toBe(1)
      const { payload, protectedHeader } = await jwtVerify(logoutTokens[0]!, createRemoteJWKSet(new URL(`${base}/.well-known/jwks.json`)), {
        issuer: base,
        audience: clientId,
        typ: 'logout+jwt',
        maxTokenAge: '2 minutes',
      })
      expect(protectedHeader.alg).toBe('RS256')
      expect(payload).toMatchObject({
        sid,
        sub: decodeJwt(idToken).sub,
        events: { 'http://schemas.openid.net/event/backchannel-logout': {} },
      })
      expect(payload).not.toHaveProperty('nonce')

      // The developer sees it in the client's delivery log.
      await page.getByRole('link', { name: 'Partner Shop' }).click()
      await expect
        .poll(async () => {
          await page.getByRole('button', { name: 'Refresh' }).click()
          return page.getByRole('button', { name: /^Replay backchannel\.logout/ }).count()
        })
        .toBe(1)
      expect(await page.getByRole('cell', { name: 'delivered' }).count()).toBe(1)
    },
  )
})
