/**
 * @module The account page's Passkeys API as its form meets it: the
 * name's limit comes with the section (so the form counts it while
 * typing), a name it refuses is refused in the page's words, and the
 * last passkey of an account without a password is kept with a sentence
 * that points to the "Set a password" form on the same page.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { addPasskey } from '../accounts/passkeys.js'
import { UNUSABLE_PASSWORD_HASH } from '../accounts/passwords.js'
import { setPasswordHash, userBySub } from '../accounts/users.js'
import { type IdentityFixture, identityFixture } from '../testing/identity-fixture.js'
import { type ConsoleUser, consoleUser } from '../testing/console-user.js'

let idp: IdentityFixture
let user: ConsoleUser
beforeEach(async () => {
  idp = await identityFixture()
  user = await consoleUser(idp, { name: 'Ada Lovelace' }, '/console/account')
})
afterEach(() => idp.close())

describe('the Passkeys section', () => {
  it('sends the name’s limit and the counter’s words with the section', async () => {
    const section = await (await user.api('GET', '/account/passkeys')).json()
    expect(section.name_max).toBe(64)
    expect(section.words).toMatchObject({ characters: 'characters', characterCount: '{length} of {max} characters' })
  })

  it('refuses a blank name in the page’s words, beside the field', async () => {
    const res = await user.api('POST', '/account/passkeys', { name: '   ', credential: '{}' })
    expect(res.status).toBe(422)
    const said = 'Give the passkey a name of 1 to 64 characters (no line breaks or other control characters).'
    expect(await res.json()).toMatchObject({ message: said, errors: { name: said } })
  })

  it('keeps the last passkey of an account without a password, pointing to the password form above', async () => {
    const row = (await userBySub(idp.db, user.me.sub))!
    const passkey = { credentialId: 'cred-1', publicKey: 'key', counter: 0, transports: [], backupEligible: true, backedUp: true }
    const added = await addPasskey(idp.db, { ...passkey, userId: row.id, name: 'Phone' }, new Date())
    await setPasswordHash(idp.db, row.id, UNUSABLE_PASSWORD_HASH, { emailVerified: false, now: new Date() })
    const res = await user.api('DELETE', `/account/passkeys/${added.id}`)
    expect(res.status).toBe(409)
    expect((await res.json()).message).toBe(
      'This passkey is your account’s last way to sign in, so it cannot be removed: add another passkey first, or set a password above.',
    )
  })
})
