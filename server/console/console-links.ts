/**
 * @module Linking an external account from the account page: a POST to
 * `/console/link/SLUG` sends the signed-in user to the external provider, and `/console/linked`
 * takes the answer, links the external account to theirs and returns to
 * the account page, saying what happened.
 */
import { type Context, Hono } from 'hono'
import type { Kysely } from 'kysely'
import { externalProvider, linkAccount } from '../accounts/account-links.js'
import { userBySub } from '../accounts/users.js'
import { relyingPartyFailure, type ExternalRelyingParty, type PendingExternalSignIn } from '../accounts/external-relying-party.js'
import type { Database } from '../db/schema.js'
import { publicUrl } from '../http/public-url.js'
import { hostCookie } from '../http/host-cookie.js'
import { signedCookie } from '../http/signed-cookie.js'
import { InvalidInput } from '../invalid-input.js'
import type { AccountEvents } from '../accounts/account-events.js'
import type { ConsoleSessions } from './console-sessions.js'

/**
 * Builds the link routes, mounted at `/console`.
 *
 * @example
 * app.route('/console', consoleLinks({ db, issuer, sessions, events, relyingParty }))
 */
export function consoleLinks({
  db,
  issuer,
  sessions,
  events,
  relyingParty,
}: {
  db: Kysely<Database>
  issuer: string
  sessions: ConsoleSessions
  events: AccountEvents
  relyingParty: ExternalRelyingParty
}): Hono {
  const app = new Hono()
  const linkCookie = hostCookie(issuer, 'svc_console_link', '/console')
  const pending = signedCookie<PendingExternalSignIn>(db, linkCookie.name, linkCookie)
  const redirectUri = `${issuer}/console/linked`
  const back = (c: Context, message: string) => c.redirect(`/console/account?message=${encodeURIComponent(message)}`, 303)

  // A POST with the session's CSRF token: a link from another site must not
  // start linking whatever account the browser is signed in to out there.
  app.post('/link/:slug', async (c) => {
    const session = await sessions.current(c)
    if (!session) return c.redirect('/console/login?return=%2Fconsole%2Faccount', 303)
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>)
    if (form.csrf !== session.csrf) return back(c, 'The link form expired. Try again.')
    const provider = await externalProvider(db, c.req.param('slug'))
    if (!provider) return back(c, `There is no provider called ${c.req.param('slug')}.`)
    try {
      // prompt=login: the person proves the external account is theirs now,
      // rather than whichever session the browser happens to hold there.
      const { url, pending: started } = await relyingParty.start(provider, redirectUri, '/console/account', {
        prompt: 'login',
        sub: session.sub,
      })
      await pending.set(c, started)
      return c.redirect(url.href, 303)
    } catch (error) {
      return back(c, `${provider.name} could not be reached: ${relyingPartyFailure(error)}`)
    }
  })

  app.get('/linked', async (c) => {
    const session = await sessions.current(c)
    const started = await pending.take(c)
    if (!session || !started || started.sub !== session.sub) return back(c, 'The link expired or was not started here. Try again.')
    const provider = await externalProvider(db, started.slug)
    const user = await userBySub(db, session.sub)
    if (!provider || !user) return back(c, 'The provider or your account is gone.')
    try {
      const external = await relyingParty.finish(provider, publicUrl(c, issuer), started)
      await linkAccount(db, events, user, provider, external)
      return back(c, `Your ${provider.name} account is linked.`)
    } catch (error) {
      return back(c, error instanceof InvalidInput ? `${error.message}.` : `${provider.name} did not link: ${relyingPartyFailure(error)}`)
    }
  })
  return app
}
