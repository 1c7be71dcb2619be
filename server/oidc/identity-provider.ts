/**
 * @module The identity provider as one Hono sub-app: discovery, the key
 * set, every `/oidc/*` endpoint and FedCM, the account lifecycle (sign-up,
 * e-mail confirmation, password reset, mailed sign-in links), with CORS on token, userinfo and
 * revocation for a public client's own origins (never on authorize).
 */
import { type Handler, Hono } from 'hono'
import { clientCors } from './client-cors.js'
import { authorizeEndpoint } from './authorize/authorize.js'
import { type LoginThrottle, loginThrottle } from '../http/login-throttle.js'
import { wellKnown } from './discovery.js'
import { fedcm } from './fedcm/fedcm.js'
import { SDK_CALLBACK_PATH, sdkCallback } from './sdk-callback.js'
import { sdkStart } from './sdk-start.js'
import { checkSessionIframe } from '../grants/session-state.js'
import { introspectionEndpoint } from './introspect.js'
import { logoutEndpoint } from './logout.js'
import type { IdentityProviderContext } from '../grants/identity-provider-context.js'
import { revocationEndpoint } from './revoke.js'
import { tokenEndpoint } from './token-endpoint.js'
import { userinfoEndpoint } from './userinfo.js'
import { externalRelyingParty } from '../accounts/external-relying-party.js'
import { externalSignIn } from './external-sign-in.js'
import { isPostgres } from '../db/open-database.js'
import { databaseFailureCounters } from '../http/database-failure-counters.js'
import { type AccountMailThrottle, accountMailThrottle, MAIL_THROTTLE_WINDOW_MS } from '../account-changes/account-mail-throttle.js'
import { type SignUpSetting, signupEndpoint } from './account-lifecycle/signup-endpoint.js'
import { verifyEmailEndpoint } from './account-lifecycle/verify-email-endpoint.js'
import { RESEND_CONFIRMATION_PATH, resendConfirmationEndpoint } from './account-lifecycle/resend-confirmation-endpoint.js'
import { forgotPasswordEndpoint } from './account-lifecycle/forgot-password-endpoint.js'
import { acceptInvitationEndpoint, resetPasswordEndpoint } from './account-lifecycle/reset-password-endpoint.js'
import { emailSignInLinkEndpoint } from './account-lifecycle/email-sign-in-link-endpoint.js'
import { signInLinkEndpoint } from './account-lifecycle/sign-in-link-endpoint.js'
import { passkeyOptionsEndpoint } from './passkeys/passkey-options-endpoint.js'

/**
 * Builds the identity provider, mounted at `/`.
 *
 * @example
 * app.route('/', identityProvider(provider))
 */
export function identityProvider(
  provider: IdentityProviderContext,
  {
    throttle = loginThrottle(),
    signup = 'open',
    mailThrottle = accountMailThrottle(
      isPostgres(provider.db) ? { counters: databaseFailureCounters(provider.db, { forgetAfterMs: MAIL_THROTTLE_WINDOW_MS }) } : {},
    ),
  }: { throttle?: LoginThrottle; signup?: SignUpSetting; mailThrottle?: AccountMailThrottle } = {},
): Hono {
  const app = new Hono()
  const options = { throttle, signup }
  const browserCors = clientCors(provider)
  app.route('/.well-known', wellKnown(provider))
  app.route('/oidc/authorize', authorizeEndpoint(provider, options))
  app.use('/oidc/token', browserCors)
  app.use('/oidc/userinfo', browserCors)
  app.use('/oidc/revoke', browserCors)
  app.route('/oidc/token', tokenEndpoint(provider))
  app.route('/oidc/userinfo', userinfoEndpoint(provider))
  app.route('/oidc/revoke', revocationEndpoint(provider))
  app.route('/oidc/introspect', introspectionEndpoint(provider))
  app.route('/oidc/logout', logoutEndpoint(provider))
  app.route('/oidc', externalSignIn(provider, externalRelyingParty()))
  app.get('/oidc/iframe/check_session', checkSessionIframe(provider.issuer))
  app.route('/oidc/sdk/start', sdkStart(provider))
  app.get(SDK_CALLBACK_PATH, (c) => sdkCallback(c, provider))
  app.route('/', fedcm(provider, options))
  app.route('/oidc/passkey', passkeyOptionsEndpoint(provider, { signup }))
  app.route('/signup', signupEndpoint(provider, { signup, mailThrottle }))
  app.route('/verify-email', verifyEmailEndpoint(provider, { throttle }))
  app.route(RESEND_CONFIRMATION_PATH, resendConfirmationEndpoint(provider, { mailThrottle }))
  app.route('/forgot-password', forgotPasswordEndpoint(provider, { mailThrottle }))
  app.route('/reset-password', resetPasswordEndpoint(provider))
  app.route('/accept-invitation', acceptInvitationEndpoint(provider))
  app.route('/email-sign-in-link', emailSignInLinkEndpoint(provider, { mailThrottle }))
  app.route('/sign-in-link', signInLinkEndpoint(provider))
  // Registered last, so they answer only the methods the endpoints above do not take.
  for (const [path, allowed] of Object.entries(ENDPOINT_METHODS)) app.all(path, methodNotAllowed(allowed))
  return app
}

/** The methods each endpoint takes (HEAD comes with GET). */
const ENDPOINT_METHODS: Record<string, string[]> = {
  '/oidc/authorize': ['GET', 'POST'],
  '/oidc/token': ['POST'],
  '/oidc/userinfo': ['GET', 'POST'],
  '/oidc/revoke': ['POST'],
  '/oidc/introspect': ['POST'],
  '/oidc/logout': ['GET', 'POST'],
  '/oidc/sdk/start': ['POST'],
}

/** RFC 9110 §15.5.6: 405 naming the methods the endpoint takes, in RFC 6749's error shape. */
const methodNotAllowed =
  (allowed: string[]): Handler =>
  (c) =>
    c.json({ error: 'invalid_request', error_description: `use ${allowed.join(' or ')}` }, 405, {
      Allow: [...allowed, ...(allowed.includes('GET') ? ['HEAD'] : [])].join(', '),
      'Cache-Control': 'no-store',
    })
