import { afterAll, beforeAll, it } from 'vitest'
import { chromium, type Browser } from 'playwright-core'
import { invite, resendInvitation } from './account-changes/invitations.js'
import { DEFAULT_BRANDING } from './branding.js'
import { identityFixture, type IdentityFixture } from './testing/identity-fixture.js'

let idp: IdentityFixture
let browser: Browser
beforeAll(async () => {
  idp = await identityFixture({ signup: 'closed' })
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--headless=new', '--disable-gpu'] })
})
afterAll(async () => {
  await browser.close()
  await idp.close()
})
it('shoots', async () => {
  const ctx = { db: idp.db, issuer: idp.issuer, now: () => new Date(), branding: DEFAULT_BRANDING }
  const user = await invite(ctx, { email: 'grace@example.com', name: 'Grace', svcApp: undefined, svcRole: 'developer', inviter: 'Ada' })
  const first = await idp.db.selectFrom('mail_outbox').selectAll().executeTakeFirstOrThrow()
  const oldLink = /https?:\/\/\S+\?token=[\w-]+/.exec(first.text)![0]
  await resendInvitation(ctx, user, { inviter: 'Ada' })
  const mails = await idp.db.selectFrom('mail_outbox').selectAll().execute()
  const link = /https?:\/\/\S+\?token=[\w-]+/.exec(mails.at(-1)!.text)![0]
  for (const width of [1280, 375]) {
    const page = await (await browser.newContext({ viewport: { width, height: 700 } })).newPage()
    await page.goto(oldLink)
    await page.screenshot({ path: `/tmp/f-shots/unknown-${width}.png` })
    if (width === 1280) {
      await page.goto(link)
      await page.getByLabel('Password').fill('violet kettle harbour lamp')
      await page.getByRole('button', { name: 'Set password' }).click()
      await page.waitForLoadState()
    }
    await page.goto(link + '&ui_locales=ar')
    await page.goto(link)
    await page.screenshot({ path: `/tmp/f-shots/accepted-${width}.png` })
    await page.goto(link.replace('accept-invitation', 'accept-invitation') + '&ui_locales=de')
    await page.screenshot({ path: `/tmp/f-shots/accepted-de-${width}.png` })
  }
})
