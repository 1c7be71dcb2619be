/**
 * @module The console: the admin pages (Lit, from `/widget/console.js`)
 * behind one HTML shell at `/console/*`, their JSON API at
 * `/console/api/*`, and signing in through svc. A visitor without a
 * session is sent to sign in; one whose account has no console role gets
 * a page saying so.
 */
import { Hono } from 'hono'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.js'
import { html } from '../http/html.js'
import { activeOrganisations } from '../orgs/organisations.js'
import { htmlPage } from '../pages/html-page.js'
import { messagePage } from '../pages/message-page.js'
import type { AccountEvents } from '../accounts/account-events.js'
import type { SigningKeys } from '../grants/signing-keys.js'
import { externalProviders } from '../accounts/account-links.js'
import { externalRelyingParty } from '../accounts/external-relying-party.js'
import { consoleAccountApi } from './console-account-api.js'
import { consoleLinks } from './console-links.js'
import { consoleAdsApi } from './console-ads-api.js'
import { consoleImagesApi } from './console-images-api.js'
import { consoleDeveloperApi } from './console-developer-api.js'
import { consoleKeysApi } from './console-keys-api.js'
import { consoleTokensApi } from './console-tokens-api.js'
import { consoleOrganisationsApi } from './console-organisations-api.js'
import { consolePeopleApi } from './console-people-api.js'
import { consoleReportsApi } from './console-reports-api.js'
import { consoleSigningKeysApi } from './console-signing-keys-api.js'
import { consoleAuth } from './console-auth.js'
import { consoleAuditApi } from './console-audit-api.js'
import { consoleSecondFactorApi } from './console-second-factor-api.js'
import { type ConsoleClient, ensureConsoleClient } from './console-client.js'
import { type ConsoleVariables, consoleError, consoleGuard } from './console-guard.js'
import { consoleSessions } from './console-sessions.js'
import { loginThrottle, type LoginThrottle } from '../http/login-throttle.js'
import { hasAnyRole } from './roles.js'
import { accountWords } from '../i18n/account-words.js'
import { requestLocale } from '../i18n/request-locale.js'
import { userBySub } from '../accounts/users.js'
import type { Branding } from '../branding.js'
import type { RateLimiter } from '../http/fixed-window-rate-limiter.js'

export interface ConsoleOptions {
  /** Whether `/widget/console.js` is there: a checkout that was never built has none, and the shell then says so. */
  consoleBuilt?: boolean
  db: Kysely<Database>
  issuer: string
  /** Answers a request as the whole app would, for the console's calls to the identity provider. */
  fetchInProcess: (request: Request) => Promise<Response>
  /** Where account events (consent revoked, account deleted) are recorded. */
  events: AccountEvents
  /** The identity provider's signing keys, which an operator rotates. */
  keys: SigningKeys
  /** Webhook URLs may name private and loopback addresses (`SVC_WEBHOOK_ALLOW_PRIVATE=1`). */
  webhookAllowPrivate?: boolean
  /** How long a webhook endpoint may fail before the sender disables it (`SVC_WEBHOOK_DISABLE_AFTER`), as the portal says it. */
  webhookDisableAfterMs?: number
  /** The sign-in throttle, which also counts wrong current passwords on the account page. */
  throttle?: LoginThrottle
  /** The product name, logo and colour of the mails the console sends (invitations, account changes). */
  branding: Branding
  /** Counts each account's image uploads (the app's rate limiter). */
  limiter: RateLimiter
  /** The bytes each organisation's images may take (`SVC_IMAGE_QUOTA_MB`). */
  imageQuotaBytes?: number
  /** Image uploads one account may start a minute. */
  imageUploadsPerMinute?: number
  /** Stops this process serving a deleted image from memory. */
  forgetImage?: (sha256: string) => void
}

/**
 * Builds the console, mounted at `/console`.
 *
 * @example
 * app.route('/console', adminConsole({ db, issuer, events, keys, branding, limiter, fetchInProcess: (request) => app.fetch(request) }))
 */
export function adminConsole({
  consoleBuilt = true,
  db,
  issuer,
  fetchInProcess,
  events,
  keys,
  webhookAllowPrivate = false,
  webhookDisableAfterMs,
  throttle = loginThrottle(),
  branding,
  limiter,
  imageQuotaBytes,
  imageUploadsPerMinute,
  forgetImage,
}: ConsoleOptions): Hono<{ Variables: ConsoleVariables }> {
  const app = new Hono<{ Variables: ConsoleVariables }>()
  let client: Promise<ConsoleClient> | undefined
  const registered = () =>
    (client ??= ensureConsoleClient(db, issuer).catch((error: unknown) => {
      client = undefined
      throw error
    }))
  const sessions = consoleSessions(db, issuer)
  app.route('/', consoleAuth({ db, issuer, sessions, client: registered, fetchInProcess }))
  app.route('/', consoleLinks({ db, issuer, sessions, events, relyingParty: externalRelyingParty() }))

  app.get('/api/me', consoleGuard(sessions), async (c) => {
    const { claims, roles, csrf, secondFactorMissing } = c.get('session')
    // Pickers offer the organisations not archived; the Organisations page lists the archived ones too.
    const organisations = (await activeOrganisations(db)).map(({ code, name }) => ({ code, name }))
    // The account as it is now: the sign-in's claims go stale when the account page changes the name.
    const account = await userBySub(db, String(claims.sub))
    const locale = requestLocale(c)
    const words = accountWords(locale, branding.name)
    return c.json(
      {
        sub: claims.sub,
        name: account?.name ?? claims.name ?? claims.email,
        email: account?.email ?? claims.email,
        roles,
        csrf,
        organisations: roles.operator ? organisations : organisations.filter((org) => org.code === roles.organisation),
        product: branding.name,
        locale,
        header: { account: words.account, signOut: words.signOut, sections: words.sections },
        second_factor_missing: secondFactorMissing,
      },
      200,
      { 'Cache-Control': 'no-store' },
    )
  })
  app.route('/api/ads', consoleAdsApi(db, sessions))
  app.route('/api/reports', consoleReportsApi(db, sessions))
  app.route(
    '/api/images',
    consoleImagesApi(db, sessions, issuer, {
      limiter,
      ...(imageQuotaBytes === undefined ? {} : { quotaBytes: imageQuotaBytes }),
      ...(imageUploadsPerMinute === undefined ? {} : { uploadsPerMinute: imageUploadsPerMinute }),
      ...(forgetImage === undefined ? {} : { forgetImage }),
    }),
  )
  app.route('/api/keys', consoleKeysApi(db, sessions))
  app.route('/api/tokens', consoleTokensApi(db, sessions))
  app.route('/api/organisations', consoleOrganisationsApi(db, sessions))
  app.route('/api/people', consolePeopleApi(db, sessions, issuer, branding, events))
  app.route('/api/clients', consoleDeveloperApi(db, sessions, { allowPrivate: webhookAllowPrivate, productName: branding.name, disableAfterMs: webhookDisableAfterMs }))
  app.route('/api/signing-keys', consoleSigningKeysApi(db, sessions, keys))
  app.route('/api/account', consoleAccountApi(db, sessions, events, { issuer, throttle, branding }))
  app.route('/api/audit', consoleAuditApi(db, sessions))
  app.route('/api/second-factor', consoleSecondFactorApi(db, sessions))
  app.all('/api/*', (c) => consoleError(c, 404, `no console API at ${c.req.path}`))

  app.get('*', async (c) => {
    const session = await sessions.current(c)
    if (!session) {
      const { pathname, search } = new URL(c.req.url)
      return c.redirect(`/console/login?return=${encodeURIComponent(pathname + search)}`, 302)
    }
    if (!hasAnyRole(session.roles) && !c.req.path.startsWith('/console/account'))
      return htmlPage(
        c,
        403,
        'No access',
        html`${messagePage('No access to the console', `You are signed in as ${String(session.claims.email ?? session.sub)}, but this account has no console role. Ask an operator to give it one.`)}
<p><a href="/console/account">Your account</a></p>
<form method="post" action="/console/logout"><input type="hidden" name="csrf" value="${session.csrf}"><button type="submit">Sign out</button></form>`,
      )
    // Linking posts to the console, which redirects to the provider: form-action covers the redirect too.
    const providerOrigins = (await externalProviders(db)).map((provider) => new URL(provider.issuer).origin)
    c.header(
      'Content-Security-Policy',
      `default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src https: http: data:; connect-src 'self'; form-action 'self' ${providerOrigins.join(' ')}; frame-ancestors 'none'; base-uri 'none'`,
    )
    c.header('Referrer-Policy', 'no-referrer')
    c.header('Cache-Control', 'no-store')
    // The account page speaks the visitor's language from its first paint; the rest of the console is English.
    const accountPage = c.req.path.startsWith('/console/account')
    const locale = accountPage ? requestLocale(c) : 'en'
    const loading = accountPage ? accountWords(locale, branding.name).loadingAccount : 'Loading the console…'
    return c.html(html`<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>${branding.name}</title>
<style>body { margin: 0; font: 16px/1.5 system-ui, sans-serif; color: #1f2328; background: #f6f8fa }</style>
${consoleBuilt ? html`<script type="module" src="/widget/console.js"></script>` : ''}
</head>
<body>${
      consoleBuilt
        ? html`<svc-console><p>${loading}</p></svc-console>`
        : html`<main style="padding: 1rem"><h1>The console is not built</h1>
<p>This svc runs from a checkout whose browser code was never built. Run <code>npm run build</code> in it, then start svc again.</p></main>`
    }</body>
</html>`)
  })
  return app
}
