/**
 * Interop: an Express app with express-openid-connect 2 and 3 in their
 * default configuration (what their README shows, plus `response_type:
 * 'code'`, the one flow svc offers, and `idpLogout` to sign out at svc
 * too) signs a person in through svc and signs them out again. Both send
 * their base URL, slash-less, as `post_logout_redirect_uri`: svc once
 * answered that with a "Sign-out error" (issue 24, item 11).
 */
import express from 'express'
import { auth as auth2 } from 'express-openid-connect'
import { auth as auth3 } from 'express-openid-connect-3'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { lendChromium } from '../chromium.js'
import { freePort } from '../bff-process.js'
import { type InteropSvc, listen, PERSON, signInAtSvc, startInteropSvc } from './svc-for-interop.js'

let svc: InteropSvc
let browser: Browser
const closing: (() => Promise<void>)[] = []

beforeAll(async () => {
  svc = await startInteropSvc()
  browser = await lendChromium()
}, 60_000)

afterAll(async () => {
  await browser?.close()
  for (const close of closing) await close()
  await svc?.bff.stop()
})

/** The app, registered as the registration rules once demanded (with the slash); returns its base URL, as the library is told. */
async function expressApp(auth: typeof auth2 | typeof auth3): Promise<string> {
  const baseURL = `http://127.0.0.1:${await freePort()}`
  const client = await svc.cli(
    'client',
    'create',
    '--name',
    'Express Shop',
    '--redirect-uri',
    `${baseURL}/callback`,
    '--post-logout-redirect-uri',
    `${baseURL}/`,
  )
  const app = express()
  app.use(
    auth({
      issuerBaseURL: svc.issuer,
      baseURL,
      clientID: client.client_id!,
      clientSecret: client.client_secret!,
      secret: 'an interop test secret of at least thirty-two characters',
      authRequired: false,
      idpLogout: true,
      authorizationParams: { response_type: 'code' },
      // The libraries give up on svc after 5 s by default; on a machine
      // running the whole suite (load 20 and more) the callback's token
      // request once took longer, and the app showed its error page
      // instead of signing in. The protocol under test is unchanged.
      httpTimeout: 30_000,
    }),
  )
  app.get('/', (req, res) => {
    res.type('text/plain').send(req.oidc.isAuthenticated() ? `Signed in as ${req.oidc.user?.email}` : 'Signed out')
  })
  const site = await listen(app, { port: Number(new URL(baseURL).port) })
  closing.push(site.close)
  return baseURL
}

describe.each([
  ['2', auth2],
  ['3', auth3],
])('express-openid-connect %s with its default configuration', (_version, auth) => {
  it('signs a person in, then out of the app and of svc, returning to the base URL', { timeout: 60_000 }, async () => {
    const base = await expressApp(auth)
    const page = await (await browser.newContext()).newPage()
    await page.goto(`${base}/login`)
    await signInAtSvc(page, svc.issuer)
    // Where the page stopped, should it not come back: the app's error page says why.
    await page.waitForURL(`${base}/`).catch(async (error: Error) => {
      throw new Error(`${error.message}\nthe page is at ${page.url()}: ${(await page.textContent('body'))?.slice(0, 500)}`)
    })
    expect(await page.textContent('body')).toBe(`Signed in as ${PERSON.email}`)

    const logoutRequests: URL[] = []
    page.on('request', (request) => {
      if (request.url().startsWith(`${svc.issuer}/oidc/logout`)) logoutRequests.push(new URL(request.url()))
    })
    await page.goto(`${base}/logout`)
    // Back on the app, not on svc's "Sign-out error" page.
    expect(page.url()).toBe(`${base}/`)
    expect(await page.textContent('body')).toBe('Signed out')
    // What the library sends: its base URL without the trailing slash.
    expect(logoutRequests[0]?.searchParams.get('post_logout_redirect_uri')).toBe(base)

    // Signed out at svc too: signing in again asks for the password.
    await page.goto(`${base}/login`)
    await page.getByLabel('Password').waitFor()
    expect(page.url().startsWith(svc.issuer)).toBe(true)
  })
})
