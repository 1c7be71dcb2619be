import { Hono } from 'hono'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createUser, userBySub } from '../accounts/users.js'
import type { UserRow } from '../db/schema.js'
import { type IdentityFixture, identityFixture } from '../testing/identity-fixture.js'
import { ACTIVITY_STEP_MS, currentSession, endSessionOfUser, liveSessionsOf, sessionCookie, startSession } from './sessions.js'
import { USER_AGENT_MAX } from './session-device.js'

const CHROME_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'

let idp: IdentityFixture
let ada: UserRow
let app: Hono
beforeEach(async () => {
  idp = await identityFixture()
  ada = (await userBySub(idp.db, idp.sub))!
  // The two things a browser does with a session: sign in, then come back with the cookie.
  app = new Hono()
    .post('/sign-in/:sub', async (c) => c.json(await startSession(c, idp.bff.provider, (await userBySub(idp.db, c.req.param('sub')))!, ['pwd'])))
    .get('/who', async (c) => c.json((await currentSession(c, idp.bff.provider))?.user.sub ?? null))
})
afterEach(() => idp.close())

/** Signs `sub` in from a browser sending `userAgent`; resolves with the session id and the cookie to send back. */
async function signIn(sub: string, userAgent?: string) {
  const res = await app.request(`/sign-in/${sub}`, { method: 'POST', headers: userAgent === undefined ? {} : { 'User-Agent': userAgent } })
  const cookie = res.headers
    .getSetCookie()
    .find((line) => line.startsWith(`${sessionCookie(idp.bff.provider)}=`))!
    .split(';')[0]!
  return { id: ((await res.json()) as { id: number }).id, cookie }
}
const visit = async (cookie: string) => (await app.request('/who', { headers: { Cookie: cookie } })).json()
const now = () => idp.bff.provider.now()

describe('the sessions an account page lists', () => {
  it('keeps the browser’s User-Agent, capped, and lists only the account’s live sessions, the most recently used first', async () => {
    const grace = await createUser(idp.db, { email: 'grace@example.com', name: 'Grace', password: 'a long password here' })
    const hostile = `${'A'.repeat(100_000)}\u0007`
    const chrome = await signIn(ada.sub, CHROME_ON_WINDOWS)
    idp.advance(120)
    const huge = await signIn(ada.sub, hostile)
    const bare = await signIn(ada.sub)
    const ended = await signIn(ada.sub, 'ended')
    await signIn(grace.sub, 'someone else')
    expect(await endSessionOfUser(idp.db, ada.id, ended.id, now())).toBe(true)

    idp.advance(120)
    expect(await visit(chrome.cookie)).toBe(ada.sub)
    const listed = await liveSessionsOf(idp.db, ada.id, now())
    expect(listed.map((session) => session.id)).toEqual([chrome.id, bare.id, huge.id])
    // Used two minutes after it signed in: last active then, not at its sign-in.
    expect(listed[0]!.userAgent).toBe(CHROME_ON_WINDOWS)
    expect(Date.parse(listed[0]!.lastActiveAt) - Date.parse(listed[0]!.createdAt)).toBeGreaterThanOrEqual(240_000)
    expect(listed.find((session) => session.id === huge.id)!.userAgent).toBe('A'.repeat(USER_AGENT_MAX))
    expect(listed.find((session) => session.id === bare.id)!.userAgent).toBeNull()

    // Fourteen days on, every one of them has expired and none is listed.
    idp.advance(14 * 24 * 3600)
    expect(await liveSessionsOf(idp.db, ada.id, now())).toEqual([])
  })

  it('notes activity at most once a step, not on every request', async () => {
    const session = await signIn(ada.sub, CHROME_ON_WINDOWS)
    const lastActive = async () => (await liveSessionsOf(idp.db, ada.id, now()))[0]!.lastActiveAt
    const signedIn = await lastActive()
    idp.advance(ACTIVITY_STEP_MS / 1000 - 5)
    await visit(session.cookie)
    expect(await lastActive()).toBe(signedIn)
    idp.advance(10)
    await visit(session.cookie)
    const moved = await lastActive()
    expect(Date.parse(moved) - Date.parse(signedIn)).toBeGreaterThanOrEqual(ACTIVITY_STEP_MS + 5000)
    idp.advance(1)
    await visit(session.cookie)
    expect(await lastActive()).toBe(moved)
  })
})

describe('ending one session of an account', () => {
  it('ends only a live session of that account: its cookie stops working, and another account’s id changes nothing', async () => {
    const grace = await createUser(idp.db, { email: 'grace@example.com', name: 'Grace', password: 'a long password here' })
    const mine = await signIn(ada.sub)
    const theirs = await signIn(grace.sub)
    expect(await endSessionOfUser(idp.db, ada.id, theirs.id, now())).toBe(false)
    expect(await visit(theirs.cookie)).toBe(grace.sub)
    expect(await endSessionOfUser(idp.db, ada.id, 999_999, now())).toBe(false)

    expect(await endSessionOfUser(idp.db, ada.id, mine.id, now())).toBe(true)
    expect(await visit(mine.cookie)).toBeNull()
    // Ended already: nothing left to end.
    expect(await endSessionOfUser(idp.db, ada.id, mine.id, now())).toBe(false)
  })
})
