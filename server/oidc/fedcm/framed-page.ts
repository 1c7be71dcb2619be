/**
 * @module The pages svc serves into partner pages' iframes (One Tap, the
 * personalised button): framed only by the client's registered origins
 * (CSP `frame-ancestors`, built from valid web origins only: a stored
 * `https://*` or a host with `;` never gets in), one inline script allowed
 * by its hash, and messages to the parent addressed to the partner's
 * origin only.
 */
import type { Context } from 'hono'
import { clientByClientId } from '../../clients/clients.js'
import { originsOf } from '../../clients/client-row.js'
import type { ClientRow } from '../../db/schema.js'
import { type Html, html, inlineScriptSource, raw } from '../../http/html.js'
import type { IdentityProviderContext } from '../../grants/identity-provider-context.js'
import { pageWords, requestBranding } from '../../pages/request-branding.js'
import { requestLocale } from '../../i18n/request-locale.js'

const STYLE =
  'body{margin:0;font:15px/1.4 system-ui,sans-serif}form{margin:0}button{font:inherit;width:100%;padding:.6rem 1rem;border:1px solid #d0d7de;border-radius:8px;background:#fff;cursor:pointer;display:flex;gap:.6rem;align-items:center}img{width:28px;height:28px;border-radius:50%}[hidden]{display:none!important}'

/** A web origin as a CSP source may name it: scheme, a plain host, a port; nothing that could end the directive. */
const CSP_ORIGIN = /^https?:\/\/(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/

/**
 * Sends a page for a partner's iframe, which only `ancestors` (the client's registered origins) may frame.
 *
 * @example
 * return framedPage(c, partner.ancestors, html`<p>Signed in.</p>`, notify('svc-onetap', { status: 'signed_in' }, origin))
 */
export function framedPage(
  c: Context,
  ancestors: string[],
  body: Html,
  script: string,
  { status = 200, style = html`` }: { status?: 200 | 400 | 403; style?: Html } = {},
): Response {
  const sources = ancestors.filter((origin) => CSP_ORIGIN.test(origin))
  const frameAncestors = sources.length > 0 ? sources.join(' ') : "'none'"
  c.header(
    'Content-Security-Policy',
    `default-src 'none'; style-src 'unsafe-inline'; img-src https: http: data:; connect-src 'self'; form-action 'self'; script-src ${inlineScriptSource(script)}; frame-ancestors ${frameAncestors}`,
  )
  c.header('Cache-Control', 'no-store')
  c.header('Referrer-Policy', 'no-referrer')
  const locale = requestLocale(c)
  c.header('Content-Language', locale)
  const focus = `:focus-visible{outline:3px solid ${requestBranding(c).linkColor};outline-offset:2px}`
  // The style sheet and the script are this server's own CSS and JavaScript, not text: they go in as written.
  return c.html(
    html`<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><title>${pageWords(c).signInWithSvc}</title>
<style>${raw(STYLE)}${focus}${style}</style>
</head><body>${body}<script>${raw(script)}</script></body></html>`,
    status,
  )
}

/** Script that tells the parent what happened; the browser delivers it only to `origin`. */
export const notify = (source: string, message: Record<string, unknown>, origin: string): string =>
  `parent.postMessage(${JSON.stringify({ source, ...message }).replaceAll('<', '\\u003c')}, ${JSON.stringify(origin).replaceAll('<', '\\u003c')})`

/**
 * Reads `client_id` and `origin` of a framed page's request: the client, the partner origin, which must be one of its registered origins, and those origins.
 *
 * @example
 * const request = await framingPartner(c, provider, query)
 * if ('refusal' in request) return request.refusal
 */
export async function framingPartner(
  c: Context,
  provider: IdentityProviderContext,
  query: URLSearchParams,
): Promise<{ refusal: Response } | { client: ClientRow; origin: string; ancestors: string[] }> {
  const client = await clientByClientId(provider.db, query.get('client_id') ?? '')
  const origin = query.get('origin') ?? ''
  if (!client) return { refusal: framedPage(c, [], html`<p>${pageWords(c).unknownApplication}</p>`, '', { status: 400 }) }
  const ancestors = originsOf(client, provider.issuer)
  if (!ancestors.includes(origin))
    return { refusal: framedPage(c, ancestors, html`<p>${pageWords(c).siteNotRegistered}</p>`, '', { status: 403 }) }
  return { client, origin, ancestors }
}
