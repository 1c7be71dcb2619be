/**
 * @module E2E in Chromium of issue 16's journey (a) through FedCM: a
 * first-time visitor (a fresh database, no account, no session) clicks
 * `<svc-signin>` on a partner page of another origin, creates an account
 * in the browser's login popup, confirms it from the mail the SMTP server
 * received (in a tab of its own, as a mail reader opens it), and the page
 * gets an id_token with `email_verified: true` without another click.
 */
import { mkdtempSync } from 'node:fs'
import type { Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type SmtpReceiver, startSmtpReceiver } from '../server/testing/smtp-receiver.js'
import type { RunningBff } from './bff-process.js'
import { lendChromium } from './chromium.js'
import { fedcmDialogs, partnerServer, signedIn, startSvcForPartner, verifiedClaims } from './fedcm-browser.js'
import { nextLink } from './mail-link.js'

describe('a first-time visitor signs up from the FedCM button', () => {
  let bff: RunningBff
  let smtp: SmtpReceiver
  let browser: Browser
  let partner: Server
  let partnerOrigin: string
  let idp: string
  let clientId: string

  beforeAll(async () => {
    smtp = await startSmtpReceiver()
    ;({ server: partner, origin: partnerOrigin } = await partnerServer(
      () => `<!doctype html><html><head><script src="${idp}/sdk.js"></script></head><body>
        <svc-signin client-id="${clientId}" nonce="nonce-signup-1"></svc-signin>
        <script>document.addEventListener('svc-signin', (event) => { window.signedIn = event.detail })</script></body></html>`,
    ))
    const db = join(mkdtempSync(join(tmpdir(), 'svc-fedcm-signup-')), 'svc.db')
    ;({ bff, idp, clientId } = await startSvcForPartner(db, partnerOrigin, smtp))
    browser = await lendChromium('browser')
  })

  afterAll(async () => {
    await browser?.close()
    await bff?.stop()
    await smtp?.close()
    partner?.closeAllConnections()
    await new Promise((resolve) => partner?.close(resolve))
  })

  it('creates the account in the login popup, confirms it from the mail, and the page is signed in', { timeout: 90_000 }, async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 720 } })
    const page = await context.newPage()
    await page.goto(`${partnerOrigin}/`)
    const dialogs = await fedcmDialogs(context, page, 'choose')
    const opened = context.waitForEvent('page')
    await page.getByRole('button', { name: 'Sign in with svc' }).click()
    const popup = await opened
    await popup.getByRole('link', { name: 'Create an account' }).click()
    await popup.getByLabel('Name').fill('Grace Hopper')
    await popup.getByLabel('Email').fill('grace@example.com')
    await popup.getByLabel('Password').fill('violet kettle harbour lamp')
    await popup.getByRole('button', { name: 'Create account' }).click()
    await expect.poll(() => popup.getByRole('heading').innerText()).toBe('Check your e-mail')

    // The mail reader opens the link in a tab of its own.
    const mailTab = await context.newPage()
    await mailTab.goto(await nextLink(smtp, 0, '/verify-email'))
    await mailTab.getByRole('button', { name: 'Confirm and sign in' }).click()
    await expect.poll(() => mailTab.getByRole('heading').innerText()).toBe('E-mail address confirmed')

    // The popup closes by itself and the browser goes on to the account chooser.
    const detail = await signedIn(page)
    expect(popup.isClosed()).toBe(true)
    expect(dialogs).toEqual(['AccountChooser'])
    const claims = await verifiedClaims(detail.credential!, idp, clientId)
    expect(claims).toMatchObject({ nonce: 'nonce-signup-1', email: 'grace@example.com', email_verified: true, name: 'Grace Hopper' })
    await context.close()
  })
})
