/**
 * @module The FedCM configuration Chromium reads first:
 * `/.well-known/web-identity` (which config files this site vouches for,
 * and, because the config names a client metadata endpoint, the accounts
 * endpoint and login URL) and `/fedcm.json` with the spec's fields, "use
 * another account" included, and the dialog's branding (the product's
 * name, colour and logo, or an icon of its initials drawn here).
 */
import { Hono } from 'hono'
import { htmlPage } from '../../pages/html-page.js'
import { messagePage } from '../../pages/message-page.js'
import type { IdentityProviderContext } from '../../grants/identity-provider-context.js'
import { type Branding, initialsOf } from '../../branding.js'
import { html } from '../../http/html.js'
import { pageWords } from '../../pages/request-branding.js'

export const FEDCM_PATHS = {
  config: '/fedcm.json',
  accounts: '/oidc/fedcm/accounts',
  metadata: '/oidc/fedcm/metadata',
  assertion: '/oidc/fedcm/assertion',
  disconnect: '/oidc/fedcm/disconnect',
  login: '/login',
} as const

/** The generated icon's size; the browser wants a square of at least 25 px. */
const ICON_SIZE = 64

/**
 * The `/fedcm.json` document.
 *
 * @example
 * fedcmConfig('http://localhost:8787', DEFAULT_BRANDING).id_assertion_endpoint // 'http://localhost:8787/oidc/fedcm/assertion'
 */
export function fedcmConfig(issuer: string, branding: Branding) {
  return {
    accounts_endpoint: `${issuer}${FEDCM_PATHS.accounts}`,
    client_metadata_endpoint: `${issuer}${FEDCM_PATHS.metadata}`,
    id_assertion_endpoint: `${issuer}${FEDCM_PATHS.assertion}`,
    disconnect_endpoint: `${issuer}${FEDCM_PATHS.disconnect}`,
    login_url: `${issuer}${FEDCM_PATHS.login}`,
    // "Use a different account" in the chooser of an active (button) request,
    // which opens `login_url`; Chromium 137+ reads the top-level field,
    // 132 to 136 the one under `modes.active`.
    supports_use_other_account: true,
    modes: { active: { supports_use_other_account: true } },
    branding: {
      background_color: branding.color,
      color: branding.textColor,
      name: branding.name,
      // The operator's logo, which the README asks to be square; its size is not known here, and the spec lets it go unsaid.
      icons: branding.logoUrl ? [{ url: branding.logoUrl }] : [{ url: `${issuer}/fedcm/icon.svg`, size: ICON_SIZE }],
    },
  }
}

/**
 * The sub-app serving both documents and the branding icon, mounted at `/`.
 *
 * @example
 * app.route('/', fedcmConfigFiles(provider))
 */
export function fedcmConfigFiles(provider: IdentityProviderContext): Hono {
  const app = new Hono()
  const json = { 'Content-Type': 'application/json', 'Cache-Control': 'public, max-age=300' }
  const config = JSON.stringify(fedcmConfig(provider.issuer, provider.branding))
  const icon = brandIcon(provider.branding)
  const webIdentity = JSON.stringify({
    provider_urls: [`${provider.issuer}${FEDCM_PATHS.config}`],
    accounts_endpoint: `${provider.issuer}${FEDCM_PATHS.accounts}`,
    login_url: `${provider.issuer}${FEDCM_PATHS.login}`,
  })
  app.get('/.well-known/web-identity', (c) => c.body(webIdentity, 200, json))
  app.get(FEDCM_PATHS.config, (c) => c.body(config, 200, json))
  // Where a refused assertion's `error.url` points: a page saying why.
  app.get('/fedcm/error', (c) => {
    const code = c.req.query('code') ?? 'error'
    const t = pageWords(c)
    const why = new Map([
      ['unauthorized_client', t.fedcmUnauthorizedClient],
      ['access_denied', t.fedcmNotSignedIn],
      ['invalid_request', t.fedcmInvalidRequest],
    ])
    return htmlPage(c, 400, t.signInError, messagePage(t.signInCouldNotFinish, why.get(code) ?? t.somethingWentWrong))
  })
  app.get('/fedcm/icon.svg', (c) => c.body(icon, 200, { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'public, max-age=86400' }))
  return app
}

/**
 * The dialog's icon when no logo is set: the product's initials in its text colour on its primary colour.
 *
 * @example
 * brandIcon(branding({ name: 'Acme ID', color: '#c00' })) // '<svg …><text …>AI</text></svg>'
 */
export function brandIcon({ name, color, textColor }: Branding): string {
  const initials = initialsOf(name)
  // Two letters need a smaller size to stay inside the square's safe middle.
  const fontSize = [...initials].length > 1 ? 26 : 34
  return String(
    html`<svg xmlns="http://www.w3.org/2000/svg" width="${ICON_SIZE}" height="${ICON_SIZE}" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${color}"/><text x="32" y="32" dy=".35em" font-family="system-ui,sans-serif" font-size="${fontSize}" font-weight="700" fill="${textColor}" text-anchor="middle">${initials}</text></svg>`,
  )
}
