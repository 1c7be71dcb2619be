/**
 * @module Sign-up on the test database: a new address gets an unverified
 * account and a confirmation link, a taken one (whatever its case, or taken
 * by a sign-up racing this one) no second account but a reset link; a
 * passkey sign-up stores the passkey and no usable password; the
 * confirmation is mailed again only to an account still waiting for it.
 */
import type { Kysely } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { markEmailVerified, createUser, userByEmail } from '../accounts/users.js'
import { usableAccountToken } from '../accounts/account-tokens.js'
import { passkeysOf } from '../accounts/passkeys.js'
import { UNUSABLE_PASSWORD_HASH, verifyPassword } from '../accounts/passwords.js'
import { DEFAULT_BRANDING } from '../branding.js'
import type { Database } from '../db/schema.js'
import { openTestDatabase } from '../db/test-database.js'
import { resendSignUpConfirmation, signUp, signUpErrors, type LifecycleContext } from './signup.js'

const ISSUER = 'https://id.example'
const NOW = new Date('2026-04-01T09:00:00.000Z')
const PASSWORD = 'violet kettle harbour lamp'
const CONFIRM = 'Confirm your e-mail address for svc'

let db: Kysely<Database>
let ctx: LifecycleContext
beforeEach(async () => {
  db = await openTestDatabase()
  ctx = { db, issuer: ISSUER, now: () => NOW, branding: DEFAULT_BRANDING }
})
afterEach(() => db.destroy())

/** The mails queued so far, oldest first: recipient, subject, and the tokens of the links in the text by page. */
const mails = async () =>
  (await db.selectFrom('mail_outbox').select(['recipient', 'subject', 'text']).orderBy('id').execute()).map(({ recipient, subject, text }) => ({
    recipient,
    subject,
    tokens: Object.fromEntries(
      (text.match(/https:\/\/id\.example\/[^\s)>\]]+/g) ?? []).map((href) => [new URL(href).pathname, new URL(href).searchParams.get('token')]),
    ),
  }))
const usersNamed = (email: string) => db.selectFrom('users').select('id').where('email', '=', email).execute()

describe('signUp', () => {
  it('makes an unverified account with the password and mails a confirmation link that continues where asked', async () => {
    await signUp(ctx, { name: 'Ada Lovelace', email: ' Ada@Example.com ', password: PASSWORD }, '/oidc/authorize?client_id=shop')
    const user = (await userByEmail(db, 'ada@example.com'))!
    expect(user).toMatchObject({ name: 'Ada Lovelace', email_verified: 0 })
    expect(await verifyPassword(PASSWORD, user.password_hash)).toBe(true)
    const [mail] = await mails()
    expect(mail).toMatchObject({ recipient: 'ada@example.com', subject: CONFIRM })
    expect(await usableAccountToken(db, mail!.tokens['/verify-email'] ?? '', 'verify_email', NOW)).toEqual(
      expect.objectContaining({ userId: user.id, continueTo: '/oidc/authorize?client_id=shop' }),
    )
  })

  it('makes no second account for a taken address, whatever its case, and mails the owner a reset link', async () => {
    const owner = await createUser(db, { email: 'ada@example.com', name: 'Ada', password: PASSWORD })
    await signUp(ctx, { name: 'Mallory', email: 'ADA@example.COM', password: 'another long passphrase' }, null, 'fr')
    expect(await usersNamed('ada@example.com')).toHaveLength(1)
    const [mail] = await mails()
    expect(mail!.recipient).toBe('ada@example.com')
    expect(mail!.subject).not.toBe(CONFIRM)
    expect(await usableAccountToken(db, mail!.tokens['/reset-password'] ?? '', 'reset_password', NOW)).toMatchObject({ userId: owner.id })
  })

  it('makes no second account when someone registers the address between the look and the insert, and mails a reset link', async () => {
    let rival: { id: number } | undefined
    // The address is free when sign-up looks; the rival's account is committed just before sign-up's own transaction begins.
    const racedDb = new Proxy(db, {
      get(target, property) {
        if (property === 'transaction' && !rival)
          return () => ({
            execute: async <T>(work: (trx: Kysely<Database>) => Promise<T>) => {
              rival = await createUser(target, { email: 'ada@example.com', name: 'Rival', password: PASSWORD })
              return target.transaction().execute(work)
            },
          })
        const value: unknown = Reflect.get(target, property, target)
        return typeof value === 'function' ? value.bind(target) : value
      },
    })
    await signUp({ ...ctx, db: racedDb }, { name: 'Ada', email: 'ada@example.com', password: PASSWORD }, null)
    expect(await usersNamed('ada@example.com')).toEqual([{ id: rival!.id }])
    const [mail] = await mails()
    expect(mail!.tokens['/verify-email']).toBeUndefined()
    expect(await usableAccountToken(db, mail!.tokens['/reset-password'] ?? '', 'reset_password', NOW)).toMatchObject({ userId: rival!.id })
  })

  it('with a passkey, stores it and no usable password', async () => {
    const passkey = { credentialId: 'cred-1', publicKey: 'pk', counter: 0, transports: ['internal'], backupEligible: true, backedUp: false, name: 'Laptop' }
    await signUp(ctx, { name: 'Ada', email: 'ada@example.com', password: '' }, null, 'en', passkey)
    const user = (await userByEmail(db, 'ada@example.com'))!
    expect(user.password_hash).toBe(UNUSABLE_PASSWORD_HASH)
    expect((await passkeysOf(db, user.id)).map((row) => row.credential_id)).toEqual(['cred-1'])
  })

  it('checks the form field by field before anything is stored', () => {
    expect(Object.keys(signUpErrors({ name: ' ', email: 'ada@', password: 'short' })).sort()).toEqual(['email', 'name', 'password'])
    expect(signUpErrors({ name: 'Ada', email: 'ada@example.com', password: PASSWORD })).toEqual({})
  })
})

describe('resendSignUpConfirmation', () => {
  it('mails a fresh link to an account still waiting, keeping the earlier one, and nothing to others', async () => {
    await signUp(ctx, { name: 'Ada', email: 'ada@example.com', password: PASSWORD }, null)
    await resendSignUpConfirmation(ctx, 'ADA@example.com', null, 'en')
    const [first, second] = await mails()
    expect(second).toMatchObject({ recipient: 'ada@example.com', subject: CONFIRM })
    expect(second!.tokens['/verify-email']).not.toBe(first!.tokens['/verify-email'])
    expect(await usableAccountToken(db, first!.tokens['/verify-email'] ?? '', 'verify_email', NOW)).toBeDefined()
    const verified = await createUser(db, { email: 'grace@example.com', name: 'Grace', password: PASSWORD })
    await markEmailVerified(db, verified.id, NOW)
    await resendSignUpConfirmation(ctx, 'grace@example.com', null)
    await resendSignUpConfirmation(ctx, 'nobody@example.com', null)
    expect(await mails()).toHaveLength(2)
  })
})
