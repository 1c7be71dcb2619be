/**
 * Interop: a single-page app on its own origin uses oidc-client-ts 3 in
 * Chromium against svc: sign-in (code with PKCE), silent renew in a
 * hidden frame, `revokeTokens()`, and `signoutRedirect()` with
 * `revokeTokensOnSignout`. The last two threw while svc's empty revocation
 * answer went out as `text/plain` (issue 24, item 12), and the person
 * stayed signed in at svc.
 */
import { build } from 'esbuild'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { lendChromium } from '../chromium.js'
import { type InteropSvc, listen, PERSON, signInAtSvc, startInteropSvc } from './svc-for-interop.js'

let svc: InteropSvc
let browser: Browser
let spa: Awaited<ReturnType<typeof listen>>

beforeAll(async () => {
  svc = await startInteropSvc()
  const bundle = await build({
    entryPoints: [new URL('./spa/spa.ts', import.meta.url).pathname],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  })
  const script = bundle.outputFiles[0]!.text
  let page = ''
  spa = await listen(
    (req, res) => {
      if (req.url === '/spa.js') {
        res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(script)
        return
      }
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(page)
    },
    { host: 'localhost' },
  )
  // A browser app: public, web (its exact port only), default scopes.
  const client = await svc.cli(
    'client',
    'create',
    '--name',
    'Single-page Shop',
    '--public',
    '--redirect-uri',
    `${spa.origin}/callback`,
    '--redirect-uri',
    `${spa.origin}/silent`,
    '--post-logout-redirect-uri',
    `${spa.origin}/`,
  )
  const config = JSON.stringify({ authority: svc.issuer, clientId: client.client_id })
  page = `<!doctype html><meta charset="utf-8"><title>SPA</title><p id="status">Loading</p>
<script>window.SPA_CONFIG = ${config}</script><script src="/spa.js"></script>`
  browser = await lendChromium()
}, 60_000)

afterAll(async () => {
  await browser?.close()
  await spa?.close()
  await svc?.bff.stop()
})

const status = (page: Page) => page.locator('#status').textContent()
const userinfoStatus = async (accessToken: string) =>
  (await fetch(`${svc.issuer}/oidc/userinfo`, { headers: { Authorization: `Bearer ${accessToken}` } })).status

describe('oidc-client-ts 3 in Chromium', () => {
  it('signs in, renews silently, revokes, and signs out at svc with revokeTokensOnSignout', { timeout: 60_000 }, async () => {
    const page = await (await browser.newContext()).newPage()
    await page.goto(`${spa.origin}/`)
    await expect.poll(() => status(page), { timeout: 10_000 }).toBe('Ready')
    await page.evaluate(() => void window.spa.signIn())
    await page.waitForURL((url) => url.href.startsWith(svc.issuer))
    await signInAtSvc(page, svc.issuer)
    await expect.poll(() => status(page), { timeout: 10_000 }).toBe(`Signed in as ${PERSON.email}`)
    const first = (await page.evaluate(() => window.spa.user()))!
    expect(first.email).toBe(PERSON.email)

    // Silent renew: a hidden frame to svc with prompt=none, answered from svc's session.
    const renewed = (await page.evaluate(() => window.spa.renew()))!
    expect(renewed).not.toBe(first.accessToken)
    expect(await userinfoStatus(renewed)).toBe(200)

    await page.evaluate(() => window.spa.revoke())
    expect(await userinfoStatus(renewed)).toBe(401)

    const last = (await page.evaluate(() => window.spa.renew()))!
    expect(await userinfoStatus(last)).toBe(200)
    await page.evaluate(() => void window.spa.signOut())
    await page.waitForURL(`${spa.origin}/`)
    await expect.poll(() => status(page), { timeout: 10_000 }).toBe('Ready')
    expect(await userinfoStatus(last)).toBe(401)
    // Signed out at svc: a silent renew now needs the person.
    expect(await page.evaluate(() => window.spa.renew().catch((error: { error?: string }) => error.error))).toBe('login_required')
  })
})
