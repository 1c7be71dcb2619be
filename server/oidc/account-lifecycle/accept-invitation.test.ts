import { afterEach, describe, expect, it } from 'vitest'
import { invite, resendInvitation } from '../../account-changes/invitations.js'
import { type IdentityFixture, identityFixture, ScriptedBrowser } from '../../testing/identity-fixture.js'
import { DEFAULT_BRANDING } from '../../branding.js'

const PASSWORD = 'violet kettle harbour lamp'
let idp: IdentityFixture | undefined
afterEach(() => idp?.close())

/** A fresh provider with sign-up closed, and one invitation sent. */
async function invited() {
  idp = await identityFixture({ signup: 'closed' })
  const user = await invite(
    { db: idp.db, issuer: idp.issuer, now: () => new Date(), branding: DEFAULT_BRANDING },
    { email: 'Grace@Example.com', name: 'Grace Hopper', svcApp: undefined, svcRole: 'developer', inviter: 'Ada Lovelace' },
  )
  const mail = await idp.db.selectFrom('mail_outbox').selectAll().where('recipient', '=', 'grace@example.com').executeTakeFirstOrThrow()
  const link = /https?:\/\/\S+\?token=[\w-]+/.exec(mail.text)?.[0]
  return { fixture: idp, user, mail, link: link! }
}

const login = async (fixture: IdentityFixture, password: string) => {
  const browser = new ScriptedBrowser()
  const page = await (await browser.request(`${fixture.issuer}/login`)).text()
  return (await browser.submit(`${fixture.issuer}/login`, page, { email: 'grace@example.com', password })).status
}

describe('accepting an invitation', () => {
  it('mails a link whose page sets the password, confirms the address and signs the person in, once', async () => {
    const { fixture, user, mail, link } = await invited()
    expect(user).toMatchObject({ email: 'grace@example.com', email_verified: 0, svc_role: 'developer' })
    expect(mail).toMatchObject({ subject: 'You are invited to svc' })
    expect(mail.text).toContain('Ada Lovelace invited you to svc as developer.')
    expect(mail.html).toContain('Choose your password')
    expect(link).toMatch(new RegExp(`^${fixture.issuer}/accept-invitation\\?token=`))
    // No password works before the link is followed.
    expect(await login(fixture, '')).toBe(401)

    const browser = new ScriptedBrowser()
    const form = await (await browser.request(link)).text()
    expect(form).toContain('<h1>Choose your password</h1>')
    expect(form).toContain('action="/accept-invitation"')
    const weak = await browser.submit(`${fixture.issuer}/accept-invitation`, form, { password: 'short' })
    expect(weak.status).toBe(400)
    expect(await weak.text()).toContain('id="password-error">Use at least 12 characters')
    const done = await browser.submit(`${fixture.issuer}/accept-invitation`, form, { password: PASSWORD })
    expect(done.status).toBe(200)
    expect(await done.text()).toContain('you are signed in as Grace Hopper')
    expect(done.headers.getSetCookie().join()).toContain('svc_session=')
    const row = await fixture.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow()
    expect(row.email_verified).toBe(1)

    // Single use: the same link again says it was accepted (not "expired"), and leads to the console.
    const again = await browser.submit(`${fixture.issuer}/accept-invitation`, form, { password: 'another long passphrase' })
    expect(again.status).toBe(400)
    const againPage = await again.text()
    expect(againPage).toMatch(/<h1>This invitation has already been accepted<\/h1>[\s\S]*href="\/console">Open the console/)
    expect(againPage).not.toContain('expired')
    const reopened = await (await new ScriptedBrowser().request(link)).text()
    expect(reopened).toContain('<title>This invitation has already been accepted')
    expect(reopened).not.toContain('expired')
    expect(await login(fixture, 'another long passphrase')).toBe(401)
    expect(await login(fixture, PASSWORD)).toBe(200)
  })

  it('works for 7 days and not after', async () => {
    const { fixture, link } = await invited()
    const browser = new ScriptedBrowser()
    fixture.advance(7 * 24 * 3600 - 60)
    const form = await (await browser.request(link)).text()
    expect(form).toContain('Choose your password')
    fixture.advance(120)
    const late = await browser.request(link)
    expect(late.status).toBe(400)
    expect(await late.text()).toMatch(/This link has expired[\s\S]*Invitation links work once, for 7 days/)
    // Past its time and never used: expired, not "accepted".
    expect(await (await browser.request(link)).text()).not.toContain('accepted')
    expect((await browser.submit(`${fixture.issuer}/accept-invitation`, form, { password: PASSWORD })).status).toBe(400)
  })

  it('says an invitation replaced by a newer one is not valid, neither accepted nor expired', async () => {
    const { fixture, user, link } = await invited()
    await resendInvitation({ db: fixture.db, issuer: fixture.issuer, now: () => new Date(), branding: DEFAULT_BRANDING }, user, {
      inviter: 'Ada Lovelace',
    })
    const old = await new ScriptedBrowser().request(link)
    expect(old.status).toBe(400)
    const page = await old.text()
    expect(page).toMatch(/<h1>This link is not valid<\/h1>[\s\S]*replaced by a newer link/)
    expect(page).not.toMatch(/accepted|expired/)
  })

  it('is not a reset link, nor a reset link an invitation', async () => {
    const { fixture, link } = await invited()
    const token = new URL(link).searchParams.get('token')!
    expect((await new ScriptedBrowser().request(`${fixture.issuer}/reset-password?token=${token}`)).status).toBe(400)
  })

  it('refuses an address that already has an account', async () => {
    const { fixture } = await invited()
    await expect(
      invite(
        { db: fixture.db, issuer: fixture.issuer, now: () => new Date(), branding: DEFAULT_BRANDING },
        { email: 'grace@example.com', inviter: 'Ada' },
      ),
    ).rejects.toThrow('an account with the email grace@example.com exists already')
  })
})
