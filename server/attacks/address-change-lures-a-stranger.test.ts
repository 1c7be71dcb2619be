/**
 * Attack: an address change as a lure. The attacker, signed in to an
 * account of their own, asks to move it to a stranger's address. svc
 * mails the stranger "confirm this address"; one click on "Confirm and
 * sign in" once made it the attacker's account's confirmed address, so
 * the attacker signed in to partner sites as the stranger, with
 * `email_verified: true`. The link must also ask for the password of the
 * account it joins, which the stranger does not know.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { consoleUser, type ConsoleUser } from '../testing/console-user.js'
import { type IdentityFixture, identityFixture, ScriptedBrowser } from '../testing/identity-fixture.js'

const STRANGER = 'stranger@mail.example'

let idp: IdentityFixture
let attacker: ConsoleUser
beforeEach(async () => {
  idp = await identityFixture()
  attacker = await consoleUser(idp)
})
afterEach(() => idp.close())

async function linkMailedToStranger(): Promise<string> {
  const row = await idp.db.selectFrom('mail_outbox').select('text').where('recipient', '=', STRANGER).executeTakeFirstOrThrow()
  return /https?:\/\/\S+\?token=[\w-]+\S*/.exec(row.text)![0]
}

const attackersAddress = async () =>
  await idp.db.selectFrom('users').select(['email', 'email_verified']).where('sub', '=', attacker.me.sub).executeTakeFirstOrThrow()

describe("an address change mailed to a stranger's address", () => {
  it("asks for the account's password, so the stranger's click joins the address to nothing", async () => {
    const before = await attackersAddress()
    expect((await attacker.api('POST', '/account/email', { current_password: 'console password', email: STRANGER })).status).toBe(200)

    const stranger = new ScriptedBrowser()
    const page = await (await stranger.request(await linkMailedToStranger())).text()
    expect(page).toContain('Password')
    const clicked = await stranger.submit(`${idp.issuer}/verify-email`, page, {})
    expect(clicked.status).toBe(401)
    expect(clicked.headers.get('Location')).toBeNull()
    expect(stranger.cookies.has('svc_session')).toBe(false)
    const guessed = await stranger.submit(`${idp.issuer}/verify-email`, page, { password: 'a guess at it' })
    expect(guessed.status).toBe(401)
    expect(await attackersAddress()).toEqual(before)
  })
})
