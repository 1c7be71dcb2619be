/**
 * Attack: pre-account takeover. A stranger signs up with the owner's
 * address and never confirms it. That account once signed in at
 * `/login`, got sessions and external links, and when the owner later took
 * the account over with "Forgot password?" the links survived, so the
 * stranger signed in as the owner. An unconfirmed account must open
 * nothing, and proving the mailbox must end what it held before.
 */
import { createHash, randomBytes } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { addExternalProvider, linkAccount } from '../accounts/account-links.js'
import { issueAccountToken } from '../accounts/account-tokens.js'
import { authorizeUrl, signInOnce } from '../testing/attacks.js'
import { type IdentityFixture, identityFixture, ScriptedBrowser } from '../testing/identity-fixture.js'

const OWNER = 'owner@mail.example'
const STRANGERS_PASSWORD = 'stranger typed this one'

let idp: IdentityFixture
beforeEach(async () => {
  idp = await identityFixture()
})
afterEach(() => idp.close())

/** The stranger's sign-up with the owner's address, never confirmed. */
async function strangerSignsUp(): Promise<ScriptedBrowser> {
  const stranger = new ScriptedBrowser()
  const page = await (await stranger.request(`${idp.issuer}/signup`)).text()
  const answer = await stranger.submit(`${idp.issuer}/signup`, page, { name: 'Victim Squat', email: OWNER, password: STRANGERS_PASSWORD })
  expect(answer.status).toBe(200)
  return stranger
}

const ownerRow = () => idp.db.selectFrom('users').selectAll().where('email', '=', OWNER).executeTakeFirstOrThrow()

/** A session row of the account as a stranger held it before this fix, and its cookie. */
async function heldSession(userId: number): Promise<{ id: number; cookie: string }> {
  const value = randomBytes(32).toString('base64url')
  const now = new Date()
  const row = await idp.db
    .insertInto('sessions')
    .values({
      session_hash: createHash('sha256').update(value).digest('hex'),
      user_id: userId,
      auth_time: Math.floor(now.getTime() / 1000),
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + 3600_000).toISOString(),
      ended_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return { id: row.id, cookie: value }
}

async function strangerLinksAnExternalAccount(userId: number): Promise<void> {
  const external = await addExternalProvider(idp.db, {
    slug: 'partner-id',
    name: 'Partner ID',
    issuer: 'https://id.partner.example',
    clientId: 'svc',
    clientSecret: 'secret',
  })
  const user = await idp.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow()
  await linkAccount(idp.db, idp.bff.provider.events, user, external, { sub: 'stranger-at-partner' })
}

describe('an account whose address is not confirmed', () => {
  it('cannot sign in on the authorization flow nor on /login: the page says to confirm first and offers the link again', async () => {
    const stranger = await strangerSignsUp()
    const login = await (await stranger.request(authorizeUrl(idp))).text()
    const refused = await stranger.submit(`${idp.issuer}/oidc/authorize/login`, login, { email: OWNER, password: STRANGERS_PASSWORD })
    expect(refused.status).toBe(403)
    expect(refused.headers.get('Location')).toBeNull()
    const page = await refused.text()
    expect(page).toContain('Confirm your e-mail address first')
    expect(page).toContain('Mail me the link again')
    expect(stranger.cookies.has('svc_session')).toBe(false)

    const standalone = await signInOnce(idp, stranger, OWNER, STRANGERS_PASSWORD)
    expect(standalone.status).toBe(403)
    expect(standalone.headers.get('Set-Login')).toBeNull()
    expect(stranger.cookies.has('svc_session')).toBe(false)

    // "Mail me the link again" posts the address; a second confirmation mail goes to the mailbox, not the stranger.
    const again = await stranger.submit(`${idp.issuer}/verify-email/resend`, await standalone.text(), {})
    expect(again.status).toBe(200)
    expect(await again.text()).toContain(`If ${OWNER} is waiting to be confirmed`)
    const mails = await idp.db.selectFrom('mail_outbox').select(['recipient', 'subject']).where('recipient', '=', OWNER).execute()
    expect(mails).toHaveLength(2)
    expect(mails.every((mail) => mail.subject.startsWith('Confirm your e-mail address'))).toBe(true)
  })

  it('holds no session that counts: FedCM lists no account and an authorization request lands no code', async () => {
    await strangerSignsUp()
    const held = await heldSession((await ownerRow()).id)
    const browser = new ScriptedBrowser()
    browser.cookies.set('svc_session', held.cookie)
    const accounts = await browser.request(`${idp.issuer}/oidc/fedcm/accounts`, { headers: { 'Sec-Fetch-Dest': 'webidentity' } })
    expect(accounts.status).toBe(401)
    expect(await accounts.text()).not.toContain(OWNER)
    const silent = await browser.request(authorizeUrl(idp, { prompt: 'none' }))
    const callback = new URL(silent.headers.get('Location')!)
    expect(callback.searchParams.get('code')).toBeNull()
    expect(callback.searchParams.get('error')).toBe('login_required')
  })

  it('loses what it held once the owner confirms the address: sessions end and external links go', async () => {
    await strangerSignsUp()
    const owner = await ownerRow()
    const held = await heldSession(owner.id)
    await strangerLinksAnExternalAccount(owner.id)
    const token = await issueAccountToken(idp.db, { userId: owner.id, purpose: 'verify_email', continueTo: null, now: new Date() })

    const mailbox = new ScriptedBrowser()
    const page = await (await mailbox.request(`${idp.issuer}/verify-email?token=${token}`)).text()
    expect((await mailbox.submit(`${idp.issuer}/verify-email`, page, {})).status).toBe(200)

    expect(await idp.db.selectFrom('account_links').selectAll().where('user_id', '=', owner.id).execute()).toEqual([])
    const after = await ownerRow()
    expect(after.email_verified).toBe(1)
    expect(JSON.parse(after.svc_links)).toEqual([])
    const session = await idp.db.selectFrom('sessions').select('ended_at').where('id', '=', held.id).executeTakeFirstOrThrow()
    expect(session.ended_at).not.toBeNull()
  })

  it('loses its external links when the owner takes it over with "Forgot password?"', async () => {
    await strangerSignsUp()
    const owner = await ownerRow()
    await strangerLinksAnExternalAccount(owner.id)
    const token = await issueAccountToken(idp.db, { userId: owner.id, purpose: 'reset_password', continueTo: null, now: new Date() })

    const mailbox = new ScriptedBrowser()
    const page = await (await mailbox.request(`${idp.issuer}/reset-password?token=${token}`)).text()
    const reset = await mailbox.submit(`${idp.issuer}/reset-password`, page, { password: 'the owner chose this one' })
    expect(reset.status).toBeLessThan(400)

    expect(await idp.db.selectFrom('account_links').selectAll().where('user_id', '=', owner.id).execute()).toEqual([])
    const after = await ownerRow()
    expect(JSON.parse(after.svc_links)).toEqual([])
    // Nor does the name the stranger typed stay to be released as the owner's.
    expect(after).toMatchObject({ name: 'owner', given_name: null, family_name: null, picture: null, email_verified: 1 })
  })
})
