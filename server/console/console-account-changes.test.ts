import * as client from 'openid-client'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type IdentityFixture, identityFixture, ScriptedBrowser } from '../testing/identity-fixture.js'
import { type ConsoleUser, consoleUser, signedInElsewhere } from '../testing/console-user.js'
import { createUser, setPasswordHash, userBySub } from '../accounts/users.js'
import { addPasskey } from '../accounts/passkeys.js'
import { UNUSABLE_PASSWORD_HASH } from '../accounts/passwords.js'
import { ACCOUNT_WORDS, accountWords } from '../i18n/account-words.js'

const CURRENT = 'console password'
const NEW_PASSWORD = 'violet kettle harbour lamp'

let idp: IdentityFixture
let user: ConsoleUser
beforeEach(async () => {
  idp = await identityFixture()
  user = await consoleUser(idp, { name: 'Ada Lovelace', givenName: 'Ada', familyName: 'Lovelace' }, '/console/account')
})
afterEach(() => idp.close())

const mails = async () =>
  (await idp.db.selectFrom('mail_outbox').selectAll().orderBy('id').execute()).map((row) => ({
    to: row.recipient,
    subject: row.subject,
    link: /https?:\/\/\S+\?token=[\w-]+/.exec(row.text)?.[0],
  }))
const account = async () => (await (await user.api('GET', '/account')).json()).profile
const errorsOf = async (res: Response) => ({ status: res.status, errors: (await res.json()).errors })

/** The same account signed in to a partner application elsewhere, holding a refresh token. */
const elsewhere = () => signedInElsewhere(idp, user)

describe('changing the password on the account page', () => {
  it('needs the CSRF token, the current password and a password the policy allows', async () => {
    expect(
      (await user.api('POST', '/account/password', { current_password: CURRENT, new_password: NEW_PASSWORD }, { csrf: false })).status,
    ).toBe(403)
    expect(await errorsOf(await user.api('POST', '/account/password', { current_password: CURRENT, new_password: 'short' }))).toEqual({
      status: 422,
      errors: { new_password: expect.stringMatching(/^Use at least 12 characters/) },
    })
    expect(
      await errorsOf(await user.api('POST', '/account/password', { current_password: 'wrong guess', new_password: NEW_PASSWORD })),
    ).toEqual({
      status: 422,
      errors: { current_password: 'That is not your current password.' },
    })
    // The password it has already: a "change" that changes nothing is refused beside the new one.
    expect(await errorsOf(await user.api('POST', '/account/password', { current_password: CURRENT, new_password: CURRENT }))).toEqual({
      status: 422,
      errors: { new_password: 'Choose a password you have not used here before.' },
    })
    expect(await mails()).toEqual([])
  })

  it('slows down guessing of the current password like sign-in does', async () => {
    const statuses = []
    for (let i = 0; i < 7; i++)
      statuses.push((await user.api('POST', '/account/password', { current_password: `guess ${i}`, new_password: NEW_PASSWORD })).status)
    expect(statuses.slice(0, 5)).toEqual([422, 422, 422, 422, 422])
    expect(statuses.at(-1)).toBe(429)
  })

  it('keeps this session, ends every other one, revokes their refresh tokens and mails the account', async () => {
    const other = await elsewhere()
    const done = await user.api('POST', '/account/password', { current_password: CURRENT, new_password: NEW_PASSWORD })
    expect(done.status).toBe(200)
    expect((await done.json()).message).toMatch(/password is changed/)
    expect((await user.api('GET', '/account')).status).toBe(200)
    await expect(client.refreshTokenGrant(other.config, other.refreshToken)).rejects.toMatchObject({ error: 'invalid_grant' })
    expect(await (await other.browser.request(other.url.href)).text()).toContain('action="/oidc/authorize/login"')
    expect((await idp.events()).filter((e) => e.name === 'tokens.revoked')).toEqual([
      { name: 'tokens.revoked', client: idp.confidential.clientId, data: { account: user.me.sub, tokens: 2, reason: 'password changed' } },
    ])
    expect(await mails()).toEqual([{ to: user.email, subject: 'Your svc password was changed', link: undefined }])
    const login = async (password: string) => {
      const b = new ScriptedBrowser()
      const page = await (await b.request(`${idp.issuer}/login`)).text()
      return (await b.submit(`${idp.issuer}/login`, page, { email: user.email, password })).status
    }
    expect([await login(CURRENT), await login(NEW_PASSWORD)]).toEqual([401, 200])
  })
})

describe('setting a password on a passkey-only account', () => {
  /** The console user made passkey-only, as "Remove the password" on the Passkeys section leaves it. */
  async function passkeyOnly() {
    const row = (await userBySub(idp.db, user.me.sub))!
    const passkey = { credentialId: 'cred-1', publicKey: 'key', counter: 0, transports: [], backupEligible: true, backedUp: true }
    await addPasskey(idp.db, { ...passkey, userId: row.id, name: 'Laptop' }, new Date())
    await setPasswordHash(idp.db, row.id, UNUSABLE_PASSWORD_HASH, { emailVerified: false, now: new Date() })
  }
  const login = async (password: string) => {
    const b = new ScriptedBrowser()
    const page = await (await b.request(`${idp.issuer}/login`)).text()
    return (await b.submit(`${idp.issuer}/login`, page, { email: user.email, password })).status
  }

  it('changes the e-mail address without a current password, the link going to the new address', async () => {
    await passkeyOnly()
    const asked = await user.api('POST', '/account/email', { email: 'ada@passkeys.example' })
    expect(asked.status).toBe(200)
    expect((await mails()).map((mail) => mail.to)).toContain('ada@passkeys.example')
    expect((await account()).pending_email).toBe('ada@passkeys.example')
  })

  it('tells the page whether the account has a password', async () => {
    expect((await account()).has_password).toBe(true)
    await passkeyOnly()
    expect((await account()).has_password).toBe(false)
  })

  it('sets the first password without a current one, typed twice, and the account signs in with it', async () => {
    await passkeyOnly()
    expect(await errorsOf(await user.api('POST', '/account/password', { new_password: 'short', confirm_password: 'short' }))).toEqual({
      status: 422,
      errors: { new_password: expect.stringMatching(/^Use at least 12 characters/) },
    })
    expect(
      await errorsOf(await user.api('POST', '/account/password', { new_password: NEW_PASSWORD, confirm_password: `${NEW_PASSWORD}!` })),
    ).toEqual({ status: 422, errors: { confirm_password: 'The two passwords are not the same: type the new one twice.' } })
    expect((await user.api('POST', '/account/password', { new_password: NEW_PASSWORD, confirm_password: NEW_PASSWORD }, { csrf: false })).status).toBe(403)
    const done = await user.api('POST', '/account/password', { new_password: NEW_PASSWORD, confirm_password: NEW_PASSWORD })
    expect(done.status).toBe(200)
    expect((await done.json()).message).toBe('Your password is set. Every other session was signed out, and a mail tells you so.')
    expect((await account()).has_password).toBe(true)
    expect(await mails()).toEqual([{ to: user.email, subject: 'Your svc password was changed', link: undefined }])
    expect(await login(NEW_PASSWORD)).toBe(200)
    // From now on it is a change like any other: the current password is asked for.
    expect(await errorsOf(await user.api('POST', '/account/password', { new_password: 'another long password here' }))).toEqual({
      status: 422,
      errors: { current_password: 'Type your current password.' },
    })
  })
})

describe("the account page's mails speak the browser's language", () => {
  it('writes the password and address mails in French for a French browser, with French links', async () => {
    user.browser.headers['Accept-Language'] = 'fr-CH, fr;q=0.9, en;q=0.5'
    expect((await user.api('POST', '/account/password', { current_password: CURRENT, new_password: NEW_PASSWORD })).status).toBe(200)
    expect((await user.api('POST', '/account/email', { email: 'ada@new.example', current_password: NEW_PASSWORD })).status).toBe(200)
    const sent = await idp.db.selectFrom('mail_outbox').selectAll().orderBy('id').execute()
    expect(sent.map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/mot de passe/),
      expect.stringMatching(/Confirmez|confirmez/),
      expect.stringMatching(/adresse e-mail|adresse/),
    ])
    expect(sent[1]!.text).toMatch(/verify-email\?token=[\w-]+&ui_locales=fr/)
    expect(sent.every((mail) => /<html lang="fr">/.test(mail.html ?? ''))).toBe(true)
  })
})

describe("the account page speaks the browser's language", () => {
  it('sends the words and answers of a German browser in German, and of any other in English', async () => {
    user.browser.headers['Accept-Language'] = 'de-CH, de;q=0.9, en;q=0.5'
    const german = await (await user.api('GET', '/account')).json()
    expect([german.locale, german.words]).toEqual(['de', accountWords('de', 'svc')])
    expect(await errorsOf(await user.api('PUT', '/account/profile', { name: ' ', picture: 'ftp://x' }))).toEqual({
      status: 422,
      errors: { name: ACCOUNT_WORDS.de.nameRequired, picture: ACCOUNT_WORDS.de.pictureWebAddress },
    })
    expect(await errorsOf(await user.api('POST', '/account/password', { current_password: 'wrong guess', new_password: NEW_PASSWORD }))).toEqual(
      { status: 422, errors: { current_password: ACCOUNT_WORDS.de.wrongCurrentPassword } },
    )
    expect(await errorsOf(await user.api('POST', '/account/password', { current_password: CURRENT, new_password: 'short' }))).toEqual({
      status: 422,
      errors: { new_password: expect.stringMatching(/^Verwenden Sie mindestens 12 Zeichen/) },
    })
    expect(await errorsOf(await user.api('POST', '/account/delete', { confirm: 'someone else' }))).toEqual({
      status: 422,
      errors: { confirm: ACCOUNT_WORDS.de.typeToConfirmRefused.replace('{email}', user.email) },
    })
    expect((await (await user.api('PUT', '/account/profile', { name: 'Ada Lovelace', given_name: 'Ada', family_name: 'Lovelace' })).json()).message).toBe(
      ACCOUNT_WORDS.de.nothingChanged,
    )
    // The header of a visitor whose console is this page speaks it too.
    expect((await (await user.api('GET', '/me')).json()).header).toEqual({
      account: ACCOUNT_WORDS.de.account,
      signOut: ACCOUNT_WORDS.de.signOut,
      sections: ACCOUNT_WORDS.de.sections,
    })

    user.browser.headers['Accept-Language'] = 'tlh, xx;q=0.5'
    const english = await (await user.api('GET', '/account')).json()
    expect([english.locale, english.words]).toEqual(['en', accountWords('en', 'svc')])
  })

  it('speaks Brazilian Portuguese to a Brazilian browser and European to a Portuguese one, in the page and its mails', async () => {
    user.browser.headers['Accept-Language'] = 'pt-BR, pt;q=0.9, en;q=0.5'
    const brazil = await (await user.api('GET', '/account')).json()
    expect([brazil.locale, brazil.words.yourAccount, brazil.words.signOut, brazil.words.deleteMyAccount]).toEqual([
      'pt',
      'Sua conta',
      'Sair',
      'Excluir minha conta',
    ])
    expect((await (await user.api('GET', '/me')).json()).header.signOut).toBe('Sair')
    expect(
      await errorsOf(await user.api('POST', '/account/password', { current_password: 'wrong guess', new_password: NEW_PASSWORD })),
    ).toEqual({ status: 422, errors: { current_password: 'Essa não é sua senha atual.' } })
    expect((await user.api('POST', '/account/password', { current_password: CURRENT, new_password: NEW_PASSWORD })).status).toBe(200)

    user.browser.headers['Accept-Language'] = 'pt-PT, pt;q=0.9, en;q=0.5'
    const portugal = await (await user.api('GET', '/account')).json()
    expect([portugal.locale, portugal.words.yourAccount, portugal.words.signOut]).toEqual(['pt-PT', 'A sua conta', 'Terminar sessão'])
    expect((await user.api('POST', '/account/email', { email: 'ada@new.example', current_password: NEW_PASSWORD })).status).toBe(200)

    const sent = await idp.db.selectFrom('mail_outbox').selectAll().orderBy('id').execute()
    expect(sent.map((mail) => mail.subject)).toEqual([
      'Sua senha do svc foi alterada',
      'Confirme o seu novo endereço de email para o svc',
      'A sua conta svc vai mudar de endereço de email',
    ])
    expect(sent[0]!.html).toContain('<html lang="pt">')
    expect(sent[1]!.html).toContain('<html lang="pt-PT">')
    // The mailed link opens the pages in the mail's Portuguese, whatever the browser that follows it asks for.
    expect(sent[1]!.text).toMatch(/verify-email\?token=[\w-]+&ui_locales=pt-PT/)
  })
})

describe('changing the e-mail address on the account page', () => {
  it('changes the address only when the link mailed to it is followed, telling the old address', async () => {
    expect(
      (await user.api('POST', '/account/email', { current_password: CURRENT, email: 'ada@new.example' }, { csrf: false })).status,
    ).toBe(403)
    expect(await errorsOf(await user.api('POST', '/account/email', { current_password: 'wrong guess', email: 'ada@new.example' }))).toEqual(
      {
        status: 422,
        errors: { current_password: 'That is not your current password.' },
      },
    )
    expect(
      (await errorsOf(await user.api('POST', '/account/email', { current_password: CURRENT, email: 'not an address' }))).errors,
    ).toHaveProperty('email')
    const asked = await user.api('POST', '/account/email', { current_password: CURRENT, email: ' Ada@New.example ' })
    expect(asked.status).toBe(200)
    expect(await account()).toMatchObject({ email: user.email, pending_email: 'ada@new.example' })
    const sent = await mails()
    const [notice, confirm] = [sent.find((mail) => mail.to === user.email), sent.find((mail) => mail.to === 'ada@new.example')]
    expect(notice).toMatchObject({ to: user.email, subject: 'Your svc account is changing its e-mail address', link: undefined })
    expect(confirm).toMatchObject({ to: 'ada@new.example', subject: 'Confirm your new e-mail address for svc' })

    const browser = new ScriptedBrowser()
    const page = await (await browser.request(confirm!.link!)).text()
    expect(page).toContain('Confirm that ada@new.example is yours to make it your account')
    expect(await account()).toMatchObject({ email: user.email })
    // Without the account's password the link joins the address to nothing.
    expect((await browser.submit(`${idp.issuer}/verify-email`, page, {})).status).toBe(401)
    expect((await browser.submit(`${idp.issuer}/verify-email`, page, { password: 'not the password' })).status).toBe(401)
    expect(await account()).toMatchObject({ email: user.email })
    const followed = await browser.submit(`${idp.issuer}/verify-email`, page, { password: CURRENT })
    expect(followed.status).toBe(303)
    expect(followed.headers.get('Location')).toBe('/console/account?message=Your%20e-mail%20address%20is%20now%20ada%40new.example.')
    const row = await idp.db
      .selectFrom('users')
      .select(['email', 'email_verified'])
      .where('sub', '=', user.me.sub)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ email: 'ada@new.example', email_verified: 1 })
    // The link worked once.
    expect((await browser.submit(`${idp.issuer}/verify-email`, page, {})).status).toBe(400)
  })

  it('cancels a pending change when the password changes, so whoever asked for it cannot finish it', async () => {
    expect((await user.api('POST', '/account/email', { current_password: CURRENT, email: 'intruder@example.com' })).status).toBe(200)
    const link = (await mails()).find((mail) => mail.to === 'intruder@example.com')!.link!
    expect((await user.api('POST', '/account/password', { current_password: CURRENT, new_password: NEW_PASSWORD })).status).toBe(200)
    expect(await account()).toMatchObject({ email: user.email, pending_email: null })
    const browser = new ScriptedBrowser()
    expect((await browser.request(link)).status).toBe(400)
    expect(await account()).toMatchObject({ email: user.email })
  })

  it('mails one address at most five confirmation links an hour', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await user.api('POST', '/account/email', { current_password: CURRENT, email: 'victim@example.com' })).status).toBe(200)
    }
    const refused = await user.api('POST', '/account/email', { current_password: CURRENT, email: 'victim@example.com' })
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect((await refused.json()).message).toContain('Too many confirmation mails to victim@example.com')
  })

  it('refuses the link when another account took the address meanwhile', async () => {
    await user.api('POST', '/account/email', { current_password: CURRENT, email: 'wanted@example.com' })
    const link = (await mails()).find((mail) => mail.to === 'wanted@example.com')!.link!
    await createUser(idp.db, { email: 'wanted@example.com', name: 'Quicker', password: 'another long passphrase' })
    const browser = new ScriptedBrowser()
    const page = await (await browser.request(link)).text()
    expect((await browser.submit(`${idp.issuer}/verify-email`, page, { password: CURRENT })).status).toBe(400)
    expect((await account()).email).toBe(user.email)
  })

  it('answers a taken address as a free one, and mails its owner instead of a link', async () => {
    const taken = await consoleUser(idp)
    const free = await user.api('POST', '/account/email', { current_password: CURRENT, email: 'free@example.com' })
    const answer = await user.api('POST', '/account/email', { current_password: CURRENT, email: taken.email })
    expect([answer.status, (await answer.json()).message.replace(taken.email, 'X')]).toEqual([
      free.status,
      (await free.json()).message.replace('free@example.com', 'X'),
    ])
    expect(await account()).toMatchObject({ email: user.email, pending_email: taken.email })
    const toTaken = (await mails()).filter((mail) => mail.to === taken.email)
    expect(toTaken).toEqual([{ to: taken.email, subject: 'You already have an account at svc', link: undefined }])
  })
})

describe('the name and picture form', () => {
  it('saves unchanged as nothing changed, and one field changed as exactly that field', async () => {
    const before = await account()
    expect(before).toMatchObject({ name: 'Ada Lovelace', given_name: 'Ada', family_name: 'Lovelace', picture: null })
    const form = { name: before.name, given_name: before.given_name, family_name: before.family_name, picture: '' }
    const stamp = async () =>
      (await idp.db.selectFrom('users').select('updated_at').where('sub', '=', user.me.sub).executeTakeFirstOrThrow()).updated_at
    const stamped = await stamp()
    expect((await (await user.api('PUT', '/account/profile', form)).json()).message).toBe('Nothing changed.')
    expect([await account(), await stamp()]).toEqual([before, stamped])
    expect((await user.api('PUT', '/account/profile', { ...form, family_name: 'King' })).status).toBe(200)
    expect(await account()).toEqual({ ...before, family_name: 'King' })
    expect((await user.api('PUT', '/account/profile', { ...form, picture: 'https://images.example/ada.png' })).status).toBe(200)
    expect((await account()).picture).toBe('https://images.example/ada.png')
  })

  it('refuses a picture that is not a web address and an empty name, beside the fields, and needs the CSRF token', async () => {
    const refused = await user.api('PUT', '/account/profile', { name: ' ', picture: 'javascript:alert(1)' })
    expect(await errorsOf(refused)).toEqual({
      status: 422,
      errors: {
        name: 'Type the name to show, up to 200 characters.',
        picture: 'The picture must be a web address starting with https:// or http://.',
      },
    })
    expect((await user.api('PUT', '/account/profile', { name: 'Mallory' }, { csrf: false })).status).toBe(403)
    expect((await account()).name).toBe('Ada Lovelace')
  })
})
