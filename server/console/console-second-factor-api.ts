/**
 * @module The operator's switch that requires a second factor of everyone
 * with a console role, at `/console/api/second-factor`: GET says whether
 * it is on (and whether the operator's own sign-in used one), PUT
 * `{required}` turns it on or off, recorded in the audit log. An operator
 * whose own session was signed in with one factor cannot turn it on:
 * they would be the first one stopped, so the refusal says to add a
 * passkey or an authenticator app and sign in with it first.
 */
import { Hono } from 'hono'
import type { Kysely } from 'kysely'
import { requireSecondFactor, secondFactorRequired, signedInWithSecondFactor } from '../accounts/second-factor-requirement.js'
import { accountActor } from '../audit/account-actor.js'
import type { Database } from '../db/schema.js'
import { sessionAuthentication } from '../grants/sessions.js'
import type { ConsoleSecondFactorRequirement } from '../../shared/console-wire.js'
import { type ConsoleVariables, consoleError, consoleGuard, jsonObject, SECOND_FACTOR_PAGE } from './console-guard.js'
import type { ConsoleSessions } from './console-sessions.js'

/** Why an operator signed in with one factor may not turn the requirement on. */
export const WOULD_LOCK_YOU_OUT =
  'You signed in with one factor, so requiring a second one would stop you first. Add a passkey or an authenticator app on your account page, sign in again with it, then turn this on.'

/**
 * Builds the routes, mounted at `/console/api/second-factor`, for operators.
 *
 * @example
 * app.route('/api/second-factor', consoleSecondFactorApi(db, sessions))
 */
export function consoleSecondFactorApi(db: Kysely<Database>, sessions: ConsoleSessions): Hono<{ Variables: ConsoleVariables }> {
  const app = new Hono<{ Variables: ConsoleVariables }>()
  app.use('*', consoleGuard(sessions, 'operator'))

  const answer = async (svcSessionId: number): Promise<ConsoleSecondFactorRequirement> => ({
    required: await secondFactorRequired(db),
    you_signed_in_with_second_factor: signedInWithSecondFactor((await sessionAuthentication(db, svcSessionId)).amr ?? []),
  })

  app.get('/', async (c) => c.json(await answer(c.get('session').svcSessionId), 200, { 'Cache-Control': 'no-store' }))

  app.put('/', async (c) => {
    const required = ((await jsonObject(c)) ?? {}).required
    if (typeof required !== 'boolean')
      return consoleError(c, 422, 'required must be true or false', { errors: { required: 'Say yes or no.' } })
    const session = c.get('session')
    const now = await answer(session.svcSessionId)
    if (required && !now.you_signed_in_with_second_factor)
      return consoleError(c, 409, WOULD_LOCK_YOU_OUT, { account_page: SECOND_FACTOR_PAGE })
    await requireSecondFactor(db, accountActor(session), required)
    return c.json({ ...now, required }, 200, { 'Cache-Control': 'no-store' })
  })
  return app
}
