/**
 * @module Passkeys in Chromium, with the DevTools protocol's WebAuthn
 * virtual authenticator (CTAP2, internal, resident keys, the user
 * verified) standing in for a phone's or laptop's: starting from a fresh
 * database and no session, a person adds a passkey on the account page,
 * signs in with it from the login page's button and its autofill, inside
 * the FedCM login popup of a partner page on another origin (where the
 * id_token and userinfo then say `amr: ["hwk"]`) and in the code flow's
 * popup `<svc-signin>` opens where the browser has no FedCM, makes the
 * account passkey-only, and has a removed passkey refused.
 */
import { mkdtempSync } from 'node:fs'
import type { Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD } from '../server/demo/seed-demo.js'
import { type RunningBff, svcBff } from './bff-process.js'
import { lendChromium } from './chromium.js'
import { signInToConsole } from './console-sign-in.js'
import { fedcmDialogs, partnerServer, redeemedCode, signedIn, startSvcForPartner, verifiedClaims } from './fedcm-browser.js'
import { keepScreenshot } from './screenshots.js'
import { nextLink } from './mail-link.js'
import { type SmtpReceiver, startSmtpReceiver } from '../server/testing/smtp-receiver.js'

interface VirtualCredential {
  credentialId: string
  isResidentCredential: boolean
  rpId: string
  privateKey: string
  userHandle: string
  signCount: number
}

/** A virtual authenticator in this page's tab, holding `credentials` (copied from another tab's) when given. */
async function authenticator(context: BrowserContext, page: Page, credentials: VirtualCredential[] = []) {
  const cdp: CDPSession = await context.newCDPSession(page)
  await cdp.send('WebAuthn.enable', { enableUI: false })
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  })
  for (const credential of credentials) await cdp.send('WebAuthn.addCredential', { authenticatorId, credential })
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials as VirtualCredential[],
  }
}

/**
 * Clicks "Sign in with svc" on the partner's page and, in svc's login
 * popup that opens (FedCM's or the code flow's), signs in with the
 * passkey `credentials` holds; returns the popup.
 */
async function signInWithPasskeyInPopup(context: BrowserContext, partnerPage: Page, credentials: VirtualCredential[]): Promise<Page> {
  const opened = context.waitForEvent('page')
  await partnerPage.getByRole('button', { name: 'Sign in with svc' }).click()
  const popup = await opened
  await authenticator(context, popup, credentials)
  // The button, unless the popup's autofill has already signed in (the popup then closes under the click).
  await popup
    .getByRole('button', { name: 'Sign in with a passkey' })
    .click({ timeout: 5_000 })
    .catch(() => undefined)
  return popup
}

/**
 * Signs this context out of svc by forgetting its cookies, once the page
 * has left svc's pages: a request the account page still makes would find
 * no session and send the page to the login page, aborting the test's next
 * `goto` when the machine is slow enough for the two to cross.
 */
async function signOutHere(context: BrowserContext, page: Page): Promise<void> {
  await page.goto('about:blank')
  await context.clearCookies()
}

/**
 * Holds back the page's next request for sign-in options, which is the
 * autofill's (conditional mediation) as the page loads: Chromium's virtual
 * authenticator answers a conditional request at once, as a person
 * choosing the passkey under the e-mail field would, so a test of the
 * button or of the password form keeps that one from being made.
 */
async function holdAutofill(page: Page): Promise<void> {
  // The first request of each page load is the autofill's: the button's come later, from a click.
  let heldOnThisPage = false
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) heldOnThisPage = false
  })
  await page.unrouteAll()
  await page.route('**/oidc/passkey/sign-in-options', async (route) => {
    if (heldOnThisPage) return route.continue()
    heldOnThisPage = true
    // Never answered: the autofill waits, as for a person who has not chosen yet.
  })
}

describe('passkeys in Chromium', () => {
  let bff: RunningBff
  let browser: Browser
  /** The worker's headless shell, for the sign-up, which uses none of the whole browser's own features. */
  let shell: Browser
  let partner: Server
  let partnerOrigin: string
  let idp: string
  let clientId: string
  let db: string
  let smtp: SmtpReceiver

  beforeAll(async () => {
    smtp = await startSmtpReceiver()
    // `?no-fedcm`: the page of a browser without FedCM, where `<svc-signin>` runs the code flow in a popup of its own.
    ;({ server: partner, origin: partnerOrigin } = await partnerServer(
      (url) => `<!doctype html><html><head>${url.searchParams.has('no-fedcm') ? '<script>delete window.IdentityCredential</script>' : ''}
        <script src="${idp}/sdk.js"></script></head><body>
        <svc-signin client-id="${clientId}" nonce="nonce-passkey-1" response-type="code"></svc-signin>
        <script>document.addEventListener('svc-signin', (event) => { window.signedIn = event.detail })</script></body></html>`,
    ))
    db = join(mkdtempSync(join(tmpdir(), 'svc-passkeys-')), 'svc.db')
    await svcBff('user', 'create', '--email', 'ada@example.com', '--name', 'Ada Lovelace', '--password', DEMO_PASSWORD, '--db', db)
    ;({ bff, idp, clientId } = await startSvcForPartner(db, partnerOrigin, smtp))
    browser = await lendChromium('browser')
    shell = await lendChromium()
  })

  afterAll(async () => {
    await browser?.close()
    await shell?.close()
    await bff?.stop()
    await new Promise((resolve) => partner?.close(resolve))
    await smtp?.close()
  })

  it(
    'adds a passkey on the account page, signs in with it by the button and the autofill, in a partner’s FedCM popup and its code-flow popup, then goes passkey-only and refuses it once removed',
    { timeout: 180_000 },
    async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
      const page = await context.newPage()
      const device = await authenticator(context, page)
      await signInToConsole(page, idp, 'ada@example.com', '/console/account')

      // Add a passkey, named; the name's limit shows while it is typed, not only once a long one is cut.
      await page.getByRole('button', { name: 'Add a passkey' }).click()
      const counter = page.locator('#passkey-name-count')
      expect(await counter.textContent()).toContain('0 / 64')
      await page.getByLabel('Name of the passkey').pressSequentially('حاسوب العمل')
      await expect.poll(() => counter.textContent()).toContain('11 / 64')
      await keepScreenshot(page, 'passkeys-naming-1280.png', { fullPage: true })
      await page.setViewportSize({ width: 375, height: 800 })
      await keepScreenshot(page, 'passkeys-naming-375.png', { fullPage: true })
      await page.setViewportSize({ width: 1280, height: 900 })
      await page.getByLabel('Name of the passkey').fill('Work laptop')
      await page.getByRole('button', { name: 'Add a passkey' }).click()
      await expect.poll(() => page.getByRole('status').first().innerText()).toBe('Passkey “Work laptop” added.')
      const row = page.getByRole('row', { name: /Work laptop/ })
      expect(await row.innerText()).toContain('On one device only')
      expect(await row.innerText()).toContain('Never')
      expect(await device.credentials()).toHaveLength(1)
      await keepScreenshot(page, 'passkeys-account-1280.png', { fullPage: true })
      await page.setViewportSize({ width: 375, height: 800 })
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
      await keepScreenshot(page, 'passkeys-account-375.png', { fullPage: true })
      await page.setViewportSize({ width: 1280, height: 900 })

      // Signed out, the login page's button signs in with it: no address, no password.
      await signOutHere(context, page)
      await holdAutofill(page)
      await page.goto(`${idp}/console/account`)
      expect(await page.getByLabel('Email').getAttribute('autocomplete')).toBe('username webauthn')
      await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
      await page.waitForURL(`${idp}/console/account`)
      await page.unrouteAll()
      await expect.poll(() => page.getByRole('row', { name: /Work laptop/ }).innerText()).not.toContain('Never')

      // The autofill: the page starts a conditional request as it loads, which the virtual authenticator answers
      // as a person choosing the passkey under the e-mail field would; nothing is clicked.
      await signOutHere(context, page)
      await page.goto(`${idp}/console/account`)
      await page.waitForURL(`${idp}/console/account`)
      await expect.poll(() => page.getByRole('heading', { name: 'Passkeys' }).count()).toBe(1)

      // In a partner's FedCM login popup (another origin), with the same passkey, the popup's flow completes.
      await context.clearCookies()
      const partnerPage = await context.newPage()
      await partnerPage.goto(`${partnerOrigin}/`)
      await fedcmDialogs(context, partnerPage, 'choose')
      await signInWithPasskeyInPopup(context, partnerPage, await device.credentials())
      const detail = await signedIn(partnerPage)
      expect(detail.select_by).toBe('fedcm')
      const tokens = await redeemedCode(idp, detail, clientId)
      const claims = await verifiedClaims(tokens.id_token, idp, clientId)
      // A device-bound passkey (the virtual authenticator is not backed up): RFC 8176's hwk, phishing-resistant.
      expect(claims).toMatchObject({ nonce: 'nonce-passkey-1', amr: ['hwk'], acr: 'urn:svc:acr:phr' })
      const userinfo = await (await fetch(`${idp}/oidc/userinfo`, { headers: { Authorization: `Bearer ${tokens.access_token}` } })).json()
      expect(userinfo).toMatchObject({ amr: ['hwk'], acr: 'urn:svc:acr:phr' })
      await partnerPage.close()

      // In a browser without FedCM, <svc-signin> opens svc's login in a popup of its own (the code flow): the passkey signs in there too.
      await context.clearCookies()
      const plainPage = await context.newPage()
      await plainPage.goto(`${partnerOrigin}/?no-fedcm`)
      const codeFlowPopup = await signInWithPasskeyInPopup(context, plainPage, await device.credentials())
      // Consent may be remembered from the FedCM sign-in, and then the popup closes at once.
      await Promise.race([
        codeFlowPopup
          .getByRole('button', { name: 'Allow' })
          .click()
          .catch(() => undefined),
        codeFlowPopup.waitForEvent('close'),
      ])
      const popupDetail = await signedIn(plainPage)
      expect(popupDetail.select_by).toBe('popup')
      const popupTokens = await redeemedCode(idp, popupDetail, clientId)
      expect(await verifiedClaims(popupTokens.id_token, idp, clientId)).toMatchObject({
        nonce: 'nonce-passkey-1',
        amr: ['hwk'],
        acr: 'urn:svc:acr:phr',
      })
      await plainPage.close()

      // Removed on the account page (confirmed first), the passkey is refused: the authenticator still holds it.
      // (The popup's sign-in is this context's too.)
      await page.goto(`${idp}/console/account`)
      await page.waitForURL(`${idp}/console/account`)
      page.on('dialog', (dialog) => void dialog.accept())
      await page.getByRole('button', { name: 'Remove passkey Work laptop' }).click()
      await expect.poll(() => page.getByRole('status').first().innerText()).toBe('Passkey “Work laptop” removed.')
      await signOutHere(context, page)
      await holdAutofill(page)
      await page.goto(`${idp}/login`)
      await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
      await expect
        .poll(() => page.getByRole('alert').first().innerText())
        .toBe('This passkey is not registered here (it may have been removed). Sign in another way.')

      // Passkey-only: a new passkey, then the password goes, and the password form points to the passkey.
      await signInToConsole(page, idp, 'ada@example.com', '/console/account')
      await page.getByRole('button', { name: 'Add a passkey' }).click()
      await page.getByLabel('Name of the passkey').fill('هاتفي الشخصي')
      await page.getByRole('button', { name: 'Add a passkey' }).click()
      await expect.poll(() => page.getByRole('status').first().innerText()).toBe('Passkey “هاتفي الشخصي” added.')
      const passwordRemoved = () => page.getByText('Your password is removed: you sign in with your passkeys.').count()
      const passwordSet = () => page.getByText('Your password is set.', { exact: false }).count()
      await page.getByRole('button', { name: 'Remove my password' }).click()
      await expect.poll(() => page.getByText('Your account has no password: you sign in with a passkey.').count()).toBe(1)
      expect(await passwordRemoved()).toBe(1)
      // With no password to type, the password form offers to set one, not to change it.
      await expect.poll(() => page.getByRole('button', { name: 'Set a password' }).count()).toBe(1)
      expect(await page.getByRole('form', { name: 'Set a password for your account' }).getByLabel('Current password').count()).toBe(0)
      // Its last passkey cannot go: nothing else would open the account. That is said beside its Remove before anything is asked.
      const lastWayIn =
        'This passkey is your account’s last way to sign in, so it cannot be removed: add another passkey first, or set a password above.'
      const removeLast = page.getByRole('button', { name: 'Remove passkey هاتفي الشخصي' })
      await expect.poll(() => removeLast.getAttribute('aria-disabled')).toBe('true')
      expect(await page.locator('#last-way-in').innerText()).toBe(lastWayIn)
      let asked = 0
      page.on('dialog', () => void asked++)
      await removeLast.click({ force: true })
      await page.waitForTimeout(300)
      expect(asked).toBe(0)
      expect(await page.getByRole('alert').count()).toBe(0)
      await keepScreenshot(page, 'passkeys-last-way-in-1280.png', { fullPage: true })
      await page.setViewportSize({ width: 375, height: 800 })
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
      await keepScreenshot(page, 'passkeys-only-375.png', { fullPage: true })
      await page.setViewportSize({ width: 1280, height: 900 })

      // A password set above: the Passkeys section's "password is removed" goes at once, and its Remove is open again.
      const setForm = page.getByRole('form', { name: 'Set a password for your account' })
      await setForm.getByLabel('New password', { exact: true }).fill('violet kettle harbour lamp')
      await setForm.getByLabel('New password again').fill('violet kettle harbour lamp')
      await setForm.getByRole('button', { name: 'Set a password' }).click()
      await expect.poll(passwordSet).toBe(1)
      await expect.poll(passwordRemoved).toBe(0)
      await expect.poll(() => removeLast.getAttribute('aria-disabled')).toBe(null)
      expect(await page.locator('#last-way-in').count()).toBe(0)
      // And back to passkey-only: now the password form's "set" line goes, as no password is set.
      await page.getByRole('button', { name: 'Remove my password' }).click()
      await expect.poll(passwordRemoved).toBe(1)
      await expect.poll(passwordSet).toBe(0)
      await signOutHere(context, page)
      await page.goto(`${idp}/login`)
      await page.getByLabel('Email').fill('ada@example.com')
      await page.getByLabel('Password').fill(DEMO_PASSWORD)
      await page.getByRole('button', { name: 'Sign in', exact: true }).click()
      await expect.poll(() => page.getByRole('alert').first().innerText()).toContain('This account signs in with a passkey')
      // The passkey still signs in, and the page says so.
      await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
      await expect.poll(() => page.getByRole('heading').first().innerText()).toBe('You are signed in')
      await context.close()
    },
  )

  it(
    'creates an account with a passkey instead of a password, confirmed by the mailed link, then signs in with it',
    { timeout: 90_000 },
    async () => {
      const context = await shell.newContext({ viewport: { width: 375, height: 800 } })
      const page = await context.newPage()
      await authenticator(context, page)
      await page.goto(`${idp}/signup`)
      await page.getByLabel('Name').fill('Grace Hopper')
      await page.getByLabel('Email').fill('grace@example.com')
      await keepScreenshot(page, 'passkeys-signup-375.png', { fullPage: true })
      const mails = smtp.received.length
      await page.getByRole('button', { name: 'Create the account with a passkey' }).click()
      await expect.poll(() => page.getByRole('heading').first().innerText()).toBe('Check your e-mail')
      await page.goto(await nextLink(smtp, mails, '/verify-email'))
      await page.getByRole('button', { name: 'Confirm and sign in' }).click()
      await expect.poll(() => page.getByRole('heading').first().innerText()).not.toBe('Check your e-mail')
      // Confirmed, and signed in by the link; signed out, the passkey alone signs in.
      await signOutHere(context, page)
      await holdAutofill(page)
      await page.goto(`${idp}/console/account`)
      await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
      await page.waitForURL(`${idp}/console/account`)
      await expect.poll(() => page.getByText('Your account has no password: you sign in with a passkey.').count()).toBe(1)
      expect(await page.getByRole('heading', { name: 'Grace Hopper' }).count()).toBe(1)
      // A password set beside the passkey (typed twice, no current one): the form turns into "Change password".
      const setForm = page.getByRole('form', { name: 'Set a password for your account' })
      await setForm.getByLabel('New password', { exact: true }).fill('violet kettle harbour lamp')
      await setForm.getByLabel('New password again').fill('violet kettle harbour lamp')
      await setForm.getByRole('button', { name: 'Set a password' }).click()
      await expect.poll(() => page.getByRole('button', { name: 'Change password' }).count()).toBe(1)
      expect(await page.getByText('Your password is set.', { exact: false }).count()).toBe(1)
      // The passkeys section loads its own state after the account: its sentence follows a moment later.
      await expect.poll(() => page.getByText('Your account has no password: you sign in with a passkey.').count()).toBe(0)
      await context.close()
    },
  )
})
