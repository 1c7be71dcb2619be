import { TOTP } from 'otpauth'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { requireSecondFactor, signedInWithSecondFactor } from '../accounts/second-factor-requirement.js'
import { listAuditEvents, cliActor } from '../audit/audit-events.js'
import { type ConsoleUser, consoleUser, signedInElsewhere, signInToConsoleAgain } from '../testing/console-user.js'
import { type IdentityFixture, identityFixture } from '../testing/identity-fixture.js'
import { SECOND_FACTOR_PAGE, SECOND_FACTOR_REQUIRED } from './console-guard.js'
import { WOULD_LOCK_YOU_OUT } from './console-second-factor-api.js'
import { createOrganisation } from '../orgs/organisations.js'

let idp: IdentityFixture
/** How far the provider's clock was moved forward (the app's codes follow it). */
let clockOffset = 0
beforeEach(async () => {
  clockOffset = 0
  idp = await identityFixture()
})
afterEach(() => idp.close())

/** The code the person's app shows at the provider's present moment. */
const appCode = (secret: string) =>
  new TOTP({ secret: secret.replaceAll(' ', ''), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: Date.now() + clockOffset * 1000,
  })

/** Moves the provider past the time step whose code turned the app on (a code is never taken twice). */
function nextStep() {
  clockOffset += 30
  idp.advance(30)
}

/** Turns on an authenticator app from the account page; its secret and the ten recovery codes. */
async function setUpAuthenticator(user: ConsoleUser): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setUp = await user.api('POST', '/account/authenticator/setup', {})
  expect(setUp.status).toBe(201)
  const { secret } = await setUp.json()
  const confirmed = await user.api('POST', '/account/authenticator/confirm', { code: appCode(secret) })
  expect(confirmed.status).toBe(201)
  return { secret, recoveryCodes: (await confirmed.json()).recovery_codes }
}

const refusal = async (res: Response) => ({ status: res.status, body: await res.json() })
const mailsTo = async (email: string) =>
  (await idp.db.selectFrom('mail_outbox').select(['recipient', 'subject', 'text']).orderBy('id').execute())
    .filter((mail) => mail.recipient === email)
    .map((mail) => ({ subject: mail.subject, text: mail.text }))
const actions = async (prefix: string) =>
  (await listAuditEvents(idp.db, { actionPrefix: prefix })).events.map((event) => ({
    action: event.action,
    actor: event.actor,
    target: event.target.code,
  }))

describe('a second factor required for console roles', () => {
  it('lets a developer signed in with a password only reach nothing but their account page, until they sign in with a code', async () => {
    const developer = await consoleUser(idp, { svcRole: 'developer' }, '/console/account')
    expect((await developer.api('GET', '/clients')).status).toBe(200)
    await requireSecondFactor(idp.db, cliActor(), true)

    expect(await refusal(await developer.api('GET', '/clients'))).toEqual({
      status: 403,
      body: {
        status: 'error',
        code: 403,
        message: SECOND_FACTOR_REQUIRED,
        reason: 'second_factor_required',
        account_page: SECOND_FACTOR_PAGE,
      },
    })
    expect((await developer.api('POST', '/clients', { name: 'Shop' })).status).toBe(403)
    expect((await developer.api('GET', '/account')).status).toBe(200)
    expect(await (await developer.api('GET', '/me')).json()).toMatchObject({ second_factor_missing: true })

    // The account page is where the second factor is added.
    const { secret } = await setUpAuthenticator(developer)
    // An authenticator held but not used to sign in is not enough: this session is still the password's.
    expect((await developer.api('GET', '/clients')).status).toBe(403)
    nextStep()
    const stepped = await signInToConsoleAgain(idp, developer, { code: appCode(secret) })
    expect(stepped.me).toMatchObject({ second_factor_missing: false })
    expect((await stepped.api('GET', '/clients')).status).toBe(200)
  })

  it('asks for the code at the console’s own sign-in when svc knows the browser from a password sign-in', async () => {
    const developer = await consoleUser(idp, { svcRole: 'developer' }, '/console/account')
    await setUpAuthenticator(developer)
    await requireSecondFactor(idp.db, cliActor(), true)
    const toAuthorize = (await developer.browser.request(`${idp.issuer}/console/login?return=/console`)).headers.get('Location')!
    expect(new URL(toAuthorize).searchParams.get('acr_values')).toBe('urn:svc:acr:mfa')
    const prompt = await developer.browser.request(toAuthorize)
    expect(prompt.status).toBe(200)
    expect(await prompt.text()).toContain('Enter the code from your authenticator app')
  })

  it('counts a passkey sign-in as the second factor, as it counts two factors', async () => {
    expect([['hwk'], ['swk'], ['pwd', 'otp', 'mfa'], ['email', 'otp', 'mfa']].map(signedInWithSecondFactor)).toEqual([
      true,
      true,
      true,
      true,
    ])
    expect([['pwd'], ['email'], ['fed'], []].map(signedInWithSecondFactor)).toEqual([false, false, false, false])
    const developer = await consoleUser(idp, { svcRole: 'developer' }, '/console/account')
    await requireSecondFactor(idp.db, cliActor(), true)
    expect((await developer.api('GET', '/clients')).status).toBe(403)
    // What a passkey sign-in records on its svc session (e2e/console-second-factor.test.ts signs in with a real one).
    const svcSession = (await idp.db.selectFrom('console_sessions').select('svc_session_id').executeTakeFirstOrThrow()).svc_session_id!
    await idp.db.updateTable('sessions').set({ amr: '["hwk"]' }).where('id', '=', svcSession).execute()
    expect((await developer.api('GET', '/clients')).status).toBe(200)
  })

  it('leaves people without a console role alone, and partner sign-ins with a password unchanged', async () => {
    await requireSecondFactor(idp.db, cliActor(), true)
    const visitor = await consoleUser(idp, {}, '/console/account')
    expect(visitor.me).toMatchObject({ second_factor_missing: false })
    expect((await visitor.api('GET', '/account')).status).toBe(200)
    const partner = await signedInElsewhere(idp, visitor)
    expect(partner.refreshToken).toBeTruthy()
    // A console role is asked for its second factor in the console only: a partner's sign-in with a password still works.
    const developer = await consoleUser(idp, { svcRole: 'developer' }, '/console/account')
    expect((await signedInElsewhere(idp, developer)).refreshToken).toBeTruthy()
  })

  it('refuses to let an operator who signed in with one factor turn it on, and records turning it on and off', async () => {
    const operator = await consoleUser(idp, { svcMaster: true }, '/console/account')
    expect(await (await operator.api('GET', '/second-factor')).json()).toEqual({ required: false, you_signed_in_with_second_factor: false })
    expect(await refusal(await operator.api('PUT', '/second-factor', { required: true }))).toEqual({
      status: 409,
      body: { status: 'error', code: 409, message: WOULD_LOCK_YOU_OUT, account_page: SECOND_FACTOR_PAGE },
    })
    expect((await operator.api('PUT', '/second-factor', { required: 'yes' })).status).toBe(422)
    const developer = await consoleUser(idp, { svcRole: 'developer' }, '/console/account')
    expect((await developer.api('PUT', '/second-factor', { required: false })).status).toBe(403)

    const { secret } = await setUpAuthenticator(operator)
    nextStep()
    const stepped = await signInToConsoleAgain(idp, operator, { code: appCode(secret) })
    expect(await (await stepped.api('PUT', '/second-factor', { required: true })).json()).toEqual({
      required: true,
      you_signed_in_with_second_factor: true,
    })
    expect(await (await stepped.api('GET', '/second-factor')).json()).toMatchObject({ required: true })
    // Turned on, it bites the developer at once; the operator goes on.
    expect((await developer.api('GET', '/clients')).status).toBe(403)
    expect((await stepped.api('GET', '/people')).status).toBe(200)
    expect((await stepped.api('PUT', '/second-factor', { required: false })).status).toBe(200)
    expect((await developer.api('GET', '/clients')).status).toBe(200)
    const actor = { kind: 'account', code: operator.me.sub, email: operator.email }
    expect(await actions('console.')).toEqual([
      { action: 'console.second_factor_not_required', actor, target: 'console-second-factor' },
      { action: 'console.second_factor_required', actor, target: 'console-second-factor' },
    ])
  })
})

describe('recovery codes, and what the person is told', () => {
  it('makes new recovery codes for a fresh code: the earlier ones stop working, and the person is mailed', async () => {
    const user = await consoleUser(idp, { name: 'Ada Lovelace' }, '/console/account')
    const { recoveryCodes } = await setUpAuthenticator(user)
    expect(await (await user.api('GET', '/account/authenticator')).json()).toMatchObject({
      recovery_codes_left: 10,
      recovery_codes_total: 10,
    })
    const wrong = await user.api('POST', '/account/authenticator/recovery-codes', { recovery_code: 'aaaa-aaaa' })
    expect(wrong.status).toBe(422)

    const renewed = await user.api('POST', '/account/authenticator/recovery-codes', { recovery_code: recoveryCodes[0] })
    expect(renewed.status).toBe(201)
    const { recovery_codes, message } = await renewed.json()
    expect(recovery_codes).toHaveLength(10)
    expect(recovery_codes).not.toContain(recoveryCodes[1])
    expect(message).toContain('the earlier ones no longer work')
    expect(await (await user.api('GET', '/account/authenticator')).json()).toMatchObject({ recovery_codes_left: 10 })
    // An earlier code is now no code at all.
    const old = await user.api('POST', '/account/authenticator/recovery-codes', { recovery_code: recoveryCodes[1] })
    expect((await old.json()).message).toBe('That code is not right. Type the code the app shows now.')

    expect((await mailsTo(user.email)).map((mail) => mail.subject)).toEqual([
      'An authenticator app now protects your svc account',
      'New recovery codes for your svc account',
    ])
    expect((await actions('account.')).map((event) => event.action)).toEqual([
      'account.recovery_codes_renewed',
      'account.authenticator_added',
    ])
  })

  it('mails the person when a recovery code signs them in, saying how many are left, and when they remove the app', async () => {
    const user = await consoleUser(idp, { name: 'Ada Lovelace' }, '/console/account')
    const { recoveryCodes } = await setUpAuthenticator(user)
    const again = await signInToConsoleAgain(idp, user, { recovery_code: recoveryCodes[3]! }, '/console/account')
    const used = (await mailsTo(user.email)).find((mail) => mail.subject === 'A recovery code was used to sign in to svc')
    expect(used?.text).toContain('9 of 10 recovery codes are left.')
    expect(used?.text).toContain('/console/account#authenticator')
    expect((await listAuditEvents(idp.db, { actionPrefix: 'account.recovery_code_used' })).events[0]?.detail).toEqual({
      recovery_codes_left: 9,
    })

    expect((await again.api('POST', '/account/authenticator/remove', { recovery_code: recoveryCodes[4] })).status).toBe(200)
    expect((await mailsTo(user.email)).at(-1)?.subject).toBe('The authenticator app was removed from your svc account')
    expect((await actions('account.authenticator_removed')).map((event) => event.target)).toEqual([user.me.sub])
  })
})

describe('an administrator removes someone’s authenticator app', () => {
  it('takes it away for a lost phone from People: the person is mailed, keeps their sessions, and the audit log says who', async () => {
    const operator = await consoleUser(idp, { svcMaster: true }, '/console/account')
    const developer = await consoleUser(idp, { svcRole: 'developer', name: 'Grace Hopper' }, '/console/account')
    await setUpAuthenticator(developer)
    const listed = (await (await operator.api('GET', `/people?q=${developer.email}`)).json()).people
    expect(listed).toEqual([expect.objectContaining({ email: developer.email, second_factor: { passkey: false, authenticator: true } })])

    const removed = await operator.api('POST', `/people/${developer.me.sub}/authenticator/remove`)
    expect(removed.status).toBe(200)
    expect((await removed.json()).person.second_factor).toEqual({ passkey: false, authenticator: false })
    expect(await (await developer.api('GET', '/account/authenticator')).json()).toMatchObject({ on: false })
    // Their sessions go on: a lost phone is not a stolen password.
    expect((await developer.api('GET', '/account')).status).toBe(200)
    expect((await mailsTo(developer.email)).at(-1)).toMatchObject({ subject: 'Your svc authenticator app was removed by an administrator' })
    expect(await actions('person.authenticator_removed')).toEqual([
      {
        action: 'person.authenticator_removed',
        actor: { kind: 'account', code: operator.me.sub, email: operator.email },
        target: developer.me.sub,
      },
    ])

    const again = await operator.api('POST', `/people/${developer.me.sub}/authenticator/remove`)
    expect(await refusal(again)).toMatchObject({
      status: 409,
      body: { message: 'Grace Hopper has no authenticator app set up: there is nothing to remove.' },
    })
    expect((await operator.api('POST', `/people/${operator.me.sub}/authenticator/remove`)).status).toBe(409)
    // Only operators and admins manage people.
    expect((await developer.api('POST', `/people/${operator.me.sub}/authenticator/remove`)).status).toBe(403)
  })

  it('lets an organisation’s admin remove the app of their own people only, as they sign them out', async () => {
    const [mine, theirs] = [
      (await createOrganisation(idp.db, { name: 'Mine' })).code,
      (await createOrganisation(idp.db, { name: 'Theirs' })).code,
    ]
    const admin = await consoleUser(idp, { svcRole: 'admin', svcApp: mine }, '/console/account')
    const stranger = await consoleUser(idp, { svcRole: 'admin', svcApp: theirs }, '/console/account')
    const marketer = await consoleUser(idp, { svcApp: mine, svcAccess: ['Ads:Edit'] }, '/console/account')
    await setUpAuthenticator(marketer)
    expect((await stranger.api('POST', `/people/${marketer.me.sub}/authenticator/remove`)).status).toBe(403)
    expect(await (await marketer.api('GET', '/account/authenticator')).json()).toMatchObject({ on: true })
    expect((await admin.api('POST', `/people/${marketer.me.sub}/authenticator/remove`)).status).toBe(200)
    expect(await (await marketer.api('GET', '/account/authenticator')).json()).toMatchObject({ on: false })
  })
})
