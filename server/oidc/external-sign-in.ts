/**
 * @module Signing in to svc through a linked external provider: the login
 * page's "Sign in with …" goes to `/oidc/external/SLUG?return=…`, and
 * `/oidc/external-callback` takes the provider's answer, signs in the svc
 * account linked to that external account, and resumes the authorization
 * request it came from. An external account linked to no svc account gets
 * a page saying how to link it.
 */
import { signInOrAskCode } from './sign-in/second-factor.js'
import { type Context, Hono } from 'hono'
import { externalProvider, userLinkedTo } from '../accounts/account-links.js'
import { relyingPartyFailure, type ExternalRelyingParty, type PendingExternalSignIn } from '../accounts/external-relying-party.js'
import { isDisabled } from '../accounts/users.js'
import { hostCookie } from '../http/host-cookie.js'
import { publicUrl } from '../http/public-url.js'
import { signedCookie } from '../http/signed-cookie.js'
import type { IdentityProviderContext } from '../grants/identity-provider-context.js'
import { refusalPage } from '../pages/refusal-page.js'
import { pageWords, requestBranding } from '../pages/request-branding.js'

/**
 * Builds the routes, mounted at `/oidc`.
 *
 * @example
 * app.route('/oidc', externalSignIn(provider, relyingParty))
 */
export function externalSignIn(provider: IdentityProviderContext, relyingParty: ExternalRelyingParty): Hono {
  const app = new Hono()
  // `__Host-` on https, like every svc cookie: a sibling subdomain must not plant a sign-in of its own.
  const place = hostCookie(provider.issuer, 'svc_external', '/oidc')
  const pending = signedCookie<PendingExternalSignIn>(provider.db, place.name, { path: place.path, secure: place.secure })
  const redirectUri = `${provider.issuer}/oidc/external-callback`
  const problem = (c: Context, message: string) => refusalPage(c, 400, 'signInError', { developer: message })
  // What went wrong with the visitor's own sign-in at the provider is theirs to read, not a developer's.
  const failed = (c: Context, message: string) => refusalPage(c, 400, 'signInError', { visitor: message })

  app.get('/external/:slug', async (c) => {
    const external = await externalProvider(provider.db, c.req.param('slug'))
    if (!external) return problem(c, `There is no sign-in provider called ${c.req.param('slug')}.`)
    // Only back into an authorization request: never an open redirect.
    const returnTo = c.req.query('return') ?? ''
    if (!/^\/oidc\/authorize\?[^\s]*$/.test(returnTo)) return problem(c, 'This sign-in does not say which application it is for.')
    try {
      const { url, pending: started } = await relyingParty.start(external, redirectUri, returnTo)
      await pending.set(c, started)
      return c.redirect(url.href, 302)
    } catch (error) {
      return failed(c, `${external.name} could not be reached: ${relyingPartyFailure(error)}`)
    }
  })

  app.get('/external-callback', async (c) => {
    const started = await pending.take(c)
    if (!started) return refusalPage(c, 400, 'signInError', { visitor: pageWords(c).signInNotFromThisBrowser })
    const external = await externalProvider(provider.db, started.slug)
    if (!external) return failed(c, 'That sign-in provider is no longer configured.')
    let account: { sub: string }
    try {
      account = await relyingParty.finish(external, publicUrl(c, provider.issuer), started)
    } catch (error) {
      provider.metrics?.signIn('failure', 'external')
      return failed(c, `${external.name} did not sign you in: ${relyingPartyFailure(error)}`)
    }
    const user = await userLinkedTo(provider.db, external, account.sub)
    // Linked to no account, or to one whose address is not confirmed: svc signs nobody in.
    provider.metrics?.signIn(user?.email_verified === 1 ? 'success' : 'failure', 'external')
    if (!user)
      return failed(
        c,
        `No ${requestBranding(c).name} account is linked to this ${external.name} account. Sign in with your e-mail and password, then link ${external.name} on your account page.`,
      )
    // A link made before the address was confirmed may be a stranger's: only a confirmed account signs in.
    if (user.email_verified !== 1) return failed(c, pageWords(c).confirmEmailFirst)
    // The provider proved who this is, so the reason is theirs to read.
    if (isDisabled(user)) return failed(c, pageWords(c).accountDisabled)
    // The user has just signed in: a prompt=login in the request is answered.
    const resumed = new URL(started.returnTo, provider.issuer)
    const prompts = (resumed.searchParams.get('prompt') ?? '').split(' ').filter((prompt) => prompt && prompt !== 'login')
    if (prompts.length) resumed.searchParams.set('prompt', prompts.join(' '))
    else resumed.searchParams.delete('prompt')
    const continueTo = `${resumed.pathname}${resumed.search}`
    // A linked account with an authenticator app gives its code too before the session is made.
    return (await signInOrAskCode(c, provider, user, ['fed'], continueTo)) ?? c.redirect(continueTo, 302)
  })
  return app
}
