import { mkdtempSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type SmtpReceiver, startSmtpReceiver } from '../server/testing/smtp-receiver.js'
import { type RunningBff, startBff, svcBff } from './bff-process.js'
import { lendChromium } from './chromium.js'
import { nextLink } from './mail-link.js'

const EMAIL = 'grace@example.com'
const FIRST_PASSWORD = 'violet kettle harbour lamp'
const NEW_PASSWORD = 'copper lantern drifting north'

describe('the account lifecycle in Chromium: sign up, confirm by mail, reset the password', () => {
  let bff: RunningBff
  let smtp: SmtpReceiver
  let browser: Browser
  let shop: Server
  let callback = ''
  let client: Record<string, string>

  beforeAll(async () => {
    smtp = await startSmtpReceiver()
    shop = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end('<p>Back at the shop.</p>'))
    await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve))
    callback = `http://127.0.0.1:${(shop.address() as AddressInfo).port}/callback`
    const db = join(mkdtempSync(join(tmpdir(), 'svc-lifecycle-')), 'svc.db')
    client = await svcBff('client', 'create', '--name', 'Shop', '--redirect-uri', callback, '--db', db)
    bff = await startBff(['--db', db], { SVC_SMTP_URL: smtp.url, SVC_MAIL_FROM: 'svc <no-reply@svc.example>' })
    browser = await lendChromium()
  })

  afterAll(async () => {
    await browser?.close()
    await bff?.stop()
    await smtp?.close()
    shop?.closeAllConnections()
    await new Promise((resolve) => shop?.close(resolve))
  })

  async function signIn(page: Page, password: string) {
    await page.goto(`${bff.started.url}/login`)
    await page.getByLabel('Email').fill(EMAIL)
    await page.getByLabel('Password').fill(password)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await page.waitForLoadState()
    return page.locator('main').innerText()
  }

  it('signs a visitor up from the login page, confirms the address from the mail and continues signed in with email_verified', async () => {
    const page = await (await browser.newContext({ viewport: { width: 375, height: 720 } })).newPage()
    const authorize = new URL(`${bff.started.url}/oidc/authorize`)
    authorize.search = new URLSearchParams({
      client_id: client.client_id!,
      redirect_uri: callback,
      response_type: 'code',
      scope: 'openid email profile',
      state: 's1',
    }).toString()
    await page.goto(authorize.href)
    await page.getByRole('link', { name: 'Create an account' }).click()
    // Readable on a phone: nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    await page.getByLabel('Name').fill('Grace Hopper')
    await page.getByLabel('Email').fill(EMAIL)
    await page.getByLabel('Password').fill('short')
    await expect.poll(() => page.locator('#password-hint').innerText()).toBe('7 more characters needed.')
    await page.getByLabel('Password').fill(FIRST_PASSWORD)
    await page.getByRole('button', { name: 'Create account' }).click()
    await expect.poll(() => page.getByRole('heading').innerText()).toBe('Check your e-mail')
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)

    await page.goto(await nextLink(smtp, 0, '/verify-email'))
    await page.getByRole('button', { name: 'Confirm and sign in' }).click()
    await page.getByRole('button', { name: 'Allow' }).click()
    await page.waitForURL((url) => url.href.startsWith(callback))
    const code = new URL(page.url()).searchParams.get('code')!
    const tokens = await (
      await fetch(`${bff.started.url}/oidc/token`, {
        method: 'POST',
        headers: {
          Authorization: `Basic ${btoa(`${client.client_id}:${client.client_secret}`)}`,
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: callback }),
      })
    ).json()
    const userinfo = await (
      await fetch(`${bff.started.url}/oidc/userinfo`, { headers: { Authorization: `Bearer ${tokens.access_token}` } })
    ).json()
    expect(userinfo).toMatchObject({ email: EMAIL, email_verified: true, name: 'Grace Hopper' })
  })

  it('resets a forgotten password by mail: the old one is refused afterwards, the new one works', async () => {
    const page = await (await browser.newContext()).newPage()
    await page.goto(`${bff.started.url}/login`)
    await page.getByRole('link', { name: 'Forgot password?' }).click()
    await page.getByLabel('Email').fill(EMAIL)
    await page.getByRole('button', { name: 'Send reset link' }).click()
    await expect.poll(() => page.getByRole('heading').innerText()).toBe('Check your e-mail')

    await page.goto(await nextLink(smtp, 1, '/reset-password'))
    // The address for password managers is in the form, not on the screen: one field shows, labelled.
    expect(await page.locator('input[name="username"]').isVisible()).toBe(false)
    expect(await page.locator('input:visible').count()).toBe(1)
    await page.getByLabel('Password').fill(NEW_PASSWORD)
    await page.getByRole('button', { name: 'Set new password' }).click()
    await expect.poll(() => page.getByRole('heading').innerText()).toBe('Password changed')

    const stranger = await (await browser.newContext()).newPage()
    expect(await signIn(stranger, FIRST_PASSWORD)).toContain('The email or password is not right.')
    expect(await signIn(stranger, NEW_PASSWORD)).toContain('Signed in as Grace Hopper')
  })

  it('refuses to start with an SVC_SIGNUP it does not know', async () => {
    await expect(startBff(['--db', join(mkdtempSync(join(tmpdir(), 'svc-signup-')), 'svc.db')], { SVC_SIGNUP: 'maybe' })).rejects.toThrow(
      'SVC_SIGNUP must be open or closed',
    )
  })
})
