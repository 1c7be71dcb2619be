/**
 * @module The demo's pages as one Hono sub-app: the partner page at `/`,
 * its script and the banner artwork at `/demo/images/{name}.svg`. The page
 * shares the identity provider's origin (its cookies, its forms), so it
 * gets a strict CSP and may not be framed: an organisation's ad that
 * slipped a script past the sanitiser would still not run there.
 */
import { Hono } from 'hono'
import { demoImageSvg } from './demo-images.js'
import { DEMO_SIGNED_IN_SCRIPT, demoPage } from './demo-page.js'

/**
 * The demo page's Content-Security-Policy: scripts, frames and calls only
 * to this server (and the public URL, when the page is browsed under
 * another name); images from anywhere, as ads link theirs; styles inline,
 * as the page and the components' fallbacks write them.
 *
 * @example
 * demoPagePolicy('https://svc.example') // "default-src 'self' https://svc.example; …"
 */
export function demoPagePolicy(publicUrl: string | undefined): string {
  const self = ["'self'", ...(publicUrl ? [new URL(publicUrl).origin] : [])].join(' ')
  return [
    `default-src ${self}`,
    `script-src ${self}`,
    `connect-src ${self}`,
    `frame-src ${self}`,
    `form-action ${self}`,
    "style-src 'self' 'unsafe-inline'",
    'img-src * data:',
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ')
}

/**
 * Builds the demo sub-app, mounted at `/`.
 *
 * @example
 * app.route('/', demoSite({ demoApiKey }))
 */
export function demoSite({
  demoApiKey,
  demoClientId,
  widgetScript,
  publicUrl,
}: {
  demoApiKey?: string
  demoClientId?: string
  widgetScript?: string
  publicUrl?: string
}): Hono {
  const site = new Hono()
  const policy = demoPagePolicy(publicUrl)
  site.get('/', (c) =>
    c.html(demoPage({ apiKey: demoApiKey, clientId: demoClientId, widgetScript, publicUrl }), 200, {
      'Content-Security-Policy': policy,
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
    }),
  )
  site.get('/demo/signed-in.js', (c) =>
    c.body(DEMO_SIGNED_IN_SCRIPT, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'public, max-age=300' }),
  )
  site.get('/demo/images/:file', (c) => {
    const file = c.req.param('file')
    const svg = file.endsWith('.svg') ? demoImageSvg(file.slice(0, -'.svg'.length)) : undefined
    if (svg === undefined) return c.json({ status: 'error', code: 404, message: `no demo image ${file}` }, 404)
    return c.body(svg, 200, { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'public, max-age=86400' })
  })
  return site
}
