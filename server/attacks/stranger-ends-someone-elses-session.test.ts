/**
 * Attack: a stranger signs someone else's sessions out, or stuffs the
 * session list. The account page's "Sign out" names a session by its
 * number, and the numbers are sequential: a signed-in stranger counts
 * through them (`DELETE /console/api/account/sessions/N`) to sign other
 * people out of everything, or another site's page makes the victim's own
 * browser send the request. Separately, a browser's User-Agent header is
 * stored with its session and shown on the account page, so a client
 * sending a huge one would fill the database and the page. What must stop
 * them: only the signed-in person's own sessions end (every other number
 * is the same 404, so the answers tell nothing either), a write needs the
 * console's CSRF token in a header no other site can set, and what is
 * stored of a User-Agent is capped.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { userByEmail } from '../accounts/users.js'
import { listAuditEvents } from '../audit/audit-events.js'
import { liveSessionsOf } from '../grants/sessions.js'
import { USER_AGENT_MAX } from '../grants/session-device.js'
import { signInOnce } from '../testing/attacks.js'
import { consoleUser } from '../testing/console-user.js'
import { type IdentityFixture, identityFixture, ScriptedBrowser } from '../testing/identity-fixture.js'

let idp: IdentityFixture
beforeEach(async () => {
  idp = await identityFixture()
})
afterEach(() => idp.close())

const liveSessions = async (email: string) => liveSessionsOf(idp.db, (await userByEmail(idp.db, email))!.id, new Date())

describe('a stranger and the account page’s sessions', () => {
  it('counts through the session numbers and ends none of the victim’s', async () => {
    const victim = await consoleUser(idp, { name: 'Victim' }, '/console/account')
    await signInOnce(idp, new ScriptedBrowser(), victim.email, 'console password')
    const stranger = await consoleUser(idp, { name: 'Stranger' }, '/console/account')
    const victimSessions = (await liveSessions(victim.email)).map((session) => session.id)
    expect(victimSessions).toHaveLength(2)

    const answers = new Set<number>()
    for (let id = 1; id <= Math.max(...victimSessions) + 3; id++)
      answers.add((await stranger.api('DELETE', `/account/sessions/${id}`)).status)
    // Its own session in use is refused (409); everything else is the same 404.
    expect([...answers].sort()).toEqual([404, 409])
    expect((await liveSessions(victim.email)).map((session) => session.id)).toEqual(victimSessions)
    expect((await victim.api('GET', '/account')).status).toBe(200)
    expect((await listAuditEvents(idp.db, {})).events.filter((event) => event.action.startsWith('account.'))).toEqual([])
  })

  it('cannot make the victim’s own browser end their sessions without the page’s token', async () => {
    const victim = await consoleUser(idp, { name: 'Victim' }, '/console/account')
    await signInOnce(idp, new ScriptedBrowser(), victim.email, 'console password')
    const listed: { id: number; current: boolean }[] = (await (await victim.api('GET', '/account/sessions')).json()).sessions
    const other = listed.find((session) => !session.current)!
    // What another site's form or script can send with the victim's cookies: no X-CSRF-Token header.
    const forged = await victim.browser.request(`${idp.issuer}/console/api/account/sessions/sign-out-others`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain', Origin: 'https://evil.example' },
      body: '{}',
    })
    expect(forged.status).toBe(403)
    expect((await victim.api('DELETE', `/account/sessions/${other.id}`, undefined, { csrf: false })).status).toBe(403)
    expect(await liveSessions(victim.email)).toHaveLength(2)
  })
})

describe('a huge User-Agent header', () => {
  it('is stored capped, or refused whole before any session starts', async () => {
    const big = new ScriptedBrowser({ 'User-Agent': `Mozilla/5.0 ${'x'.repeat(12_000)}` })
    await signInOnce(idp, big, 'ada@example.com', 'analytical engine')
    const [stored] = await liveSessions('ada@example.com')
    expect(stored!.userAgent).toHaveLength(USER_AGENT_MAX)

    // 100 KB is past what Node reads of a request's headers: refused before svc sees it.
    const huge = new ScriptedBrowser({ 'User-Agent': 'x'.repeat(100_000) })
    expect((await huge.request(`${idp.issuer}/login`)).status).toBe(431)
    expect(await liveSessions('ada@example.com')).toHaveLength(1)
  })
})
