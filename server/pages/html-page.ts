/**
 * @module Renders the identity provider's own pages (login, consent,
 * errors, signed out) in one accessible layout with the headers the
 * handbook requires: no framing, no referrer, no caching; `<html lang>`
 * and `Content-Language` say the request's language; the product's name,
 * colour and logo are the deployment's branding.
 */
import type { Context } from 'hono'
import { type Html, html, inlineScriptSource, raw } from '../http/html.js'
import { requestLocale } from '../i18n/request-locale.js'
import { requestBranding } from './request-branding.js'

/**
 * Sends a page with its security headers.
 *
 * @example
 * return htmlPage(c, 200, 'Sign in', html`<form>…</form>`)
 */
export function htmlPage(
  c: Context,
  status: 200 | 400 | 401 | 403 | 404 | 410 | 429 | 503,
  title: string,
  body: Html,
  { script, moduleScript }: { script?: string; moduleScript?: string } = {},
): Response {
  // The one inline script a page may carry is allowed by its hash; a page that needs more (the passkey
  // ceremony) loads one same-origin module, which may call back to its own origin and nowhere else.
  const scriptSources = [...(moduleScript ? ["'self'"] : []), ...(script ? [inlineScriptSource(script)] : [])]
  const scriptSource = scriptSources.length ? ` script-src ${scriptSources.join(' ')};${moduleScript ? " connect-src 'self';" : ''}` : ''
  c.header(
    'Content-Security-Policy',
    `default-src 'none';${scriptSource} style-src 'unsafe-inline'; img-src https: http: data:; form-action 'self' http: https:; frame-ancestors 'none'; base-uri 'none'`,
  )
  c.header('X-Frame-Options', 'DENY')
  c.header('Referrer-Policy', 'no-referrer')
  c.header('Cache-Control', 'no-store')
  const locale = requestLocale(c)
  c.header('Content-Language', locale)
  const brand = requestBranding(c)
  const logo = brand.logoUrl ? html`<img class="logo" src="${brand.logoUrl}" alt="${brand.name}">\n` : ''
  return c.html(
    html`<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>${title} · ${brand.name}</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; background: #f6f8fa; color: #1f2328; margin: 0; display: grid; place-items: center; min-height: 100vh }
  main { background: #fff; border: 1px solid #d0d7de; border-radius: 12px; padding: 2rem; box-sizing: border-box; width: min(24rem, calc(100vw - 2rem)); overflow-wrap: anywhere }
  h1 { font-size: 1.35rem; margin: 0 0 1rem } label { display: block; font-weight: 600; margin-top: 1rem }
  input { display: block; width: 100%; box-sizing: border-box; font: inherit; padding: .5rem .6rem; margin-top: .25rem; border: 1px solid #8c959f; border-radius: 6px }
  .actions { display: flex; gap: .75rem; margin-top: 1.5rem } button { font: inherit; padding: .5rem 1.1rem; border-radius: 6px; border: 1px solid #8c959f; background: #fff; cursor: pointer }
  button.primary { background: ${brand.color}; border-color: ${brand.color}; color: ${brand.textColor} } a { color: ${brand.linkColor} } .logo { display: block; max-width: 100%; max-height: 3rem; margin: 0 0 1rem } .error { color: #cf222e; font-weight: 600 } .hint, .error { margin: .25rem 0 0 } .hint { color: #59636e; font-size: .9rem } ul { padding-left: 1.25rem }
  [hidden] { display: none !important } :focus-visible { outline: 3px solid ${brand.linkColor}; outline-offset: 2px }
</style>
</head>
<body><main>${logo}${body}</main>${script ? html`<script>${raw(script)}</script>` : ''}${
      moduleScript ? html`<script type="module" src="${moduleScript}"></script>` : ''
    }</body>
</html>`,
    status,
  )
}
