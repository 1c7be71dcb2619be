import { mkdtempSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Webhook } from 'standardwebhooks'
import { verifyWebhook } from '../shared/webhook-signature.js'
import { openDatabase } from '../server/db/open-database.js'
import { type RunningBff, startBff, svcBff } from './bff-process.js'
import { lendChromium } from './chromium.js'
import { sharedConsolePages, signInToConsole } from './console-sign-in.js'

/** Whether the `standardwebhooks` library, given the secret as printed, accepts the delivery. */
function standardWebhookVerifies(body: string, headers: Record<string, string>, secret: string): boolean {
  try {
    new Webhook(secret).verify(body, headers)
    return true
  } catch {
    return false
  }
}

interface Received {
  event: string
  data: Record<string, unknown>
  verified: boolean
}

describe('the console in Chromium: the developer portal and the account page', () => {
  let bff: RunningBff
  let browser: Browser
  /** The operator's signed-in page, which the operator's three tests take in turn. */
  let operatorPages: ReturnType<typeof sharedConsolePages>
  let db: string
  let receiver: Server
  let receiverUrl: string
  // What the partner's backend knows: the secret it was shown, and whether it is up.
  const partner = { secret: '', up: false, received: [] as Received[] }

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      if (req.method === 'GET') return void res.writeHead(200, { 'Content-Type': 'text/html' }).end('<p>Signed in to the shop.</p>')
      let body = ''
      req.on('data', (chunk) => (body += chunk))
      // Not awaited by node:http: a failure in here (a body that is not JSON) fails the run as an unhandled rejection.
      req.on('end', () => void (async () => {
        if (!partner.up) return void res.writeHead(503).end()
        // The secret as the portal printed it verifies both schemes: svc's own, and Standard Webhooks' with its library.
        const verified =
          (await verifyWebhook(body, req.headers['x-svc-signature'] as string, [partner.secret]).then(
            () => true,
            () => false,
          )) && standardWebhookVerifies(body, req.headers as Record<string, string>, partner.secret)
        const { event, data } = JSON.parse(body) as Received
        partner.received.push({ event, data, verified })
        res.writeHead(verified ? 200 : 400).end()
      })())
    })
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`
    db = join(mkdtempSync(join(tmpdir(), 'svc-portal-')), 'svc.db')
    bff = await startBff(['--demo', '--db', db], { SVC_WEBHOOK_ALLOW_PRIVATE: '1' })
    browser = await lendChromium()
    operatorPages = sharedConsolePages(browser, bff.started.url)
  })

  afterAll(async () => {
    await browser?.close()
    await bff?.stop()
    receiver?.closeAllConnections()
    await new Promise((resolve) => receiver?.close(resolve))
  })

  let clientId = ''

  it(
    'lets a developer register a client, rotate its webhook secret and replay a dead delivery that the receiver then accepts',
    { timeout: 90_000 },
    async () => {
      const page = await (await browser.newContext()).newPage()
      await signInToConsole(page, bff.started.url, 'developer@demo.example')
      await page.getByRole('link', { name: 'Developers' }).click()
      await page.getByLabel('Name', { exact: true }).fill('Partner Shop')
      await page.getByLabel('Redirect URIs', { exact: true }).fill(`${receiverUrl}/callback`)
      await page.getByLabel('Webhook URL', { exact: true }).fill(`${receiverUrl}/hooks`)
      // A refused post-logout URI is shown beside its field, which takes the focus.
      const postLogout = page.getByLabel('Post-logout redirect URIs', { exact: true })
      await postLogout.fill('http://shop.example/signed-out')
      await page.getByRole('button', { name: 'Register' }).click()
      await expect.poll(() => postLogout.getAttribute('aria-invalid')).toBe('true')
      expect(await postLogout.evaluate((input) => input === (input.getRootNode() as ShadowRoot).activeElement)).toBe(true)
      expect(await page.locator('#post_logout_redirect_uris-error').textContent()).toContain('http only on loopback')
      await postLogout.fill('')
      await page.getByRole('button', { name: 'Register' }).click()
      const shown = page.getByRole('status')
      await expect.poll(() => shown.textContent()).toContain('Webhook secret')
      clientId = (await shown.locator('dt:has-text("Client id") + dd').textContent())!.trim()
      const firstSecret = (await shown.locator('dt:has-text("Webhook secret") + dd').textContent())!.trim()

      // An event the receiver, down, never takes: after its eighth failure it is dead.
      await svcBff('webhooks', 'ping', '--client', clientId, '--db', db)
      const database = await openDatabase({ sqlitePath: db })
      await expect
        .poll(async () => (await database.selectFrom('webhook_attempts').select('id').execute()).length, { timeout: 10_000 })
        .toBeGreaterThan(0)
      // The remaining seven attempts take 14 hours; the test stands in for them.
      await database.updateTable('webhook_deliveries').set({ state: 'dead', attempts: 8 }).execute()
      await database.destroy()

      await page.getByRole('link', { name: 'Partner Shop' }).click()
      await page.getByRole('button', { name: /^Rotate the secret of / }).click()
      await expect.poll(() => page.getByRole('status').textContent()).toContain('New webhook secret')
      const newSecret = (await page.getByRole('status').locator('dd').textContent())!.trim()
      expect(newSecret).not.toBe(firstSecret)
      // The partner deploys the new secret, and its receiver is back.
      Object.assign(partner, { secret: newSecret, up: true })
      page.once('dialog', (dialog) => void dialog.accept())
      await page
        .getByRole('button', { name: /^Remove secret/ })
        .first()
        .click()
      await expect.poll(() => page.getByRole('status').filter({ hasText: 'removed' }).count()).toBe(1)

      await page.getByRole('button', { name: /^Replay ping/ }).click()
      await expect.poll(() => partner.received.length, { timeout: 15_000 }).toBe(1)
      expect(partner.received[0]).toMatchObject({ event: 'ping', verified: true })
      await expect
        .poll(async () => {
          await page.getByRole('button', { name: 'Refresh' }).click()
          return page.getByRole('cell', { name: 'delivered' }).count()
        })
        .toBe(1)
    },
  )

  it("lets a user revoke an app's consent on the account page, and the app hears of it", { timeout: 60_000 }, async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await signInToConsole(page, bff.started.url, 'marketer@demo.example', '/console/account')
    // The user signs in to the partner's app, consenting.
    await page.goto(
      `${bff.started.url}/oidc/authorize?${new URLSearchParams({ client_id: clientId, redirect_uri: `${receiverUrl}/callback`, response_type: 'code', scope: 'openid email', state: 's' })}`,
    )
    await page.getByRole('button', { name: 'Allow' }).click()
    await page.waitForURL(`${receiverUrl}/callback?**`)

    await page.goto(`${bff.started.url}/account`)
    page.once('dialog', (dialog) => void dialog.accept())
    await page.getByRole('button', { name: 'Disconnect Partner Shop' }).click()
    await expect.poll(() => page.getByRole('status').textContent()).toContain('Partner Shop is disconnected.')
    await expect
      .poll(() => partner.received.find((hook) => hook.event === 'account.consent_revoked'), { timeout: 15_000 })
      .toMatchObject({ verified: true, data: { scopes: ['openid', 'email'] } })
  })

  it(
    'keeps the client last opened on screen when the one opened before answers late: the stale load is aborted, not shown',
    { timeout: 60_000 },
    async () => {
      const client = (name: string) =>
        svcBff('client', 'create', '--name', name, '--redirect-uri', `${receiverUrl}/callback`, '--db', db).then((made) => made.client_id!)
      const [slow, quick] = [await client('Slow Alpha'), await client('Quick Beta')]
      const page = await operatorPages('operator@demo.example', '/console/clients')
      // Slow Alpha's detail is held back until Quick Beta's is on screen.
      let release = () => {}
      const held = new Promise<void>((resolve) => (release = resolve))
      let asked = false
      await page.route(`**/console/api/clients/${slow}`, async (route) => {
        asked = true
        await held
        // The browser may have dropped the request meanwhile; then there is nothing to answer.
        await route.continue().catch(() => {})
      })
      const dropped = page.waitForEvent('requestfailed', (request) => request.url().endsWith(`/clients/${slow}`))

      await page.getByRole('link', { name: 'Slow Alpha' }).click()
      await expect.poll(() => asked).toBe(true)
      await page.goBack()
      await page.getByRole('link', { name: 'Quick Beta' }).click()
      const heading = page.getByRole('heading', { level: 1 })
      await expect.poll(() => heading.textContent()).toBe('Quick Beta')
      expect((await dropped).failure()?.errorText).toMatch(/ABORTED/)

      release()
      await page.unroute(`**/console/api/clients/${slow}`)
      // Time for a late answer to land, had it not been aborted.
      await page.waitForTimeout(500)
      expect(await heading.textContent()).toBe('Quick Beta')
      expect(page.url()).toBe(`${bff.started.url}/console/clients/${quick}`)
    },
  )

  it(
    'lets an operator rotate the signing key safely: the new key is shown as next, signing from 6 hours on',
    { timeout: 60_000 },
    async () => {
      const page = await operatorPages('operator@demo.example')
      await page.getByRole('link', { name: 'Signing keys' }).click()
      await expect.poll(() => page.getByRole('cell', { name: 'Signing', exact: true }).count()).toBe(1)
      // The safe rotation asks nothing: it signs nobody out.
      await page.getByRole('button', { name: 'Rotate', exact: true }).click()
      await expect.poll(() => page.getByRole('status').textContent()).toMatch(/is published and starts signing at/)
      await expect.poll(() => page.getByRole('cell', { name: /^Next: published, signs from/ }).count()).toBe(1)
      await expect.poll(() => page.getByRole('cell', { name: /^Signing until/ }).count()).toBe(1)
      // A second safe rotation cannot be started while a key waits; the emergency one stands apart, asked twice.
      expect(await page.getByRole('button', { name: 'Rotate', exact: true }).isDisabled()).toBe(true)
      const emergency = page.getByRole('region', { name: 'Emergency: a leaked key' })
      page.once('dialog', (dialog) => void dialog.accept())
      await emergency.getByRole('button', { name: 'Sign with a new key now' }).click()
      await expect.poll(() => page.getByRole('status').textContent()).toMatch(/signs now; every earlier key was withdrawn/)
      await expect.poll(() => page.getByRole('cell', { name: /^Withdrawn .* \(emergency\)/ }).count()).toBe(2)
    },
  )
  it('keeps the header, its links and Sign out on a 375 px screen (they ran off it)', { timeout: 60_000 }, async () => {
    const page = await operatorPages('operator@demo.example', '/console', { width: 375, height: 740 })
    for (const path of ['/console/keys', '/console/signing-keys', '/console/account']) {
      await page.goto(`${bff.started.url}${path}`)
      const header = page.locator('svc-console header')
      await expect.poll(() => header.isVisible()).toBe(true)
      const box = (await header.boundingBox())!
      expect(box.x + box.width, path).toBeLessThanOrEqual(375)
      for (const name of ['Signing keys', 'Account']) {
        // The sections scroll in their own strip: a link brought in by focus is wholly on screen.
        await page.getByRole('link', { name, exact: true }).focus()
        const link = (await page.getByRole('link', { name, exact: true }).boundingBox())!
        expect(link.x + link.width, `${name} on ${path}`).toBeLessThanOrEqual(375)
      }
      const signOut = (await page.getByRole('button', { name: 'Sign out', exact: true }).boundingBox())!
      expect(signOut.x + signOut.width, `Sign out on ${path}`).toBeLessThanOrEqual(375)
    }
  })
})
