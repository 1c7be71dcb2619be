/**
 * @module The account page's JSON API, for any signed-in user: their
 * profile, the applications they connected (consents) with revoking one
 * (`account.consent_revoked`), their linked external accounts with
 * unlinking one (`account.unlinked`), and deleting the account (every token
 * revoked, `account.deleted`), which also ends the console session.
 */
import { type Context, Hono } from 'hono'
import type { Kysely } from 'kysely'
import { revokeConsent } from '../account-changes/revoke-consent.js'
import { deleteAccount } from './account-deletion.js'
import { externalProvider, externalProviders, linksOf, unlinkAccount } from '../accounts/account-links.js'
import { liveConsentsOf } from '../accounts/consents.js'
import { pendingEmail } from '../accounts/account-tokens.js'
import { hasNoPassword } from '../accounts/account-state.js'
import { userBySub } from '../accounts/users.js'
import { clientByClientId, clientsByIds } from '../clients/clients.js'
import { InvalidInput } from '../invalid-input.js'
import type { LoginThrottle } from '../http/login-throttle.js'
import { accountChangeRoutes } from './console-account-changes.js'
import { accountSessionRoutes } from './console-account-sessions.js'
import { consolePasskeysApi } from './console-passkeys-api.js'
import { consoleAuthenticatorApi } from './console-authenticator-api.js'
import { authenticatorWords } from '../i18n/authenticator-words.js'
import type { Locale } from '../i18n/locale.js'

/** What the account page says at its top to a console role that must add a second factor, in its language. */
const secondFactorNotice = (locale: Locale) => {
  const words = authenticatorWords(locale)
  return { heading: words.requiredHeading, text: words.requiredText, sign_in_again: words.signInAgain }
}
import type { Database } from '../db/schema.js'
import type { AccountEvents } from '../accounts/account-events.js'
import { type ConsoleVariables, consoleError, consoleGuard, jsonObject } from './console-guard.js'
import type { ConsoleSessions } from './console-sessions.js'
import { recordAuditEvent } from '../audit/audit-events.js'
import { accountActor } from '../audit/account-actor.js'
import { personState, personTarget } from '../audit/audit-targets.js'
import type { ConsoleAccount, ConsoleAccountDeleted } from '../../shared/console-wire.js'
import type { Branding } from '../branding.js'
import { accountWords } from '../i18n/account-words.js'
import { fill } from '../i18n/pages.js'
import { requestLocale } from '../i18n/request-locale.js'

/**
 * Builds the account routes, mounted at `/console/api/account`.
 *
 * @example
 * app.route('/console/api/account', consoleAccountApi(db, sessions, events, { issuer, throttle, branding }))
 */
export function consoleAccountApi(
  db: Kysely<Database>,
  sessions: ConsoleSessions,
  events: AccountEvents,
  { issuer, throttle, branding }: { issuer: string; throttle: LoginThrottle; branding: Branding },
): Hono<{ Variables: ConsoleVariables }> {
  const app = new Hono<{ Variables: ConsoleVariables }>()
  app.use('*', consoleGuard(sessions))
  accountChangeRoutes(app, { db, issuer, events, throttle, branding })
  accountSessionRoutes(app, { db, events, branding })
  app.route('/passkeys', consolePasskeysApi(db, { issuer, branding }))
  app.route('/authenticator', consoleAuthenticatorApi(db, { issuer, branding, throttle }))
  const userOf = (sub: string) => userBySub(db, sub)
  const wordsOf = (c: Context) => accountWords(requestLocale(c), branding.name)

  app.get('/', async (c) => {
    const user = await userOf(c.get('session').sub)
    if (!user) return consoleError(c, 404, wordsOf(c).accountGone)
    const consents = await liveConsentsOf(db, user.id)
    const connected = await clientsByIds(
      db,
      consents.map((consent) => consent.clientId),
    )
    const clients = new Map(connected.map((client) => [client.id, client]))
    // svc's own applications are not listed among the connected ones.
    const apps = consents.flatMap(({ clientId, scopes, grantedAt }) => {
      const client = clients.get(clientId)
      return client && client.first_party === 0 ? [{ client_id: client.client_id, name: client.name, scopes, granted_at: grantedAt }] : []
    })
    return c.json({
      profile: {
        sub: user.sub,
        email: user.email,
        name: user.name,
        given_name: user.given_name,
        family_name: user.family_name,
        picture: user.picture,
        pending_email: await pendingEmail(db, user.id, new Date()),
        has_password: !hasNoPassword(user.password_hash),
      },
      apps,
      links: await linksOf(db, user.id),
      providers: (await externalProviders(db)).map(({ slug, name }) => ({ slug, name })),
      locale: requestLocale(c),
      words: wordsOf(c),
      second_factor_required: c.get('session').secondFactorMissing ? secondFactorNotice(requestLocale(c)) : null,
    } satisfies ConsoleAccount)
  })

  app.delete('/links/:slug', async (c) => {
    const user = await userOf(c.get('session').sub)
    const provider = await externalProvider(db, c.req.param('slug'))
    if (!user || !provider) return consoleError(c, 404, `no provider ${c.req.param('slug')}`)
    try {
      await unlinkAccount(db, events, user, provider)
    } catch (error) {
      if (error instanceof InvalidInput) return consoleError(c, 404, error.message)
      throw error
    }
    return c.body(null, 204)
  })

  app.delete('/apps/:clientId', async (c) => {
    const user = await userOf(c.get('session').sub)
    const client = await clientByClientId(db, c.req.param('clientId'))
    if (!user || !client) return consoleError(c, 404, `you have not connected ${c.req.param('clientId')}`)
    try {
      await revokeConsent(db, events, user, client)
    } catch {
      return consoleError(c, 404, `you have not connected ${c.req.param('clientId')}`)
    }
    return c.body(null, 204)
  })

  app.post('/delete', async (c) => {
    const session = c.get('session')
    const user = await userOf(session.sub)
    if (!user) return consoleError(c, 404, wordsOf(c).accountGone)
    const { confirm } = (await jsonObject(c)) ?? {}
    if (confirm !== user.email) {
      const message = fill(wordsOf(c).typeToConfirmRefused, { email: user.email })
      return consoleError(c, 422, message, { errors: { confirm: message } })
    }
    await deleteAccount(db, events, user)
    await recordAuditEvent(db, {
      actor: accountActor(session),
      action: 'account.deleted',
      target: personTarget(user),
      organisation: user.svc_app,
      detail: personState(user),
    })
    await sessions.end(c, session)
    return c.json({ deleted: user.sub } satisfies ConsoleAccountDeleted)
  })
  return app
}
