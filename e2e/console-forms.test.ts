/**
 * @module The console's forms as a person fills them in Chromium (API
 * keys, registering and editing a client, its webhook endpoints and secrets
 * and the warning beside one this server, as in production, will not
 * deliver to, the account page): each saved unchanged changes nothing, one field
 * changed changes exactly that, every refusal shows beside its field in
 * the form's words, and every page fits a 375 px screen. One browser, one
 * sign-in per role.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { DEMO_PASSWORD } from '../server/demo/seed-demo.js'
import { ACCOUNT_WORDS } from '../server/i18n/account-words.js'
import type { ConsoleClientDetail } from '../shared/console-wire.js'
import { type RunningBff, startBff, svcBff } from './bff-process.js'
import { lendChromium } from './chromium.js'
import { pageOverflows } from './page-overflow.js'
import { signInToConsole } from './console-sign-in.js'
import { keepScreenshot } from './screenshots.js'

describe('the console forms in Chromium', () => {
  let bff: RunningBff
  let browser: Browser
  let db: string
  const pages: Record<'admin' | 'developer' | 'operator', Page> = {} as never
  let base = ''

  beforeAll(async () => {
    db = join(mkdtempSync(join(tmpdir(), 'svc-forms-')), 'svc.db')
    // No SVC_WEBHOOK_ALLOW_PRIVATE: webhook URLs on loopback are refused, as in production.
    bff = await startBff(['--demo', '--db', db])
    base = bff.started.url
    await svcBff('org', 'create', '--name', 'Second Org', '--db', db)
    browser = await lendChromium()
    for (const role of ['admin', 'developer', 'operator'] as const) {
      const context: BrowserContext = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] })
      pages[role] = await context.newPage()
      await signInToConsole(pages[role], base, `${role}@demo.example`)
    }
  }, 60_000)

  afterAll(async () => {
    await browser?.close()
    await bff?.stop()
  })

  /** What the console API answers the page's session, as the page would fetch it. */
  const apiGet = async <T>(page: Page, path: string): Promise<T> =>
    (await page.request.get(`${base}/console/api${path}`)).json() as Promise<T>
  const errorOf = (page: Page, id: string) => page.locator(`#${id}-error`).textContent()
  const invalid = (page: Page) => page.locator('[aria-invalid="true"]').count()

  it('creates an API key exactly as filled in, showing each refusal beside its field and none after a success', { timeout: 60_000 }, async () => {
    const page = pages.admin
    await page.goto(`${base}/console/keys`)
    await page.getByLabel('Allowed origins').fill('not-a-url')
    // The page refuses a limit out of the server's range itself, in its own words, sending nothing.
    await page.getByLabel('Requests a minute').fill('0')
    await page.getByRole('button', { name: 'Create key' }).click()
    await expect.poll(() => invalid(page)).toBe(1)
    expect(await errorOf(page, 'rate_limit')).toBe('Requests a minute must be a whole number from 1 to 100,000,000.')
    expect(await page.getByRole('alert').textContent()).toBe('Fix the field marked below.')
    await page.getByLabel('Requests a minute').fill('90')
    await page.getByRole('button', { name: 'Create key' }).click()
    await expect.poll(() => errorOf(page, 'origins')).toBe('Origin "not-a-url" is not a URL; write it as https://host[:port]')
    expect(await invalid(page)).toBe(1)

    await page.getByLabel('Allowed origins').fill('https://shop.example https://www.shop.example')
    await page.getByLabel('Requests a minute').fill('90')
    await page.getByRole('button', { name: 'Create key' }).click()
    const shown = page.locator('.shown-once dd code')
    await expect.poll(() => shown.count()).toBe(1)
    const key = (await shown.textContent())!
    expect(key).toMatch(/^svc_pk_/)
    // The earlier refusal is gone beside the success.
    expect(await invalid(page)).toBe(0)
    expect(await page.getByRole('alert').count()).toBe(0)
    await page.getByRole('button', { name: 'Copy new api key' }).click()
    await expect.poll(() => page.getByText('Copied').count()).toBe(1)
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key)

    const { keys } = await apiGet<{ keys: { key_prefix: string; origins: string[]; rate_limit: number }[] }>(page, '/keys')
    const made = keys.find((listed) => key.startsWith(listed.key_prefix))!
    expect(made).toMatchObject({ origins: ['https://shop.example', 'https://www.shop.example'], rate_limit: 90 })

    page.once('dialog', (dialog) => void dialog.accept())
    await page.getByRole('button', { name: `Revoke ${made.key_prefix}` }).click()
    await expect.poll(() => page.getByRole('status').first().textContent()).toBe(`Key ${made.key_prefix}… revoked.`)
    expect(await page.locator('.shown-once').count()).toBe(0)
  })

  let clientId = ''

  it(
    'registers a client showing every refusal at once, in the form’s words, then keeps what was filled in',
    { timeout: 60_000 },
    async () => {
      const page = pages.developer
      await page.goto(`${base}/console/clients`)
      await page.getByLabel('Redirect URIs', { exact: true }).fill('http://shop.example/callback')
      await page.getByLabel('Post-logout redirect URIs', { exact: true }).fill('javascript:alert(1)')
      await page.getByLabel('Webhook URL', { exact: true }).fill('http://127.0.0.1:9/hooks')
      await page.getByRole('button', { name: 'Register' }).click()
      await expect.poll(() => invalid(page)).toBe(4)
      expect(await errorOf(page, 'name')).toBe('The name must be 1 to 200 characters')
      expect(await errorOf(page, 'redirect_uris')).toBe(
        'Redirect URI "http://shop.example/callback" may use http only on loopback (127.0.0.1, [::1]) or localhost; use https',
      )
      expect(await errorOf(page, 'post_logout_redirect_uris')).toMatch(/^Post-logout redirect URI "javascript:alert\(1\)" must not use/)
      expect(await errorOf(page, 'webhook_url')).toMatch(/^The webhook URL must reach a public address.*SVC_WEBHOOK_ALLOW_PRIVATE=1/)
      expect(await page.getByRole('alert').textContent()).toBe('Fix the 4 fields marked below.')

      const arabic = 'متجر الشريك'
      await page.getByLabel('Name', { exact: true }).fill(arabic)
      await page.getByLabel('Redirect URIs', { exact: true }).fill('https://shop.example/callback https://shop.example/other')
      await page.getByLabel('Post-logout redirect URIs', { exact: true }).fill('https://shop.example/bye')
      await page.getByLabel('Webhook URL', { exact: true }).fill('https://hooks.shop.example/svc')
      await page.getByRole('button', { name: 'Register' }).click()
      await expect.poll(() => page.locator('.shown-once').count()).toBe(1)
      expect(await invalid(page)).toBe(0)
      expect(await page.getByRole('alert').count()).toBe(0)
      clientId = (await page.locator('dt:has-text("Client id") + dd code').textContent())!
      await page.getByRole('button', { name: 'Copy client secret' }).click()
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
        await page.locator('dt:has-text("Client secret") + dd code').textContent(),
      )
      // A right-to-left name reads right to left.
      const link = page.getByRole('link', { name: arabic })
      expect(await link.evaluate((element) => getComputedStyle(element).direction)).toBe('rtl')

      const { client } = await apiGet<ConsoleClientDetail>(page, `/clients/${clientId}`)
      expect(client).toMatchObject({
        name: arabic,
        redirect_uris: ['https://shop.example/callback', 'https://shop.example/other'],
        post_logout_redirect_uris: ['https://shop.example/bye'],
        webhook_endpoints: { total: 1, enabled: 1 },
        privacy_policy_url: null,
        terms_of_service_url: null,
        logo_uri: null,
      })
    },
  )

  it("edits a client's registration: unchanged changes nothing, one field changed changes exactly it", { timeout: 60_000 }, async () => {
    const page = pages.developer
    await page.goto(`${base}/console/clients/${clientId}`)
    const form = page.getByRole('form', { name: 'Registration' })
    await expect
      .poll(() => form.getByLabel('Redirect URIs', { exact: true }).inputValue())
      .toBe('https://shop.example/callback\nhttps://shop.example/other')
    const before = (await apiGet<ConsoleClientDetail>(page, `/clients/${clientId}`)).client

    await form.getByRole('button', { name: 'Save registration' }).click()
    await expect.poll(() => page.getByRole('status').first().textContent()).toBe('Registration saved.')
    expect((await apiGet<ConsoleClientDetail>(page, `/clients/${clientId}`)).client).toEqual(before)

    await form.getByLabel('Name', { exact: true }).fill('')
    await form.getByLabel('Redirect URIs', { exact: true }).fill('https://*.shop.example/cb')
    await form.getByRole('button', { name: 'Save registration' }).click()
    await expect.poll(() => invalid(page)).toBe(2)
    expect(await errorOf(page, 'edit-redirect_uris')).toBe(
      'Redirect URI "https://*.shop.example/cb" must not contain a wildcard (*): register each address exactly',
    )
    expect((await apiGet<ConsoleClientDetail>(page, `/clients/${clientId}`)).client).toEqual(before)

    await form.getByLabel('Name', { exact: true }).fill(before.name)
    await form.getByLabel('Redirect URIs', { exact: true }).fill('https://shop.example/callback https://shop.example/other')
    await form.getByLabel('Privacy policy URL', { exact: true }).fill('https://shop.example/privacy')
    await form.getByRole('button', { name: 'Save registration' }).click()
    await expect.poll(() => page.getByRole('status').first().textContent()).toBe('Registration saved.')
    expect(await invalid(page)).toBe(0)
    expect((await apiGet<ConsoleClientDetail>(page, `/clients/${clientId}`)).client).toEqual({
      ...before,
      privacy_policy_url: 'https://shop.example/privacy',
    })

    // The application type loads into its select and survives a save unchanged.
    expect(before.application_type).toBe('web')
    await form.getByLabel('Application type', { exact: true }).selectOption('native')
    await form.getByRole('button', { name: 'Save registration' }).click()
    await expect.poll(async () => (await apiGet<ConsoleClientDetail>(page, `/clients/${clientId}`)).client.application_type).toBe('native')
    await page.reload()
    await expect.poll(() => form.getByLabel('Application type', { exact: true }).inputValue()).toBe('native')
    const native = (await apiGet<ConsoleClientDetail>(page, `/clients/${clientId}`)).client
    await form.getByRole('button', { name: 'Save registration' }).click()
    await expect.poll(() => page.getByRole('status').first().textContent()).toBe('Registration saved.')
    expect((await apiGet<ConsoleClientDetail>(page, `/clients/${clientId}`)).client).toEqual(native)
    await form.getByLabel('Application type', { exact: true }).selectOption('web')
    await form.getByRole('button', { name: 'Save registration' }).click()
    await expect.poll(async () => (await apiGet<ConsoleClientDetail>(page, `/clients/${clientId}`)).client.application_type).toBe('web')
  })

  it(
    'edits a webhook endpoint (saved unchanged: nothing changes, no new secret; then one field), warns of a loopback URL, adds one for chosen events, and names and confirms secrets',
    { timeout: 60_000 },
    async () => {
      const page = pages.developer
      await page.goto(`${base}/console/clients/${clientId}`)
      const url = 'https://hooks.shop.example/svc'
      await page.getByRole('button', { name: `Edit ${url}` }).click()
      const form = page.getByRole('form', { name: `Edit endpoint ${url}` })
      await expect.poll(() => form.getByLabel('Endpoint URL', { exact: true }).inputValue()).toBe(url)
      expect(await form.getByLabel('All events, including ones added later').isChecked()).toBe(true)
      const before = await apiGet<ConsoleClientDetail>(page, `/clients/${clientId}`)
      const [first] = before.webhook_endpoints
      expect(first).toMatchObject({ url, events: ['*'], enabled: true, description: '' })

      await form.getByRole('button', { name: 'Save endpoint' }).click()
      await expect.poll(() => page.getByRole('status').first().textContent()).toBe('Endpoint saved.')
      const unchanged = await apiGet<ConsoleClientDetail>(page, `/clients/${clientId}`)
      expect(unchanged.webhook_endpoints).toEqual(before.webhook_endpoints)
      expect(await page.locator('.shown-once').count()).toBe(0)

      await page.getByRole('button', { name: `Edit ${url}` }).click()
      await form.getByLabel('Description', { exact: true }).fill('طلبات Orders')
      await form.getByRole('button', { name: 'Save endpoint' }).click()
      await expect.poll(() => page.getByRole('status').first().textContent()).toBe('Endpoint saved.')
      expect((await apiGet<ConsoleClientDetail>(page, `/clients/${clientId}`)).webhook_endpoints).toEqual([{ ...first, description: 'طلبات Orders' }])

      // A loopback address is saved (an operator may allow private targets), with a warning beside the endpoint; then put back.
      await page.getByRole('button', { name: `Edit ${url}` }).click()
      await form.getByLabel('Endpoint URL', { exact: true }).fill('http://localhost:8080/hooks')
      await form.getByRole('button', { name: 'Save endpoint' }).click()
      await expect
        .poll(() => page.locator('.endpoint .warning').first().textContent())
        .toMatch(/svc will not deliver to localhost: it resolves only to .*loopback.*SVC_WEBHOOK_ALLOW_PRIVATE=1/)
      await page.getByRole('button', { name: 'Edit http://localhost:8080/hooks' }).click()
      await page.getByRole('form', { name: 'Edit endpoint http://localhost:8080/hooks' }).getByLabel('Endpoint URL', { exact: true }).fill(url)
      await page.getByRole('form', { name: 'Edit endpoint http://localhost:8080/hooks' }).getByRole('button', { name: 'Save endpoint' }).click()
      await expect.poll(() => page.getByRole('button', { name: `Edit ${url}` }).count()).toBe(1)
      expect(await page.locator('.endpoint .warning').count()).toBe(0)

      const add = page.getByRole('form', { name: 'Add endpoint' })
      await add.getByLabel('Endpoint URL', { exact: true }).fill('https://audit.shop.example/in')
      await add.getByLabel('All events, including ones added later').uncheck()
      await add.getByLabel('account.deleted').check()
      await add.getByRole('button', { name: 'Add endpoint' }).click()
      await expect.poll(() => page.getByRole('status').filter({ hasText: 'Endpoint added.' }).count()).toBe(1)
      expect(await page.locator('.shown-once').textContent()).toMatch(/whsec_/)
      const added = (await apiGet<ConsoleClientDetail>(page, `/clients/${clientId}`)).webhook_endpoints
      expect(added.map((endpoint) => [endpoint.url, endpoint.events])).toEqual([
        [url, ['*']],
        ['https://audit.shop.example/in', ['account.deleted']],
      ])

      await page.getByRole('button', { name: `Rotate the secret of ${url}` }).click()
      await expect.poll(() => page.locator('.endpoint').first().locator('.secrets li').count()).toBe(2)
      expect(await page.locator('.secrets li').first().textContent()).toMatch(/Secret 1 · fingerprint [0-9a-f]{8} · added/)
      await page.getByRole('button', { name: 'Copy new webhook secret' }).click()
      await expect.poll(() => page.getByText('Copied').count()).toBe(1)

      // Removing asks first, naming the secret; saying no keeps it.
      const asked: string[] = []
      page.once('dialog', (dialog) => void (asked.push(dialog.message()), dialog.dismiss()))
      await page.getByRole('button', { name: `Remove secret 1 of ${url}` }).click()
      await expect.poll(() => asked.length).toBe(1)
      expect(asked[0]).toMatch(/^Remove secret 1 \(fingerprint [0-9a-f]{8}\)\?/)
      expect((await apiGet<ConsoleClientDetail>(page, `/clients/${clientId}`)).webhook_endpoints[0]!.secrets).toHaveLength(2)
      page.once('dialog', (dialog) => void dialog.accept())
      await page.getByRole('button', { name: `Remove secret 1 of ${url}` }).click()
      await expect.poll(() => page.getByRole('status').first().textContent()).toBe('Secret 1 removed.')
      expect((await apiGet<ConsoleClientDetail>(page, `/clients/${clientId}`)).webhook_endpoints[0]!.secrets.map((secret) => secret.number)).toEqual([2])

      // Disabled, it says so; enabled again.
      await page.getByRole('button', { name: 'Disable https://audit.shop.example/in' }).click()
      await expect.poll(() => page.getByRole('status').first().textContent()).toBe('Endpoint disabled: it receives no new events.')
      expect((await apiGet<ConsoleClientDetail>(page, `/clients/${clientId}`)).webhook_endpoints[1]).toMatchObject({ enabled: false, disabled_reason: expect.stringMatching(/^disabled by /) })
      // Enabling offers to recover what failed; enabling only recovers nothing.
      await page.getByRole('button', { name: 'Enable https://audit.shop.example/in' }).click()
      await page.getByRole('form', { name: 'Recover https://audit.shop.example/in' }).getByRole('button', { name: 'Enable only' }).click()
      await expect.poll(() => page.getByRole('status').first().textContent()).toBe('Endpoint enabled.')

      // A long address and a right-to-left description fit at 1280 and 375 px.
      const long = `https://receiver.example/${'very-long-path-segment/'.repeat(8)}hooks`
      await add.getByLabel('Endpoint URL', { exact: true }).fill(long)
      await add.getByLabel('Description', { exact: true }).fill('خدمة الطلبات في بيئة الاختبار')
      await add.getByRole('button', { name: 'Add endpoint' }).click()
      await expect.poll(() => page.locator('.endpoint').count()).toBe(3)
      await page.getByRole('button', { name: 'Disable https://audit.shop.example/in' }).click()
      await expect.poll(() => page.getByRole('status').first().textContent()).toBe('Endpoint disabled: it receives no new events.')
      await keepScreenshot(page, 'client-webhooks-1280.png', { fullPage: true })
      const wide = page.viewportSize()!
      await page.setViewportSize({ width: 375, height: 800 })
      try {
        await page.reload()
        await expect.poll(() => page.locator('.endpoint').count()).toBe(3)
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
        await keepScreenshot(page, 'client-webhooks-375.png', { fullPage: true })
      } finally {
        await page.setViewportSize(wide)
      }
    },
  )

  it('fits every console page into 375 px: nothing runs off the page sideways', { timeout: 90_000 }, async () => {
    // The operator's signed-in page, narrowed (each page below is a fresh
    // load at 375 px) and widened again for the tests after: a context and
    // a sign-in of its own cost Chromium more than the check.
    const narrow = pages.operator
    await narrow.setViewportSize({ width: 375, height: 740 })
    onTestFinished(() => narrow.setViewportSize({ width: 1280, height: 720 }))
    for (const path of [
      '/console',
      '/console/ads',
      '/console/keys',
      '/console/clients',
      `/console/clients/${clientId}`,
      '/console/signing-keys',
      '/console/account',
    ]) {
      await narrow.goto(`${base}${path}`)
      await expect.poll(() => narrow.locator('main h1').count(), { message: path }).toBe(1)
      await narrow.waitForLoadState('networkidle')
      const [scrollWidth, width] = await narrow.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth])
      expect(scrollWidth, path).toBeLessThanOrEqual(width!)
    }
  })

  it(
    "keeps the operator's organisation in the address on API keys (through a reload and Back), People and Reports",
    { timeout: 60_000 },
    async () => {
      const page = pages.operator
      await page.goto(`${base}/console/keys`)
      const picker = page.getByLabel('Organisation')
      await expect.poll(() => picker.locator('option').count()).toBe(2)
      const second = await picker.locator('option', { hasText: 'Second Org' }).getAttribute('value')
      await picker.selectOption(second!)
      await expect.poll(() => new URL(page.url()).searchParams.get('organisation')).toBe(second)
      await page.reload()
      await expect.poll(() => page.getByLabel('Organisation').inputValue()).toBe(second)
      await page.getByRole('link', { name: 'Account' }).click()
      await page.goBack()
      await expect.poll(() => page.getByLabel('Organisation').inputValue()).toBe(second)
      // People and Reports take the organisation the address names, and the first when it names none they may see.
      // (People's picker is its filter, above the invitation form's own.)
      for (const path of ['/console/people', '/console/reports']) {
        await page.goto(`${base}${path}?organisation=${second}`)
        await expect.poll(() => page.getByLabel('Organisation').first().inputValue()).toBe(second)
        await page.goto(`${base}${path}?organisation=NOPE`)
        await expect.poll(() => page.getByLabel('Organisation').first().inputValue()).not.toBe(second)
      }
    },
  )

  it(
    "shows a linking message once and takes it out of the address; the account's delete form refuses beside its field",
    { timeout: 60_000 },
    async () => {
      await svcBff('user', 'create', '--email', 'leaving@demo.example', '--name', 'Leaving User', '--password', DEMO_PASSWORD, '--db', db)
      const page = await (await browser.newContext()).newPage()
      await signInToConsole(page, base, 'leaving@demo.example', '/console/account')
      await page.goto(`${base}/console/account?message=${encodeURIComponent('Your Partner ID account is linked.')}`)
      await expect.poll(() => page.getByRole('status').first().textContent()).toBe('Your Partner ID account is linked.')
      expect(new URL(page.url()).search).toBe('')
      await page.reload()
      await expect.poll(() => page.getByRole('heading', { name: 'Leaving User' }).count()).toBe(1)
      expect(await page.getByRole('status').count()).toBe(0)

      const confirm = page.getByLabel('Type leaving@demo.example to confirm')
      await confirm.fill('someone@else.example')
      await page.getByRole('button', { name: 'Delete my account' }).click()
      await expect.poll(() => errorOf(page, 'confirm')).toBe(ACCOUNT_WORDS.en.typeToConfirmRefused.replace('{email}', 'leaving@demo.example'))
      expect(await confirm.getAttribute('aria-invalid')).toBe('true')
      await confirm.fill('leaving@demo.example')
      await page.getByRole('button', { name: 'Delete my account' }).click()
      await expect.poll(() => page.getByRole('heading', { name: 'Account deleted' }).count()).toBe(1)
    },
  )

  it('deletes a client after a confirmation naming it', { timeout: 60_000 }, async () => {
    const page = pages.developer
    await page.goto(`${base}/console/clients/${clientId}`)
    const { client } = await apiGet<ConsoleClientDetail>(page, `/clients/${clientId}`)
    const asked: string[] = []
    page.once('dialog', (dialog) => void (asked.push(dialog.message()), dialog.accept()))
    await page.getByRole('button', { name: 'Delete client' }).click()
    await expect.poll(() => page.getByRole('status').first().textContent()).toBe(`The client ${client.name} is deleted.`)
    expect(asked[0]).toMatch(new RegExp(`^Delete the client ${client.name}\\? Everyone signed in to it is signed out`))
    expect((await page.request.get(`${base}/console/api/clients/${clientId}`)).status()).toBe(404)
    await page.getByRole('link', { name: '← All clients' }).click()
    await expect.poll(() => page.getByRole('link', { name: client.name }).count()).toBe(0)
  })

  it('warns beside an endpoint whose address the sender will refuse, at 1280 and 375 px', { timeout: 60_000 }, async () => {
    // This server keeps to public addresses, as in production.
    const page = pages.developer
    await page.setViewportSize({ width: 1280, height: 900 })
    onTestFinished(() => page.setViewportSize({ width: 1280, height: 720 }))
    await page.goto(`${base}/console/clients`)
    await page.getByLabel('Name', { exact: true }).fill('Intranet Shop')
    await page.getByLabel('Redirect URIs', { exact: true }).fill('https://shop.example/callback')
    await page.getByRole('button', { name: 'Register' }).click()
    await page.getByRole('link', { name: 'Intranet Shop' }).click()
    const add = page.getByRole('form', { name: 'Add endpoint' })
    await add.getByLabel('Endpoint URL').fill('http://10.0.0.5/hooks')
    await add.getByRole('button', { name: 'Add endpoint' }).click()
    const endpoint = page.getByRole('listitem', { name: 'Endpoint http://10.0.0.5/hooks' })
    const warning = endpoint.getByRole('note')
    await expect.poll(() => warning.textContent()).toBe(
      'Warning: svc will not deliver to 10.0.0.5: it is a private, loopback or link-local address; an operator can allow such addresses with SVC_WEBHOOK_ALLOW_PRIVATE=1',
    )
    await keepScreenshot(endpoint, 'endpoint-warning-1280.png')
    // Still there after a reload: the page works it out on every load, not only from the save's answer.
    await page.reload()
    await expect.poll(() => warning.textContent()).toMatch(/^Warning: svc will not deliver to 10\.0\.0\.5: /)
    // A test event the sender refuses says so in an alert, in the endpoint's panel.
    await endpoint.getByRole('button', { name: 'Send a test event to http://10.0.0.5/hooks' }).click()
    const failed = endpoint.getByRole('alert')
    await expect.poll(() => failed.count(), { timeout: 20_000 }).toBe(1)
    expect(await failed.textContent()).toMatch(/^Test event to http:\/\/10\.0\.0\.5\/hooks failed: /)
    expect(await failed.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(255, 235, 233)')
    await keepScreenshot(endpoint, 'endpoint-test-failed-1280.png')
    await page.setViewportSize({ width: 375, height: 800 })
    await expect.poll(() => pageOverflows(page)).toBe(false)
    await keepScreenshot(endpoint, 'endpoint-warning-375.png')
    // Moved to a public address, the warning goes.
    await endpoint.getByRole('button', { name: 'Edit http://10.0.0.5/hooks' }).click()
    const edit = page.getByRole('form', { name: 'Edit endpoint http://10.0.0.5/hooks' })
    await edit.getByLabel('Endpoint URL').fill('https://93.184.215.14/hooks')
    await edit.getByRole('button', { name: 'Save endpoint' }).click()
    await expect.poll(() => page.getByRole('listitem', { name: 'Endpoint https://93.184.215.14/hooks' }).count()).toBe(1)
    expect(await page.getByRole('note').count()).toBe(0)
  })
})
