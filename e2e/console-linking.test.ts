import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD } from '../server/demo/seed-demo.js'
import { freePort, type RunningBff, startBff, svcBff } from './bff-process.js'
import { lendChromium } from './chromium.js'

// Two svc instances: ours (A, on localhost) and another one (B, on
// 127.0.0.1) that an operator configured as an external provider.
describe('linking an external OpenID Connect provider (another svc) in Chromium', () => {
  let ours: RunningBff
  let theirs: RunningBff
  let browser: Browser
  let a = ''

  beforeAll(async () => {
    const [portA, portB] = [await freePort(), await freePort()]
    a = `http://localhost:${portA}`
    const b = `http://127.0.0.1:${portB}`
    const dbA = join(mkdtempSync(join(tmpdir(), 'svc-link-a-')), 'svc.db')
    const dbB = join(mkdtempSync(join(tmpdir(), 'svc-link-b-')), 'svc.db')
    await svcBff(
      'user',
      'create',
      '--email',
      'ada@partner.example',
      '--name',
      'Ada at Partner',
      '--password',
      'partner password',
      '--db',
      dbB,
    )
    const registration = await svcBff(
      'client',
      'create',
      '--name',
      'Demo Publisher console',
      '--redirect-uri',
      `${a}/console/linked`,
      '--redirect-uri',
      `${a}/oidc/external-callback`,
      '--db',
      dbB,
    )
    await svcBff(
      'provider',
      'add',
      '--slug',
      'partner-id',
      '--name',
      'Partner ID',
      '--issuer',
      b,
      '--client-id',
      registration.client_id!,
      '--client-secret',
      registration.client_secret!,
      '--db',
      dbA,
    )
    theirs = await startBff(['--db', dbB, '--port', String(portB), '--issuer', b])
    ours = await startBff(['--demo', '--db', dbA, '--port', String(portA), '--issuer', a])
    browser = await lendChromium()
  })

  afterAll(async () => {
    await browser?.close()
    await Promise.all([ours?.stop(), theirs?.stop()])
  })

  async function signInAtPartner(page: Page): Promise<void> {
    await page.getByLabel('Email').fill('ada@partner.example')
    await page.getByLabel('Password').fill('partner password')
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  }

  it('links a Partner ID account on the account page, signs in with it, and unlinks it', { timeout: 90_000 }, async () => {
    const page = await (await browser.newContext()).newPage()
    await page.goto(`${a}/account`)
    await page.getByLabel('Email').fill('marketer@demo.example')
    await page.getByLabel('Password').fill(DEMO_PASSWORD)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await page.waitForURL(`${a}/console/account`)

    await page.getByRole('button', { name: 'Link Partner ID' }).click()
    await signInAtPartner(page)
    await page.getByRole('button', { name: 'Allow' }).click()
    // The account page takes its message out of the address bar as it
    // loads, so the address can change before the load event: wait for
    // the message the marketer reads instead.
    await page.getByRole('status').filter({ hasText: 'Your Partner ID account is linked.' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/console/account')
    expect(await page.getByText('Partner ID: linked as ada@partner.example').isVisible()).toBe(true)

    // Later, in a fresh browser: svc's login page offers Partner ID, which signs the marketer in.
    const later = await (await browser.newContext()).newPage()
    await later.goto(`${a}/console`)
    await later.getByRole('link', { name: 'Sign in with Partner ID' }).click()
    await signInAtPartner(later)
    await later.waitForURL(`${a}/console`)
    await expect.poll(() => later.getByText('Mary Marketer (marketer@demo.example)').isVisible()).toBe(true)

    await page.reload()
    page.once('dialog', (dialog) => void dialog.accept())
    await page.getByRole('button', { name: 'Unlink Partner ID' }).click()
    await expect.poll(() => page.getByRole('status').textContent()).toContain('Your Partner ID account is unlinked.')

    // Unlinked, the Partner ID account signs nobody in.
    const after = await (await browser.newContext()).newPage()
    await after.goto(`${a}/console`)
    await after.getByRole('link', { name: 'Sign in with Partner ID' }).click()
    await signInAtPartner(after)
    await expect.poll(() => after.getByRole('status').textContent()).toContain('No svc account is linked to this Partner ID account.')
  })
})
