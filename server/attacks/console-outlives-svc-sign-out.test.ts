/**
 * Attack: the console stays signed in after its user signed out of svc.
 * The console is a client of svc; a person who signs out of svc (at an
 * application, through RP-initiated logout, or because the svc session
 * ended some other way) and walks away from a shared computer left the
 * console open for the next person until its own 8 hours ran out. The
 * console's session must end with the svc session it was signed in with.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { consoleUser } from '../testing/console-user.js'
import { type IdentityFixture, identityFixture } from '../testing/identity-fixture.js'

let idp: IdentityFixture
beforeEach(async () => {
  idp = await identityFixture()
})
afterEach(() => idp.close())

describe('signing out of svc', () => {
  it('ends the console session: RP-initiated logout, confirmed by the user', async () => {
    const operator = await consoleUser(idp, { svcMaster: true })
    expect((await operator.api('GET', '/me')).status).toBe(200)
    const ask = await operator.browser.request(`${idp.issuer}/oidc/logout`)
    const page = await ask.text()
    expect(page).toContain('Sign out of svc?')
    const signedOut = await operator.browser.submit(`${idp.issuer}/oidc/logout`, page, {})
    expect(await signedOut.text()).toContain('You are signed out')
    // The console cookie is still in the browser; the session behind it is over.
    expect(operator.browser.cookies.has('svc_console')).toBe(true)
    expect((await operator.api('GET', '/me')).status).toBe(401)
    expect((await operator.api('GET', '/signing-keys')).status).toBe(401)
    const page2 = await operator.browser.request(`${idp.issuer}/console/ads`)
    expect(page2.status).toBe(302)
    expect(page2.headers.get('Location')).toBe('/console/login?return=%2Fconsole%2Fads')
  })

  it('ends the console session when the svc session ends otherwise (ended by svc, or run out)', async () => {
    const ended = await consoleUser(idp, { svcRole: 'developer' })
    const expired = await consoleUser(idp, { svcRole: 'developer' })
    expect((await ended.api('GET', '/clients')).status).toBe(200)
    expect((await expired.api('GET', '/clients')).status).toBe(200)
    const sessionOf = async (email: string) =>
      (
        await idp.db
          .selectFrom('sessions')
          .innerJoin('users', 'users.id', 'sessions.user_id')
          .select('sessions.id')
          .where('users.email', '=', email)
          .executeTakeFirstOrThrow()
      ).id
    // What a password reset or an operator does to every session of an account.
    await idp.db
      .updateTable('sessions')
      .set({ ended_at: new Date().toISOString() })
      .where('id', '=', await sessionOf(ended.email))
      .execute()
    await idp.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', await sessionOf(expired.email))
      .execute()
    expect((await ended.api('GET', '/clients')).status).toBe(401)
    expect((await expired.api('GET', '/clients')).status).toBe(401)
  })

  it('leaves the console session alone while the svc session lives, and another user signing out of svc does not end it', async () => {
    const staying = await consoleUser(idp, { svcRole: 'developer' })
    const leaving = await consoleUser(idp, { svcRole: 'developer' })
    const ask = await leaving.browser.request(`${idp.issuer}/oidc/logout`)
    await leaving.browser.submit(`${idp.issuer}/oidc/logout`, await ask.text(), {})
    expect((await leaving.api('GET', '/clients')).status).toBe(401)
    expect((await staying.api('GET', '/clients')).status).toBe(200)
  })
})
