/**
 * @module The demo's pages as one Hono sub-app: the partner page at `/`
 * and the banner artwork at `/demo/images/{name}.svg`.
 */
import { Hono } from 'hono'
import { demoImageSvg } from './demo-images.js'
import { demoPage } from './demo-page.js'

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
  site.get('/', (c) => c.html(demoPage({ apiKey: demoApiKey, clientId: demoClientId, widgetScript, publicUrl })))
  site.get('/demo/images/:file', (c) => {
    const file = c.req.param('file')
    const svg = file.endsWith('.svg') ? demoImageSvg(file.slice(0, -'.svg'.length)) : undefined
    if (svg === undefined) return c.json({ status: 'error', code: 404, message: `no demo image ${file}` }, 404)
    return c.body(svg, 200, { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'public, max-age=86400' })
  })
  return site
}
