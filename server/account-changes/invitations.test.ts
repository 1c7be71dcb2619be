/**
 * @module Invitations on the test database: the invited account is made
 * unverified with no usable password and the role given, and its mail is
 * queued with a working link in the same transaction; a taken address is
 * refused with nothing stored; a resent invitation voids the links before.
 */
import type { Kysely } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { usableAccountToken } from '../accounts/account-tokens.js'
import { UNUSABLE_PASSWORD_HASH } from '../accounts/passwords.js'
import { createUser, userByEmail } from '../accounts/users.js'
import { DEFAULT_BRANDING } from '../branding.js'
import type { Database } from '../db/schema.js'
import { openTestDatabase } from '../db/test-database.js'
import { InvalidInput } from '../invalid-input.js'
import { createOrganisation } from '../orgs/organisations.js'
import { invite, resendInvitation } from './invitations.js'
import type { LifecycleContext } from './signup.js'

const ISSUER = 'https://id.example'
const NOW = new Date('2026-04-01T09:00:00.000Z')

let db: Kysely<Database>
let ctx: LifecycleContext
beforeEach(async () => {
  db = await openTestDatabase()
  ctx = { db, issuer: ISSUER, now: () => NOW, branding: DEFAULT_BRANDING }
})
afterEach(() => db.destroy())

/** The mails queued so far, oldest first, as a person reads them: recipient, subject, and the links in the text. */
const mails = async () =>
  (await db.selectFrom('mail_outbox').select(['recipient', 'subject', 'text']).orderBy('id').execute()).map(({ recipient, subject, text }) => ({
    recipient,
    subject,
    links: text.match(/https:\/\/id\.example\/[^\s)>\]]+/g) ?? [],
  }))
const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? ''

describe('invite', () => {
  it('makes the account, unverified with no usable password and the role given, and mails a working link naming the organisation', async () => {
    const org = await createOrganisation(db, { name: 'Acme Ads' })
    const user = await invite(ctx, { email: ' Grace@Example.com ', svcApp: org.code, svcRole: 'marketer', svcAccess: ['Ads:Edit'], inviter: 'Ada Lovelace' })
    expect(user).toMatchObject({ email: 'grace@example.com', name: 'grace', email_verified: 0, svc_app: org.code, svc_role: 'marketer', password_hash: UNUSABLE_PASSWORD_HASH })
    expect(await userByEmail(db, 'grace@example.com')).toMatchObject({ id: user.id })
    const [mail] = await mails()
    expect(mail).toMatchObject({ recipient: 'grace@example.com', subject: 'You are invited to svc' })
    const text = (await db.selectFrom('mail_outbox').select('text').executeTakeFirstOrThrow()).text
    expect(text).toContain('Ada Lovelace')
    expect(text).toContain('Acme Ads')
    const link = mail!.links.find((href) => href.includes('/accept-invitation'))!
    expect(await usableAccountToken(db, tokenOf(link), 'invitation', NOW)).toMatchObject({ userId: user.id })
  })

  it('makes an operator when asked, named so in the mail, with the name given', async () => {
    const user = await invite(ctx, { email: 'root@example.com', name: ' Root Person ', svcMaster: true, locale: 'de' })
    expect(user).toMatchObject({ name: 'Root Person', svc_master: 1 })
    const [mail] = await mails()
    expect(mail!.subject).toBe('Sie sind zu svc eingeladen')
  })

  it('refuses an address that has an account, whatever its case, and stores nothing', async () => {
    await createUser(db, { email: 'ada@example.com', name: 'Ada', password: 'violet kettle harbour lamp' })
    const refusal = await invite(ctx, { email: 'ADA@example.com' }).catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(InvalidInput)
    expect(refusal).toMatchObject({ field: 'email' })
    expect(await mails()).toEqual([])
  })
})

describe('resendInvitation', () => {
  it('mails a fresh link and voids the ones mailed before', async () => {
    const user = await invite(ctx, { email: 'grace@example.com' })
    await resendInvitation(ctx, user, { inviter: 'Ada Lovelace', locale: 'fr' })
    const [first, second] = await mails()
    expect(second).toMatchObject({ recipient: 'grace@example.com', subject: 'Vous êtes invité sur svc' })
    const invitation = (mail: typeof first) => tokenOf(mail!.links.find((href) => href.includes('/accept-invitation'))!)
    expect(await usableAccountToken(db, invitation(first), 'invitation', NOW)).toBeUndefined()
    expect(await usableAccountToken(db, invitation(second), 'invitation', NOW)).toMatchObject({ userId: user.id })
  })
})
