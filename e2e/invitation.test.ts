/** @module An organisation admin invites someone from the console People page; the invited person follows the mail's link in Chromium. */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD } from '../server/demo/seed-demo.js'
import { type SmtpReceiver, startSmtpReceiver } from '../server/testing/smtp-receiver.js'
import { type RunningBff, startBff, svcBff } from './bff-process.js'
import { lendChromium } from './chromium.js'
import { signInToConsole } from './console-sign-in.js'
import { nextLink } from './mail-link.js'

describe('an invitation in Chromium, with sign-up closed', () => {
  let bff: RunningBff
  let smtp: SmtpReceiver
  let browser: Browser

  beforeAll(async () => {
    smtp = await startSmtpReceiver()
    const db = join(mkdtempSync(join(tmpdir(), 'svc-invite-')), 'svc.db')
    const org = await svcBff('org', 'create', '--name', 'Acme', '--db', db)
    await svcBff(
      'user',
      'create',
      '--email',
      'boss@acme.example',
      '--name',
      'Ada Boss',
      '--password',
      DEMO_PASSWORD,
      '--svc-app',
      org.code!,
      '--svc-role',
      'admin',
      '--db',
      db,
    )
    bff = await startBff(['--db', db], { SVC_SMTP_URL: smtp.url, SVC_MAIL_FROM: 'svc <no-reply@svc.example>', SVC_SIGNUP: 'closed' })
    browser = await lendChromium()
  })

  afterAll(async () => {
    await browser?.close()
    await bff?.stop()
    await smtp?.close()
  })

  it('invites from People; the link sets a password and lands signed in, and People then shows the person active', async () => {
    const admin = await (await browser.newContext()).newPage()
    await signInToConsole(admin, bff.started.url, 'boss@acme.example', '/console/people')
    // An admin gives their organisation's roles only: developers are made by an operator.
    // Each person's Manage panel has a Role too: these are the invitation form's.
    const form = admin.getByRole('form', { name: 'Invite someone' })
    // The form is there once the page has loaded (allInnerTexts does not wait for it): wait, as a person would.
    await expect.poll(() => form.getByLabel('Role').locator('option').allInnerTexts(), { timeout: 15_000 }).toEqual([
      'Marketer (edits ads)',
      'Admin (ads, API keys and people)',
    ])
    await form.getByLabel('Email').fill('grace@example.com')
    await form.getByLabel('Name').fill('Grace Hopper')
    await form.getByLabel('Role').selectOption('marketer')
    await form.getByRole('button', { name: 'Send invitation' }).click()
    await expect.poll(() => admin.getByRole('row', { name: /Grace Hopper/ }).innerText()).toMatch(/\bmarketer\b[\s\S]*\binvited\b/i)

    const invited = await (await browser.newContext()).newPage()
    await invited.goto(await nextLink(smtp, 0, '/accept-invitation'))
    expect(await invited.getByRole('heading').innerText()).toBe('Choose your password')
    await invited.getByLabel('Password').fill('violet kettle harbour lamp')
    await invited.getByRole('button', { name: 'Set password' }).click()
    await expect.poll(() => invited.locator('main').innerText()).toContain('you are signed in as Grace Hopper')
    // Signed in: the page leads to the console, which opens without the login form, with the marketer's section.
    await invited.getByRole('link', { name: 'Open the console' }).click()
    await expect.poll(() => invited.getByRole('link', { name: 'Marketing › Ads' }).count()).toBe(1)

    await admin.reload()
    await expect.poll(() => admin.getByRole('row', { name: /Grace Hopper/ }).innerText()).toMatch(/\bmarketer\b[\s\S]*\bactive\b/i)
  })
})
