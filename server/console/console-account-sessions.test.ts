import * as client from 'openid-client'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { listAuditEvents } from '../audit/audit-events.js'
import { type ConsoleUser, consoleUser, signedInElsewhere } from '../testing/console-user.js'
import { type IdentityFixture, identityFixture } from '../testing/identity-fixture.js'
import type { ConsoleAccountSession } from '../../shared/console-wire.js'

const FIREFOX_ON_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0'

let idp: IdentityFixture
let user: ConsoleUser
beforeEach(async () => {
  idp = await identityFixture()
  user = await consoleUser(idp, { name: 'Ada Lovelace' }, '/console/account')
})
afterEach(() => idp.close())

const sessions = async (who = user): Promise<ConsoleAccountSession[]> => (await (await who.api('GET', '/account/sessions')).json()).sessions
const refusal = async (res: Response) => ({ status: res.status, message: (await res.json()).message })

/** The same account signed in to a partner application from another browser, holding a refresh token. */
async function anotherBrowser(userAgent = FIREFOX_ON_LINUX) {
  const other = await signedInElsewhere(idp, user, { 'User-Agent': userAgent })
  const { browser } = other
  /** What FedCM's accounts list says to this browser: the account, or a 401 once it is signed out. */
  const fedcmAccounts = async () =>
    (await browser.request(`${idp.issuer}/oidc/fedcm/accounts`, { headers: { 'Sec-Fetch-Dest': 'webidentity' } })).status
  return { ...other, fedcmAccounts }
}

describe('the sessions on the account page', () => {
  it('lists the account’s live sessions with their browser and system, the page’s own marked current', async () => {
    await anotherBrowser()
    const listed = await sessions()
    expect(listed).toHaveLength(2)
    expect(listed.filter((session) => session.current)).toHaveLength(1)
    expect(listed.find((session) => !session.current)).toMatchObject({ browser: 'Firefox', system: 'Linux', user_agent: FIREFOX_ON_LINUX })
    for (const session of listed) expect(Date.parse(session.last_active_at)).toBeGreaterThanOrEqual(Date.parse(session.signed_in_at))
  })

  it('signs one other session out everywhere it counts, and the audit log says so', async () => {
    const other = await anotherBrowser()
    expect(await other.fedcmAccounts()).toBe(200)
    const target = (await sessions()).find((session) => !session.current)!
    expect((await user.api('DELETE', `/account/sessions/${target.id}`)).status).toBe(204)

    expect((await sessions()).map((session) => session.current)).toEqual([true])
    // Its cookie signs nobody in, FedCM no longer offers the account to it, and what was issued in it is revoked.
    expect(await (await other.browser.request(other.url.href)).text()).toContain('action="/oidc/authorize/login"')
    expect(await other.fedcmAccounts()).toBe(401)
    await expect(client.refreshTokenGrant(other.config, other.refreshToken)).rejects.toMatchObject({ error: 'invalid_grant' })
    expect((await idp.events()).filter((event) => event.name === 'tokens.revoked')).toEqual([
      {
        name: 'tokens.revoked',
        client: idp.confidential.clientId,
        data: { account: user.me.sub, tokens: 2, reason: 'session signed out' },
      },
    ])
    // This page's session goes on.
    expect((await user.api('GET', '/account')).status).toBe(200)
    const { events } = await listAuditEvents(idp.db, { target: user.me.sub })
    expect(events.map((event) => [event.action, event.actor.email, event.detail])).toEqual([
      ['account.session_ended', user.email, { device: 'Firefox on Linux', signed_in: target.signed_in_at }],
    ])
  })

  it('signs out of every other session and keeps this one', async () => {
    const [first, second] = [await anotherBrowser(), await anotherBrowser('curl/8.5.0')]
    const ended = await user.api('POST', '/account/sessions/sign-out-others', {})
    expect(await ended.json()).toEqual({ ended: 2 })
    expect((await sessions()).map((session) => session.current)).toEqual([true])
    expect([await first.fedcmAccounts(), await second.fedcmAccounts()]).toEqual([401, 401])
    await expect(client.refreshTokenGrant(first.config, first.refreshToken)).rejects.toMatchObject({ error: 'invalid_grant' })
    const { events } = await listAuditEvents(idp.db, { target: user.me.sub })
    expect(events.map((event) => [event.action, event.detail])).toEqual([['account.other_sessions_ended', { sessions: 2 }]])
  })

  it('ends only the person’s own other sessions, with the page’s CSRF token, and says why it refuses', async () => {
    const stranger = await consoleUser(idp, { name: 'Grace Hopper' }, '/console/account')
    const theirs = (await sessions(stranger))[0]!
    const mine = (await sessions())[0]!
    const noSuch = {
      status: 404,
      message: 'That is not one of your sessions, or it has ended already. Reload the page to see the sessions you have now.',
    }
    expect(await refusal(await user.api('DELETE', `/account/sessions/${theirs.id}`))).toEqual(noSuch)
    expect(await refusal(await user.api('DELETE', '/account/sessions/not-a-number'))).toEqual(noSuch)
    expect(await refusal(await user.api('DELETE', `/account/sessions/${'9'.repeat(400)}`))).toEqual(noSuch)
    // Past what PostgreSQL's integer holds: the same refusal, not a database error.
    expect(await refusal(await user.api('DELETE', '/account/sessions/2147483648'))).toEqual(noSuch)
    expect(await refusal(await user.api('DELETE', '/account/sessions/99999999999999'))).toEqual(noSuch)
    expect(await refusal(await user.api('DELETE', `/account/sessions/${mine.id}`))).toEqual({
      status: 409,
      message: 'That is the session you are using: to end it, use Sign out at the top of the page.',
    })
    expect((await stranger.api('DELETE', `/account/sessions/${mine.id}`, undefined, { csrf: false })).status).toBe(403)
    expect((await stranger.api('POST', '/account/sessions/sign-out-others', {}, { csrf: false })).status).toBe(403)
    expect(await sessions(stranger)).toEqual([expect.objectContaining({ id: theirs.id, current: true })])
    expect((await sessions()).map((session) => session.id)).toEqual([mine.id])
    expect((await listAuditEvents(idp.db, {})).events.filter((event) => event.action.startsWith('account.'))).toEqual([])
  })

  it('speaks the visitor’s language when it refuses', async () => {
    user.browser.headers['Accept-Language'] = 'de'
    expect((await refusal(await user.api('DELETE', '/account/sessions/1234567'))).message).toMatch(/^Das ist keine Ihrer Sitzungen/)
  })
})
