/**
 * Interop: an Express app with express-openid-connect 2 in its default
 * configuration (what its README shows, plus `response_type: 'code'`,
 * the one flow svc offers, and `idpLogout` to sign out at svc too) signs a
 * person in through svc and signs them out again. Its logout sends its
 * base URL, slash-less, as `post_logout_redirect_uri`: svc once answered
 * that with a "Sign-out error" (issue 24, item 11).
 */
import express from 'express'
import { auth } from 'express-openid-connect'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium } from '../chromium.js'
import { freePort } from '../bff-process.js'
import { type InteropSvc, listen, PERSON, signInAtSvc, startInteropSvc } from './svc-for-interop.js'

let svc: InteropSvc
let browser: Browser
let rp: Awaited<ReturnType<typeof listen>>

beforeAll(async () => {
  svc = await startInteropSvc()
  const port = await freePort()
  const baseURL = `http://127.0.0.1:${port}`
  // Registered as the registration rules once demanded (with the slash); the library sends it without.
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
    }),
  )
  app.get('/', (req, res) => {
    res.type('text/plain').send(req.oidc.isAuthenticated() ? `Signed in as ${req.oidc.user?.email}` : 'Signed out')
  })
  rp = await listen(app, { port })
  browser = await launchChromium()
}, 60_000)

afterAll(async () => {
  await browser?.close()
  await rp?.close()
  await svc?.bff.stop()
})

describe('express-openid-connect 2 with its default configuration', () => {
  it('signs a person in, then out of the app and of svc, returning to the base URL', { timeout: 60_000 }, async () => {
    const page = await (await browser.newContext()).newPage()
    const base = rp.origin
    await page.goto(`${base}/login`)
    await signInAtSvc(page, svc.issuer)
    await page.waitForURL(`${base}/`)
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
