/**
 * Issue 24, item 6: an attacker types an address list where svc expects
 * one address. Sign-up, the e-mail change and "Forgot password?" took
 * `x,victim@mail.example`, `"Support"<attacker@evil.example>` and
 * `a@x.example;b`, and nodemailer read the stored string again as a list:
 * the mail went to mailboxes other than the one svc recorded, so the
 * address that confirmed an account was not the account's. Every path now
 * takes a plain `local@domain` only, and the transport hands nodemailer
 * `{ address }` objects, never a string it would parse.
 */
import { afterEach, expect, it } from 'vitest'
import { createUser } from '../accounts/users.js'
import { invite } from '../account-changes/invitations.js'
import { DEFAULT_BRANDING } from '../branding.js'
import { mailTransport } from '../mail/mail-transport.js'
import { consoleUser } from '../testing/console-user.js'
import { type IdentityFixture, identityFixture, ScriptedBrowser, USER } from '../testing/identity-fixture.js'
import { type SmtpReceiver, startSmtpReceiver } from '../testing/smtp-receiver.js'

const LISTS = ['x,victim@mail.example', '"Support"<attacker@evil.example>', 'a@x.example;b', 'ada@example.com victim@mail.example']
const PASSWORD = 'violet kettle harbour lamp'

let idp: IdentityFixture | undefined
let smtp: SmtpReceiver | undefined
afterEach(async () => {
  await idp?.close()
  await smtp?.close()
})

const outbox = () => idp!.db.selectFrom('mail_outbox').select('recipient').execute()

it('refuses an address list at sign-up and at "Forgot password?": no account, no mail', async () => {
  idp = await identityFixture()
  const browser = new ScriptedBrowser()
  for (const email of LISTS) {
    const signup = await (await browser.request(`${idp.issuer}/signup`)).text()
    const refused = await browser.submit(`${idp.issuer}/signup`, signup, { name: 'Mallory', email, password: PASSWORD })
    expect(refused.status).toBe(400)
    expect(await refused.text()).toContain('Enter an e-mail address such as ada@example.com.')
    const forgot = await (await browser.request(`${idp.issuer}/forgot-password`)).text()
    expect((await browser.submit(`${idp.issuer}/forgot-password`, forgot, { email })).status).toBe(400)
  }
  expect(await idp.db.selectFrom('users').select('email').where('email', '!=', USER.email).execute()).toEqual([])
  expect(await outbox()).toEqual([])
})

it('refuses an address list as a new address on the account page', async () => {
  idp = await identityFixture()
  const user = await consoleUser(idp, {}, '/console/account')
  for (const email of LISTS) {
    const refused = await user.api('POST', '/account/email', { email, current_password: 'console password' })
    expect(refused.status).toBe(422)
    expect((await refused.json()).errors).toHaveProperty('email')
  }
  expect(await outbox()).toEqual([])
})

it('refuses an address list in an invitation and in every account made', async () => {
  idp = await identityFixture()
  const ctx = { db: idp.db, issuer: idp.issuer, now: () => new Date(), branding: DEFAULT_BRANDING }
  for (const email of LISTS) {
    await expect(createUser(idp.db, { email, name: 'Mallory', password: PASSWORD })).rejects.toThrow('email must be an e-mail address')
    await expect(invite(ctx, { email })).rejects.toThrow('email must be an e-mail address')
  }
  expect(await outbox()).toEqual([])
})

it('hands the SMTP server the one recorded mailbox, even for a list stored before this fix', async () => {
  smtp = await startSmtpReceiver()
  const transport = mailTransport({ smtpUrl: smtp.url, from: 'Shop Support <no-reply@shop.example>', folder: '' })
  const mail = { subject: 'Confirm', text: 'Hello', html: '<p>Hello</p>' }
  await transport.send({ ...mail, to: 'ada@example.com' })
  await transport.send({ ...mail, to: 'x,victim@mail.example' }).catch(() => undefined)
  await transport.send({ ...mail, to: '"Support"<attacker@evil.example>' }).catch(() => undefined)
  transport.close()
  const recipients = smtp.received.flatMap((received) => received.to)
  expect(recipients).toContain('ada@example.com')
  expect(recipients).not.toContain('victim@mail.example')
  expect(recipients).not.toContain('attacker@evil.example')
  expect(smtp.received[0]!.from).toBe('no-reply@shop.example')
})
