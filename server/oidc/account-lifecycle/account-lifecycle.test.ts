import { createHash } from 'node:crypto'
import * as client from 'openid-client'
import { afterEach, describe, expect, it } from 'vitest'
import { CALLBACK, type IdentityFixture, identityFixture, ScriptedBrowser, USER } from '../../testing/identity-fixture.js'
import { MAILS_PER_EMAIL } from '../../account-changes/account-mail-throttle.js'

const NEW_PASSWORD = 'violet kettle harbour lamp'
let idp: IdentityFixture | undefined
afterEach(() => idp?.close())

async function start(options: Parameters<typeof identityFixture>[0] = {}) {
  idp = await identityFixture(options)
  return idp
}

/** The mails queued so far, oldest first, with the svc link each carries. */
async function mails(fixture: IdentityFixture) {
  const rows = await fixture.db.selectFrom('mail_outbox').selectAll().orderBy('id').execute()
  return rows.map((row) => ({ ...row, link: /https?:\/\/\S+\?token=[\w-]+/.exec(row.text)?.[0] }))
}

async function confidentialConfig(fixture: IdentityFixture) {
  return client.discovery(
    new URL(fixture.issuer),
    fixture.confidential.clientId,
    fixture.confidential.clientSecret,
    client.ClientSecretBasic(),
    {
      execute: [client.allowInsecureRequests],
    },
  )
}

async function authorizationUrl(config: client.Configuration, scope = 'openid profile email') {
  const verifier = client.randomPKCECodeVerifier()
  const state = client.randomState()
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: CALLBACK,
    scope,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
  })
  return { url, verifier, state }
}

const href = (page: string, text: string) => new RegExp(`<a href="([^"]*)">${text}</a>`).exec(page)?.[1]?.replaceAll('&amp;', '&')

async function signUp(browser: ScriptedBrowser, issuer: string, fields: Record<string, string>, path = '/signup') {
  const page = await (await browser.request(`${issuer}${path}`)).text()
  return browser.submit(`${issuer}/signup`, page, fields)
}

describe('sign-up', () => {
  it('continues the authorization request after the mailed link: account unverified until followed, then signed in with email_verified', async () => {
    const fixture = await start()
    const config = await confidentialConfig(fixture)
    const { url, verifier, state } = await authorizationUrl(config)
    const browser = new ScriptedBrowser()
    const login = await (await browser.request(url.href)).text()
    const signupHref = href(login, 'Create an account')
    expect(signupHref).toMatch(/^\/signup\?return=/)
    expect(href(login, 'Forgot password\\?')).toMatch(/^\/forgot-password\?return=/)

    const answer = await signUp(
      browser,
      fixture.issuer,
      { name: 'Grace Hopper', email: 'Grace@Example.com', password: NEW_PASSWORD },
      signupHref!,
    )
    expect(answer.status).toBe(200)
    expect(await answer.text()).toContain('Check your e-mail')
    expect(answer.headers.getSetCookie().join()).not.toContain('svc_session')
    const user = await fixture.db.selectFrom('users').selectAll().where('email', '=', 'grace@example.com').executeTakeFirstOrThrow()
    expect(user.email_verified).toBe(0)

    const [mail] = await mails(fixture)
    expect(mail).toMatchObject({ recipient: 'grace@example.com', subject: 'Confirm your e-mail address for svc' })
    expect(mail!.html).toContain('Confirm e-mail address')
    expect(mail!.link).toMatch(new RegExp(`^${fixture.issuer}/verify-email\\?token=`))

    // Opening the link changes nothing (mail scanners open links); the button does.
    const confirmPage = await (await browser.request(mail!.link!)).text()
    expect(confirmPage).toContain('Confirm and sign in')
    const confirmed = await browser.submit(`${fixture.issuer}/verify-email`, confirmPage, {})
    expect(confirmed.status).toBe(303)
    expect(confirmed.headers.get('Location')).toMatch(/^\/oidc\/authorize\?/)
    const callback = await browser.authorize(new URL(confirmed.headers.get('Location')!, fixture.issuer), { email: '', password: '' })
    const tokens = await client.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier, expectedState: state })
    const claims = await client.fetchUserInfo(config, tokens.access_token, client.skipSubjectCheck)
    expect(claims).toMatchObject({ email: 'grace@example.com', email_verified: true, name: 'Grace Hopper' })

    // Single use: the same link again says it was used (not "expired"), and leads to sign-in.
    const again = await browser.submit(`${fixture.issuer}/verify-email`, confirmPage, {})
    expect(again.status).toBe(400)
    const againPage = await again.text()
    expect(againPage).toMatch(/<h1>This link has already been used<\/h1>[\s\S]*is confirmed already[\s\S]*href="\/login">Sign in/)
    expect(againPage).not.toContain('expired')
  })

  it('lets a confirmation link work for 24 hours, not longer', async () => {
    const fixture = await start()
    const browser = new ScriptedBrowser()
    for (const email of ['early@example.com', 'late@example.com'])
      await signUp(browser, fixture.issuer, { name: 'Someone', email, password: NEW_PASSWORD })
    const [early, late] = await mails(fixture)
    fixture.advance(24 * 3600 - 60)
    const earlyPage = await browser.request(early!.link!)
    expect(earlyPage.status).toBe(200)
    expect((await browser.submit(`${fixture.issuer}/verify-email`, await earlyPage.text(), {})).status).toBe(200)
    fixture.advance(120)
    expect((await browser.request(late!.link!)).status).toBe(400)
    const verified = await fixture.db
      .selectFrom('users')
      .select(['email', 'email_verified'])
      .where('email', 'in', ['early@example.com', 'late@example.com'])
      .orderBy('email')
      .execute()
    expect(verified).toEqual([
      { email: 'early@example.com', email_verified: 1 },
      { email: 'late@example.com', email_verified: 0 },
    ])
  })

  it('answers a taken address exactly as a free one, makes no second account and mails the owner a reset link instead', async () => {
    const fixture = await start()
    const answers = []
    for (const email of ['new.person@example.com', USER.email]) {
      const res = await signUp(new ScriptedBrowser(), fixture.issuer, { name: 'Someone', email, password: NEW_PASSWORD })
      answers.push({
        status: res.status,
        body: (await res.text()).replaceAll(email, 'EMAIL'),
        session: res.headers.getSetCookie().some((c) => c.includes('svc_session')),
      })
    }
    expect(answers[0]).toEqual(answers[1])
    expect(answers[0]).toMatchObject({ status: 200, session: false })
    expect(await fixture.db.selectFrom('users').select('id').where('email', '=', USER.email).execute()).toHaveLength(1)
    const [, taken] = await mails(fixture)
    expect(taken).toMatchObject({ recipient: USER.email, subject: 'You already have an account at svc' })
    expect(taken!.link).toMatch(new RegExp(`^${fixture.issuer}/reset-password\\?token=`))
  })

  it('refuses weak passwords and malformed fields beside each field, and forms without the CSRF token, never with a 500', async () => {
    const fixture = await start()
    const browser = new ScriptedBrowser()
    const weak = await signUp(browser, fixture.issuer, { name: '', email: 'not-an-address', password: 'password1234' })
    expect(weak.status).toBe(400)
    const page = await weak.text()
    expect(page).toContain('id="name-error">Enter your name.')
    expect(page).toContain('id="email-error">Enter an e-mail address')
    expect(page).toContain('id="password-error">This is one of the most common passwords')
    const forged = await browser.request(`${fixture.issuer}/signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'name=x&email=x%40example.com&password=violet+kettle+harbour',
    })
    expect(forged.status).toBe(403)
    const notAForm = await browser.request(`${fixture.issuer}/signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    })
    expect(notAForm.status).toBe(400)
    expect(await fixture.db.selectFrom('mail_outbox').select('id').execute()).toHaveLength(0)
  })

  it('with SVC_SIGNUP=closed says sign-up is by invitation, refuses the form and drops the link from the login page', async () => {
    const fixture = await start({ signup: 'closed' })
    const browser = new ScriptedBrowser()
    const page = await (await browser.request(`${fixture.issuer}/signup`)).text()
    expect(page).toContain('Sign-up is by invitation')
    const csrf = (await (await browser.request(`${fixture.issuer}/forgot-password`)).text()).match(/name="csrf" value="([^"]+)"/)![1]!
    const refused = await browser.submit(`${fixture.issuer}/signup`, '', {
      csrf,
      name: 'X',
      email: 'x@example.com',
      password: NEW_PASSWORD,
    })
    expect(refused.status).toBe(403)
    expect(await fixture.db.selectFrom('users').select('id').where('email', '=', 'x@example.com').execute()).toHaveLength(0)
    const login = await (await browser.request(`${fixture.issuer}/login`)).text()
    expect(login).toContain('Forgot password?')
    expect(login).not.toContain('Create an account')
  })

  it(`throttles mail to one address after ${MAILS_PER_EMAIL} requests, sign-ups and resets together, with Retry-After`, async () => {
    const fixture = await start()
    const browser = new ScriptedBrowser()
    const page = await (await browser.request(`${fixture.issuer}/forgot-password`)).text()
    for (let i = 0; i < MAILS_PER_EMAIL; i++)
      expect((await browser.submit(`${fixture.issuer}/forgot-password`, page, { email: USER.email })).status).toBe(200)
    const refused = await browser.submit(`${fixture.issuer}/forgot-password`, page, { email: USER.email })
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(3000)
    expect(await refused.text()).toMatch(/Too many reset requests.*Try again in \d+ minutes/)
    const signup = await signUp(browser, fixture.issuer, { name: 'Ada', email: USER.email, password: NEW_PASSWORD })
    expect(signup.status).toBe(429)
    // Reset mails are queued after the answer: wait for them.
    await expect.poll(async () => (await mails(fixture)).length).toBe(MAILS_PER_EMAIL)
  })
})

describe('password reset', () => {
  it('mails a hashed single-use link; the new password ends every session, revokes refresh tokens with tokens.revoked, and signs in', async () => {
    const fixture = await start()
    const config = await confidentialConfig(fixture)
    const { url, verifier, state } = await authorizationUrl(config, 'openid email offline_access')
    const before = new ScriptedBrowser()
    const tokens = await client.authorizationCodeGrant(config, await before.authorize(url), {
      pkceCodeVerifier: verifier,
      expectedState: state,
    })
    expect(tokens.refresh_token).toEqual(expect.any(String))

    const browser = new ScriptedBrowser()
    const forgotPage = await (await browser.request(`${fixture.issuer}/forgot-password`)).text()
    const unknown = await browser.submit(`${fixture.issuer}/forgot-password`, forgotPage, { email: 'nobody@example.com' })
    const known = await browser.submit(`${fixture.issuer}/forgot-password`, forgotPage, { email: USER.email })
    expect([unknown.status, (await unknown.text()).replace('nobody@example.com', 'EMAIL')]).toEqual([
      known.status,
      (await known.text()).replace(USER.email, 'EMAIL'),
    ])
    // The link is issued after the answer, the same for both: wait for its mail.
    await expect.poll(async () => (await mails(fixture)).length).toBe(1)
    const [mail] = await mails(fixture)
    expect(mail).toMatchObject({ recipient: USER.email, subject: 'Reset your svc password' })
    // The account confirmed this address: its owner is greeted by name.
    expect(mail!.text).toMatch(/^Hello Ada Lovelace,\n/)
    const token = new URL(mail!.link!).searchParams.get('token')!
    const stored = await fixture.db.selectFrom('account_tokens').selectAll().execute()
    expect(stored).toHaveLength(1)
    expect(stored[0]!.token_hash).toBe(createHash('sha256').update(token).digest('hex'))
    expect(JSON.stringify(stored)).not.toContain(token)

    const form = await (await browser.request(mail!.link!)).text()
    const weak = await browser.submit(`${fixture.issuer}/reset-password`, form, { password: 'short' })
    expect(weak.status).toBe(400)
    const weakPage = await weak.text()
    expect(weakPage).toContain('id="password-error">Use at least 12 characters (this one has 5).</p>')
    // The advice on a good password is the hint's, said once, not again in the refusal.
    expect(weakPage.match(/unrelated words/g)).toHaveLength(1)
    // The password the account has already: refused beside the field, and the link still works.
    const same = await browser.submit(`${fixture.issuer}/reset-password`, form, { password: USER.password })
    expect(same.status).toBe(400)
    expect(await same.text()).toContain('id="password-error">Choose a password you have not used here before.</p>')
    const done = await browser.submit(`${fixture.issuer}/reset-password`, form, { password: NEW_PASSWORD })
    expect(done.status).toBe(200)
    expect(await done.text()).toContain('you are signed in as Ada Lovelace')
    expect(done.headers.getSetCookie().join()).toContain('svc_session=')
    // The link again: it was used, and says so rather than "expired".
    const usedAgain = await (await browser.request(mail!.link!)).text()
    expect(usedAgain).toMatch(/<h1>This link has already been used<\/h1>[\s\S]*A new password was set with it/)
    expect(usedAgain).not.toContain('expired')

    await expect(client.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' })
    expect((await fixture.events()).filter((e) => e.name === 'tokens.revoked')).toEqual([
      {
        name: 'tokens.revoked',
        client: fixture.confidential.clientId,
        data: { account: fixture.sub, tokens: 2, reason: 'password reset' },
      },
    ])
    // The session of the browser signed in before is over: the login form again.
    expect(await (await before.request(url.href)).text()).toContain('action="/oidc/authorize/login"')
    // The link worked once.
    expect((await browser.submit(`${fixture.issuer}/reset-password`, form, { password: 'another long passphrase' })).status).toBe(400)
    const login = async (password: string) => {
      const b = new ScriptedBrowser()
      const page = await (await b.request(`${fixture.issuer}/login`)).text()
      return (await b.submit(`${fixture.issuer}/login`, page, { email: USER.email, password })).status
    }
    expect(await login(USER.password)).toBe(401)
    expect(await login(NEW_PASSWORD)).toBe(200)
  })

  it('refuses an expired, forged or malformed link with a page that offers a new one', async () => {
    const fixture = await start()
    const browser = new ScriptedBrowser()
    const forgotPage = await (await browser.request(`${fixture.issuer}/forgot-password`)).text()
    await browser.submit(`${fixture.issuer}/forgot-password`, forgotPage, { email: USER.email })
    await expect.poll(async () => (await mails(fixture)).length).toBe(1)
    const [mail] = await mails(fixture)
    const form = await (await browser.request(mail!.link!)).text()
    fixture.advance(30 * 60 + 1)
    const late = await browser.request(mail!.link!)
    expect(late.status).toBe(400)
    expect(await late.text()).toMatch(/This link has expired[\s\S]*href="\/forgot-password">Send me a new link/)
    expect((await browser.submit(`${fixture.issuer}/reset-password`, form, { password: NEW_PASSWORD })).status).toBe(400)
    for (const token of ['', 'x'.repeat(43), '%00', '%E0%A4%A', 'a'.repeat(5000)])
      for (const path of ['/reset-password', '/verify-email'])
        expect((await browser.request(`${fixture.issuer}${path}?token=${token}`)).status).toBe(400)
    const forged = await browser.submit(`${fixture.issuer}/reset-password`, form, { token: 'forged' })
    expect(forged.status).toBe(400)
    expect(await forged.text()).toMatch(/<h1>This link is not valid<\/h1>[\s\S]*href="\/forgot-password">Send me a new link/)
  })
})
