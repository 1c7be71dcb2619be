import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.js'
import { openTestDatabase } from '../db/test-database.js'
import { usableAccountToken } from '../accounts/account-tokens.js'
import { createUser } from '../accounts/users.js'
import { pendingMails } from '../mail/mail-outbox.js'
import { mailAccountLink } from './mail-account-link.js'

const ISSUER = 'https://id.example'
const now = new Date('2026-01-01T00:00:00Z')

let db: Kysely<Database>
beforeAll(async () => {
  db = await openTestDatabase()
})
afterAll(() => db.destroy())

/** A mail that carries the link in its text, as the real ones do. */
const mailWith = (to: string, subject: string) => (link: string) => ({ to, subject, text: link, html: `<a href="${link}">${link}</a>` })
const subjectsWaiting = async () => (await pendingMails(db)).map((mail) => [mail.recipient, mail.subject])

describe('mailAccountLink', () => {
  it("queues the mail with a link to its purpose's page, in the mail's language, whose token works for that purpose only", async () => {
    const user = await createUser(db, { email: 'ada@example.com', name: 'Ada', password: 'long enough' })
    let mailed = ''
    await db
      .transaction()
      .execute((trx) =>
        mailAccountLink(
          trx,
          { issuer: ISSUER },
          { userId: user.id, purpose: 'reset_password', continueTo: '/oidc/authorize?client_id=x', locale: 'de', now },
          (link) => mailWith(user.email, 'Passwort zurücksetzen')((mailed = link)),
        ),
      )
    const link = new URL(mailed)
    expect(`${link.origin}${link.pathname}`).toBe(`${ISSUER}/reset-password`)
    expect(link.searchParams.get('ui_locales')).toBe('de')
    const token = link.searchParams.get('token') ?? ''
    expect(await usableAccountToken(db, token, 'sign_in_link', now)).toBeUndefined()
    expect(await usableAccountToken(db, token, 'reset_password', now)).toMatchObject({
      userId: user.id,
      continueTo: '/oidc/authorize?client_id=x',
    })
    expect(await subjectsWaiting()).toContainEqual(['ada@example.com', 'Passwort zurücksetzen'])
  })

  it('opens each kind of link at its own page, English links without a language mark', async () => {
    const user = await createUser(db, { email: 'grace@example.com', name: 'Grace', password: 'long enough' })
    const pages: string[] = []
    for (const purpose of ['verify_email', 'reset_password', 'invitation', 'sign_in_link'] as const)
      await db.transaction().execute((trx) =>
        mailAccountLink(trx, { issuer: ISSUER }, { userId: user.id, purpose, continueTo: null, locale: 'en', now }, (link) => {
          pages.push(new URL(link).pathname + (new URL(link).searchParams.has('ui_locales') ? ' (marked)' : ''))
          return mailWith(user.email, purpose)(link)
        }),
      )
    expect(pages).toEqual(['/verify-email', '/reset-password', '/accept-invitation', '/sign-in-link'])
  })

  it('leaves neither a working link nor a mail when the change it belongs to rolls back', async () => {
    const user = await createUser(db, { email: 'bob@example.com', name: 'Bob', password: 'long enough' })
    let mailed = ''
    await expect(
      db.transaction().execute(async (trx) => {
        await mailAccountLink(
          trx,
          { issuer: ISSUER },
          { userId: user.id, purpose: 'sign_in_link', continueTo: null, locale: 'en', now },
          (link) => mailWith(user.email, 'Your sign-in link')((mailed = link)),
        )
        throw new Error('the change was refused')
      }),
    ).rejects.toThrow('the change was refused')
    expect(await usableAccountToken(db, new URL(mailed).searchParams.get('token') ?? '', 'sign_in_link', now)).toBeUndefined()
    expect(await subjectsWaiting()).not.toContainEqual(['bob@example.com', 'Your sign-in link'])
  })
})
