/**
 * Attack: links mailed before a new password kept working after it: an
 * invitation link still set a password, a sign-up confirmation link still
 * signed in. Whoever got hold of an old mail kept a way in that the owner
 * believed closed. A reset or a change of password voids every link that
 * can sign in or set a password.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { issueAccountToken } from '../accounts/account-tokens.js'
import { userBySub } from '../accounts/users.js'
import { changePassword } from '../account-changes/account-page-changes.js'
import { type IdentityFixture, identityFixture, ScriptedBrowser } from '../testing/identity-fixture.js'

let idp: IdentityFixture
beforeEach(async () => {
  idp = await identityFixture()
})
afterEach(() => idp.close())

const LINK_PAGE = { invitation: 'accept-invitation', verify_email: 'verify-email', reset_password: 'reset-password' } as const
type Purpose = keyof typeof LINK_PAGE

async function mailedLinks(): Promise<Record<Purpose, string>> {
  const user = (await userBySub(idp.db, idp.sub))!
  const now = new Date()
  const made = {} as Record<Purpose, string>
  for (const purpose of Object.keys(LINK_PAGE) as Purpose[])
    made[purpose] = await issueAccountToken(idp.db, { userId: user.id, purpose, continueTo: null, now })
  return made
}

/** Follows a link as its page asks (GET shows a form; its POST acts); the final status. */
async function follow(purpose: Purpose, token: string): Promise<number> {
  const browser = new ScriptedBrowser()
  const shown = await browser.request(`${idp.issuer}/${LINK_PAGE[purpose]}?token=${token}`)
  if (shown.status !== 200) return shown.status
  const posted = await browser.submit(`${idp.issuer}/${LINK_PAGE[purpose]}`, await shown.text(), { password: 'somebody else chose this' })
  return posted.status
}

describe('links mailed before a new password', () => {
  it('all stop working after a reset through another link', async () => {
    const old = await mailedLinks()
    const user = (await userBySub(idp.db, idp.sub))!
    const reset = await issueAccountToken(idp.db, { userId: user.id, purpose: 'reset_password', continueTo: null, now: new Date() })
    expect(await follow('reset_password', reset)).toBeLessThan(400)
    for (const purpose of Object.keys(LINK_PAGE) as Purpose[])
      expect([purpose, await follow(purpose, old[purpose])]).toEqual([purpose, 400])
  })

  it('all stop working after the password is changed on the account page', async () => {
    const old = await mailedLinks()
    const user = (await userBySub(idp.db, idp.sub))!
    await changePassword(idp.bff.provider, idp.bff.provider.events, user, 'a brand new password here', -1)
    for (const purpose of Object.keys(LINK_PAGE) as Purpose[])
      expect([purpose, await follow(purpose, old[purpose])]).toEqual([purpose, 400])
  })
})
