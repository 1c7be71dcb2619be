/**
 * @module Federated Credential Management (FedCM) at svc, as Chromium
 * implements it: the configuration files, the accounts, client metadata,
 * ID assertion and disconnect endpoints, the login page, the personalised
 * button, and One Tap for browsers without FedCM.
 */
import { Hono } from 'hono'
import type { LoginThrottle } from '../../http/login-throttle.js'
import type { IdentityProviderContext } from '../../grants/identity-provider-context.js'
import { fedcmAccounts } from './accounts.js'
import { fedcmAssertion } from './assertion.js'
import { fedcmClientMetadata } from './client-metadata.js'
import { fedcmConfigFiles } from './config.js'
import { standaloneLogin } from './login.js'
import { oneTap } from './one-tap.js'
import { personalButton } from './personal-button.js'

/**
 * Builds the FedCM sub-app, mounted at `/`.
 *
 * @example
 * app.route('/', fedcm(provider, { throttle }))
 */
export function fedcm(provider: IdentityProviderContext, options: { throttle: LoginThrottle; signup?: 'open' | 'closed' }): Hono {
  const app = new Hono()
  app.route('/', fedcmConfigFiles(provider))
  app.route('/oidc/fedcm/accounts', fedcmAccounts(provider))
  app.route('/oidc/fedcm/metadata', fedcmClientMetadata(provider))
  app.route('/oidc/fedcm/button', personalButton(provider))
  app.route('/oidc/fedcm', fedcmAssertion(provider))
  app.route('/login', standaloneLogin(provider, options))
  app.route('/oidc/onetap', oneTap(provider))
  return app
}
