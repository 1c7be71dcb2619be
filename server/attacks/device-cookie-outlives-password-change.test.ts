/**
 * Issue 24, item 3: a "remember this browser" cookie named only the
 * account, so cookies minted with a password that later leaked kept
 * working after the owner reset it, each giving ten more guesses at the
 * new password on a bucket of its own. Device cookies are now bound to
 * the password they were earned with: a reset or change voids them.
 */
import { afterEach, expect, it } from 'vitest'
import { FREE_FAILURES, loginThrottle } from '../http/login-throttle.js'
import { type IdentityFixture, identityFixture, ScriptedBrowser, USER } from '../testing/identity-fixture.js'
import { signInOnce } from '../testing/attacks.js'

let idp: IdentityFixture
afterEach(() => idp.close())

const NEW_PASSWORD = 'violet kettle harbour lamp'

/** The owner resets her password through the mailed link. */
async function resetPassword(owner: ScriptedBrowser) {
  const forgot = await (await owner.request(`${idp.issuer}/forgot-password`)).text()
  expect((await owner.submit(`${idp.issuer}/forgot-password`, forgot, { email: USER.email })).status).toBe(200)
  // "Forgot password?" answers first and queues the mail after the answer: wait for it.
  const lastMail = () => idp.db.selectFrom('mail_outbox').select('text').orderBy('id', 'desc').executeTakeFirst()
  await expect.poll(async () => (await lastMail())?.text ?? '').toContain('/reset-password?token=')
  const mail = (await lastMail())!
  const link = /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(mail.text)![0]
  const page = await (await owner.request(link)).text()
  expect((await owner.submit(`${idp.issuer}/reset-password`, page, { password: NEW_PASSWORD })).status).toBe(200)
}

/** Wrong passwords from `browser` until the throttle refuses one; how many were checked. */
async function guessesBeforeRefusal(browser: ScriptedBrowser): Promise<number> {
  for (let guesses = 0; guesses < 100; guesses++) {
    const res = await signInOnce(idp, browser, USER.email, `guess ${guesses}`)
    if (res.status === 429) return guesses
    expect(res.status).toBe(401)
  }
  throw new Error('the throttle never refused')
}

it('gives a device cookie minted before a password reset no guesses beyond a stranger’s', async () => {
  // The throttle's clock stands still, so no wait runs out during the test.
  idp = await identityFixture({ throttle: loginThrottle({ now: () => 1_700_000_000_000 }) })
  // Someone who learnt the old password signs in from three browsers, each then a "known browser".
  const remembered = [new ScriptedBrowser(), new ScriptedBrowser(), new ScriptedBrowser()]
  for (const browser of remembered) expect((await signInOnce(idp, browser, USER.email, USER.password)).status).toBe(200)
  await resetPassword(new ScriptedBrowser())

  let guesses = 0
  for (const browser of [...remembered, new ScriptedBrowser()]) guesses += await guessesBeforeRefusal(browser)
  // What one stranger's browser gets on its own: the free failures, and the one that starts the wait.
  expect(guesses).toBe(FREE_FAILURES.pair + 1)
})
