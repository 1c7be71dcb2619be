import * as client from 'openid-client'
import { TOTP } from 'otpauth'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type ConsoleUser, consoleUser } from '../../testing/console-user.js'
import { loginThrottle } from '../../http/login-throttle.js'
import { CALLBACK, formFields, type IdentityFixture, identityFixture, ScriptedBrowser } from '../../testing/identity-fixture.js'

const PASSWORD = 'console password'

let idp: IdentityFixture
let user: ConsoleUser
/** How far the provider's clock was moved forward (the app's codes follow it). */
let clockOffset = 0
beforeEach(async () => {
  clockOffset = 0
  // The throttle's clock stands still but for advance(): a one-second hold must not run out while a loaded machine hashes the next password.
  const startedAt = Date.now()
  idp = await identityFixture({ throttle: loginThrottle({ now: () => startedAt + clockOffset * 1000 }) })
  user = await consoleUser(idp, { name: 'Ada Lovelace' }, '/console/account')
})
afterEach(() => idp.close())

/** The code the person’s app shows at the provider’s present moment (its clock may have been moved forward). */
function appCode(secret: string, extraSeconds = 0): string {
  return new TOTP({ secret: secret.replaceAll(' ', ''), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: Date.now() + (clockOffset + extraSeconds) * 1000,
  })
}
function advance(seconds: number) {
  clockOffset += seconds
  idp.advance(seconds)
}

/** Sets up the authenticator from the account page: the secret, then the app's code, which answers the recovery codes. */
async function setUpAuthenticator(): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setUp = await user.api('POST', '/account/authenticator/setup', {})
  expect(setUp.status).toBe(201)
  const { secret, uri, qr, qr_alt } = await setUp.json()
  expect(secret).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/)
  const parsed = new URL(uri)
  expect(parsed.protocol).toBe('otpauth:')
  expect(parsed.searchParams.get('secret')).toBe(secret.replaceAll(' ', ''))
  expect(decodeURIComponent(parsed.pathname)).toContain(user.email)
  expect(qr).toMatch(/^data:image\/svg\+xml;base64,/)
  expect(Buffer.from(qr.split(',')[1], 'base64').toString()).toContain('<svg')
  expect(qr_alt).toMatch(/QR code/)
  const confirmed = await user.api('POST', '/account/authenticator/confirm', { code: appCode(secret) })
  expect(confirmed.status).toBe(201)
  const { recovery_codes } = await confirmed.json()
  return { secret, recoveryCodes: recovery_codes }
}

async function confidentialConfig() {
  return client.discovery(new URL(idp.issuer), idp.confidential.clientId, idp.confidential.clientSecret, client.ClientSecretBasic(), {
    execute: [client.allowInsecureRequests],
  })
}

/** A partner's authorization request in `browser` (PKCE, `state` x), asking for `extra`; what the provider answers first. */
async function authorizationRequest(browser: ScriptedBrowser, extra: Record<string, string> = {}) {
  const config = await confidentialConfig()
  const verifier = client.randomPKCECodeVerifier()
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: CALLBACK,
    scope: 'openid email',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state: 'x',
    ...extra,
  })
  return { config, verifier, browser, url, answer: await browser.request(url.href) }
}

/** A partner's sign-in in a fresh browser, up to the page after the password. */
async function passwordStep(browser = new ScriptedBrowser()) {
  const request = await authorizationRequest(browser)
  const login = await request.answer.text()
  const afterPassword = await browser.submit(`${idp.issuer}/oidc/authorize/login`, login, { email: user.email, password: PASSWORD })
  return { ...request, afterPassword }
}

/** Posts the code prompt's form (an app code or a recovery code). */
async function typeCode(browser: ScriptedBrowser, page: string, fields: Record<string, string>) {
  const { interaction, csrf } = formFields(page)
  return browser.request(`${idp.issuer}/oidc/authorize/code`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ interaction: interaction!, csrf: csrf!, ...fields }).toString(),
  })
}

/** Consents if asked, and exchanges the code for tokens. */
async function finish(step: Awaited<ReturnType<typeof passwordStep>>, res: Response) {
  let answer = res
  if (answer.status === 200) {
    const page = await answer.text()
    expect(page).toContain('action="/oidc/authorize/consent"')
    answer = await step.browser.submit(`${idp.issuer}/oidc/authorize/consent`, page, { decision: 'allow' })
  }
  expect(answer.status).toBe(302)
  return client.authorizationCodeGrant(step.config, new URL(answer.headers.get('Location')!), {
    pkceCodeVerifier: step.verifier,
    expectedState: 'x',
  })
}

describe('authenticator codes as a second factor', () => {
  it('asks for the code after the right password, makes no session before it, and says pwd, otp, mfa in the id_token', async () => {
    const { secret, recoveryCodes } = await setUpAuthenticator()
    expect(recoveryCodes).toHaveLength(10)
    expect(new Set(recoveryCodes).size).toBe(10)
    for (const code of recoveryCodes) expect(code).toMatch(/^[2-9a-hjkmnp-z]{4}-[2-9a-hjkmnp-z]{4}$/)
    advance(30)
    const step = await passwordStep()
    expect(step.afterPassword.status).toBe(200)
    const prompt = await step.afterPassword.text()
    expect(prompt).toContain('Enter the code from your authenticator app')
    expect(prompt).toContain('action="/oidc/authorize/code"')
    expect(prompt).toContain('Use a recovery code')
    // No session yet: FedCM's account list does not know this browser.
    const accounts = await step.browser.request(`${idp.issuer}/oidc/fedcm/accounts`, { headers: { 'Sec-Fetch-Dest': 'webidentity' } })
    expect(accounts.status).toBe(401)
    const tokens = await finish(step, await typeCode(step.browser, prompt, { code: appCode(secret) }))
    expect(tokens.claims()).toMatchObject({ sub: user.me.sub, amr: ['pwd', 'otp', 'mfa'], acr: 'urn:svc:acr:mfa' })
    const userinfo = await client.fetchUserInfo(step.config, tokens.access_token, user.me.sub)
    expect(userinfo).toMatchObject({ amr: ['pwd', 'otp', 'mfa'], acr: 'urn:svc:acr:mfa' })
  })

  it('refuses a wrong code, and counts it with the password’s failures until the sign-in has to wait', async () => {
    const { secret } = await setUpAuthenticator()
    const step = await passwordStep()
    let page = await step.afterPassword.text()
    const right = appCode(secret)
    const wrong = right === '000000' ? '111111' : '000000'
    // The pair of address and account lets five failures through, as for passwords.
    for (let attempt = 1; attempt <= 5; attempt++) {
      const refused = await typeCode(step.browser, page, { code: wrong })
      expect(refused.status).toBe(401)
      page = await refused.text()
      expect(page).toContain('That code is not right.')
    }
    const held = await typeCode(step.browser, page, { code: wrong })
    expect(held.status).toBe(429)
    expect(held.headers.get('Retry-After')).toBe('1')
    // The right password again does not clear the count: the password is only half the way in now.
    const again = await passwordStep()
    expect(again.afterPassword.status).toBe(429)
  })

  it('refuses a code already used in its time step (replay)', async () => {
    const { secret } = await setUpAuthenticator()
    advance(30)
    const code = appCode(secret)
    const first = await passwordStep()
    await finish(first, await typeCode(first.browser, await first.afterPassword.text(), { code }))
    const second = await passwordStep()
    const replayed = await typeCode(second.browser, await second.afterPassword.text(), { code })
    expect(replayed.status).toBe(401)
    expect(await replayed.text()).toContain('That code has just been used.')
  })

  it('takes a recovery code once, and refuses it the second time with a clear message', async () => {
    const { recoveryCodes } = await setUpAuthenticator()
    const first = await passwordStep()
    // Typed as a person might copy it: upper case, a space for the hyphen.
    const typed = recoveryCodes[0]!.toUpperCase().replace('-', ' ')
    const tokens = await finish(first, await typeCode(first.browser, await first.afterPassword.text(), { recovery_code: typed }))
    expect(tokens.claims()).toMatchObject({ amr: ['pwd', 'otp', 'mfa'], acr: 'urn:svc:acr:mfa' })
    const second = await passwordStep()
    const refused = await typeCode(second.browser, await second.afterPassword.text(), { recovery_code: recoveryCodes[0]! })
    expect(refused.status).toBe(401)
    const page = await refused.text()
    expect(page).toContain('That recovery code has already been used')
    expect(page).toMatch(/<details[^>]* open>/)
    // The hint's example code is one unbreakable word, in the page's own sentence.
    expect(page).toContain('such as <span style="white-space: nowrap">k7pm-3xqa</span>. Each one works once.')
    expect((await (await user.api('GET', '/account/authenticator')).json()).recovery_codes_left).toBe(9)
  })

  it('refuses a code posted from another browser than the one that typed the password', async () => {
    const { secret } = await setUpAuthenticator()
    const step = await passwordStep()
    const page = await step.afterPassword.text()
    const stranger = new ScriptedBrowser()
    for (const [name, value] of step.browser.cookies) if (!name.includes('second_step')) stranger.cookies.set(name, value)
    const refused = await typeCode(stranger, page, { code: appCode(secret) })
    expect(refused.status).toBe(400)
    expect(await refused.text()).toContain('Sign in again.')
  })

  it('signs in on the standalone login page (FedCM’s login_url) with the code too', async () => {
    const { secret } = await setUpAuthenticator()
    // The code that turned the app on is spent; the next one signs in.
    advance(30)
    const browser = new ScriptedBrowser()
    const login = await (await browser.request(`${idp.issuer}/login`)).text()
    const prompt = await browser.submit(`${idp.issuer}/login`, login, { email: user.email, password: PASSWORD })
    const page = await prompt.text()
    expect(page).toContain('action="/login/code"')
    expect(prompt.headers.get('Set-Login')).toBeNull()
    const signedIn = await browser.submit(`${idp.issuer}/login/code`, page, { code: appCode(secret) })
    expect(signedIn.status).toBe(200)
    expect(signedIn.headers.get('Set-Login')).toBe('logged-in')
  })

  it('asks for a fresh code or a recovery code to remove the authenticator, after which the password alone signs in', async () => {
    const { secret } = await setUpAuthenticator()
    const refused = await user.api('POST', '/account/authenticator/remove', { code: '' })
    expect(refused.status).toBe(422)
    // The code that turned it on is spent: the same one cannot remove it.
    const replayed = await user.api('POST', '/account/authenticator/remove', { code: appCode(secret) })
    expect(replayed.status).toBe(422)
    expect((await replayed.json()).message).toContain('just been used')
    advance(30)
    const removed = await user.api('POST', '/account/authenticator/remove', { code: appCode(secret) })
    expect(removed.status).toBe(200)
    expect((await (await user.api('GET', '/account/authenticator')).json()).on).toBe(false)
    const step = await passwordStep()
    const tokens = await finish(step, step.afterPassword)
    expect(tokens.claims()).toMatchObject({ amr: ['pwd'], acr: 'urn:svc:acr:1fa' })
  })

  it('turns on only with a code from the new secret', async () => {
    const setUp = await (await user.api('POST', '/account/authenticator/setup', {})).json()
    const wrong = await user.api('POST', '/account/authenticator/confirm', { code: '12345' })
    expect(wrong.status).toBe(422)
    expect((await (await user.api('GET', '/account/authenticator')).json()).on).toBe(false)
    // Not yet on: the password alone still signs in.
    const step = await passwordStep()
    expect(await step.afterPassword.clone().text()).not.toContain('authenticator app')
    expect((await user.api('POST', '/account/authenticator/confirm', { code: appCode(setUp.secret) })).status).toBe(201)
    expect((await user.api('POST', '/account/authenticator/setup', {})).status).toBe(409)
  })
})

describe('a mailed link into an account with an authenticator app', () => {
  it('asks for the code before the session is made: a reset link is no way around the second factor', async () => {
    const { secret } = await setUpAuthenticator()
    advance(30)
    const browser = new ScriptedBrowser()
    const forgot = await (await browser.request(`${idp.issuer}/forgot-password`)).text()
    await browser.submit(`${idp.issuer}/forgot-password`, forgot, { email: user.email })
    // The mail is queued after the answer.
    let link: string | undefined
    for (let waited = 0; !link && waited < 5_000; waited += 50) {
      const rows = await idp.db.selectFrom('mail_outbox').select('text').execute()
      link = rows.map((row) => /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(row.text)?.[0]).find(Boolean)
      if (!link) await new Promise((resolve) => setTimeout(resolve, 50))
    }
    const resetPage = await (await browser.request(link!)).text()
    const reset = await browser.submit(`${idp.issuer}/reset-password`, resetPage, { password: 'violet kettle harbour lamp' })
    expect(reset.status).toBe(303)
    expect(reset.headers.get('Location')).toMatch(/^\/login\/code/)
    expect(reset.headers.get('Set-Login')).toBeNull()
    const fedcmAccounts = async () =>
      (await browser.request(`${idp.issuer}/oidc/fedcm/accounts`, { headers: { 'Sec-Fetch-Dest': 'webidentity' } })).status
    expect(await fedcmAccounts()).toBe(401)
    const prompt = await (await browser.request(`${idp.issuer}${reset.headers.get('Location')}`)).text()
    expect(prompt).toContain('Enter the code from your authenticator app')
    const signedIn = await browser.submit(`${idp.issuer}/login/code`, prompt, { code: appCode(secret) })
    expect(signedIn.status).toBe(200)
    expect(signedIn.headers.get('Set-Login')).toBe('logged-in')
    expect(await fedcmAccounts()).toBe(200)
  })
})

describe('step-up with acr_values', () => {
  /** An authorization request from the console's browser (signed in with its password only), asking for `extra`. */
  async function authorizeInSession(extra: Record<string, string>) {
    const request = await authorizationRequest(user.browser, extra)
    return { ...request, afterPassword: request.answer }
  }

  it('asks a password-only session for the code when acr_values wants two factors, then continues the request', async () => {
    const { secret } = await setUpAuthenticator()
    advance(30)
    const step = await authorizeInSession({ acr_values: 'urn:svc:acr:mfa' })
    expect(step.afterPassword.status).toBe(200)
    const prompt = await step.afterPassword.text()
    expect(prompt).toContain('Enter the code from your authenticator app')
    const tokens = await finish(step, await typeCode(step.browser, prompt, { code: appCode(secret) }))
    expect(tokens.claims()).toMatchObject({ amr: ['pwd', 'otp', 'mfa'], acr: 'urn:svc:acr:mfa' })
  })

  it('answers with the session’s own level for an account without a second factor, and login_required under prompt=none', async () => {
    const step = await authorizeInSession({ acr_values: 'urn:svc:acr:mfa' })
    const tokens = await finish(step, step.afterPassword)
    expect(tokens.claims()).toMatchObject({ amr: ['pwd'], acr: 'urn:svc:acr:1fa' })
    await setUpAuthenticator()
    const silent = await authorizeInSession({ acr_values: 'urn:svc:acr:mfa', prompt: 'none' })
    expect(silent.afterPassword.status).toBe(302)
    expect(new URL(silent.afterPassword.headers.get('Location')!).searchParams.get('error')).toBe('login_required')
  })
})
