/**
 * @module The account page's sessions: `GET /sessions` lists the signed-in
 * person's live sessions at svc (browser and system from the User-Agent
 * at sign-in, when it signed in and was last active, the one this page is
 * open in marked); `DELETE /sessions/ID` signs one other session out, and
 * `POST /sessions/sign-out-others` every session but this one
 * (`account-changes/session-sign-out.ts` says what ending one ends).
 * Only the person's own sessions: an id that is not one of theirs
 * (another account's, an ended one, not a number) gets the same 404, so
 * the route tells nobody whose sessions exist. The session in use is not
 * ended here: the page's Sign out does that, with the console's cookie.
 */
import type { Context, Hono } from 'hono'
import type { Kysely } from 'kysely'
import type { AccountEvents } from '../accounts/account-events.js'
import { userBySub } from '../accounts/users.js'
import { signOutOtherSessions, signOutSession } from '../account-changes/session-sign-out.js'
import { accountActor } from '../audit/account-actor.js'
import type { Branding } from '../branding.js'
import type { Database } from '../db/schema.js'
import { liveSessionsOf } from '../grants/sessions.js'
import { sessionDevice } from '../grants/session-device.js'
import { accountWords } from '../i18n/account-words.js'
import { requestLocale } from '../i18n/request-locale.js'
import type { ConsoleAccountSessions, ConsoleOtherSessionsEnded } from '../../shared/console-wire.js'
import { type ConsoleVariables, consoleError } from './console-guard.js'

export interface AccountSessionOptions {
  db: Kysely<Database>
  events: AccountEvents
  branding: Branding
  now?: () => Date
}

/** A session id as the page sends it: a positive integer a database integer column holds (PostgreSQL's stops at 2^31 - 1), else nothing. */
const sessionId = (text: string) => (/^[1-9][0-9]{0,9}$/.test(text) && Number(text) <= 2 ** 31 - 1 ? Number(text) : undefined)

/**
 * Adds the sessions routes to the account routes (behind their guard, which checks the CSRF token of writes).
 *
 * @example
 * accountSessionRoutes(app, { db, events, branding })
 */
export function accountSessionRoutes(app: Hono<{ Variables: ConsoleVariables }>, options: AccountSessionOptions): void {
  const { db, events, branding, now = () => new Date() } = options
  const wordsOf = (c: Context) => accountWords(requestLocale(c), branding.name)

  app.get('/sessions', async (c) => {
    const session = c.get('session')
    const user = await userBySub(db, session.sub)
    if (!user) return consoleError(c, 404, wordsOf(c).accountGone)
    const sessions = (await liveSessionsOf(db, user.id, now())).map((listed) => ({
      id: listed.id,
      ...sessionDevice(listed.userAgent),
      user_agent: listed.userAgent,
      signed_in_at: listed.createdAt,
      last_active_at: listed.lastActiveAt,
      current: listed.id === session.svcSessionId,
    }))
    c.header('Cache-Control', 'no-store')
    return c.json({ sessions } satisfies ConsoleAccountSessions)
  })

  app.delete('/sessions/:id', async (c) => {
    const session = c.get('session')
    const say = wordsOf(c)
    const user = await userBySub(db, session.sub)
    if (!user) return consoleError(c, 404, say.accountGone)
    const id = sessionId(c.req.param('id'))
    if (id === session.svcSessionId) return consoleError(c, 409, say.currentSessionRefused)
    if (id === undefined || !(await signOutSession(db, events, accountActor(session), user, id, now())))
      return consoleError(c, 404, say.noSuchSession)
    return c.body(null, 204)
  })

  app.post('/sessions/sign-out-others', async (c) => {
    const session = c.get('session')
    const user = await userBySub(db, session.sub)
    if (!user) return consoleError(c, 404, wordsOf(c).accountGone)
    const ended = await signOutOtherSessions(db, events, accountActor(session), user, session.svcSessionId, now())
    return c.json({ ended } satisfies ConsoleOtherSessionsEnded)
  })
}
