/**
 * @module Serves the built widgets (`dist/widget/`) and `/sdk.js` to partner pages:
 * stable URLs (`/widget/svc-ads.js`, `/widget/svc-ads.iife.js`) cached for
 * five minutes, and content-hashed copies (`/widget/svc-ads.<hash>.js`)
 * cached for a year, all readable cross-origin as module scripts need.
 */
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { getAsset, isSea } from 'node:sea'
import { fileURLToPath } from 'node:url'
import { type Context, Hono } from 'hono'
import { matchesIfNoneMatch } from './http/if-none-match.js'

const STABLE = 'public, max-age=300'
const IMMUTABLE = 'public, max-age=31536000, immutable'

interface Asset {
  body: Buffer
  etag: string
  cacheControl: string
}

/** The name of the single-file executable's asset that lists the widget files it carries. */
export const SEA_WIDGET_MANIFEST = 'widget-files.json'

/** The built files: from the executable's assets inside it, else from `dist/widget`. */
function builtFiles(directory: string | undefined): [string, Buffer][] {
  if (directory === undefined && isSea()) {
    const names = JSON.parse(getAsset(SEA_WIDGET_MANIFEST, 'utf8')) as string[]
    return names.map((name) => [name, Buffer.from(getAsset(`widget/${name}`))])
  }
  // From the sources (server/) the build sits in ../dist/widget; from the
  // bundled server of the packed package (dist/server/) in ../widget.
  const found =
    directory ??
    [new URL('../dist/widget', import.meta.url), new URL('../widget', import.meta.url)]
      .map((url) => fileURLToPath(url))
      .find((candidate) => existsSync(join(candidate, 'sdk.js')))
  if (found === undefined || !existsSync(found)) return []
  return readdirSync(found)
    .filter((file) => file.endsWith('.js'))
    .map((name) => [name, readFileSync(join(found, name))])
}

/**
 * Loads every built file and its hashed name.
 *
 * @example
 * const assets = loadWidgetAssets()
 * assets.hashedName('svc-ads.js') // 'svc-ads.3f2a9c1b.js'
 */
export function loadWidgetAssets(directory?: string) {
  const assets = new Map<string, Asset>()
  const hashed = new Map<string, string>()
  for (const [name, body] of builtFiles(directory)) {
    const hash = createHash('sha256').update(body).digest('base64url').slice(0, 10)
    // Chunks Vite already named by content (purify.es-<hash>.js) never change under one name.
    const contentNamed = /-[\w-]{8}\.js$/.test(name)
    assets.set(name, { body, etag: `"${hash}"`, cacheControl: contentNamed ? IMMUTABLE : STABLE })
    if (!contentNamed) {
      const versioned = name.replace(/\.js$/, `.${hash}.js`)
      assets.set(versioned, { body, etag: `"${hash}"`, cacheControl: IMMUTABLE })
      hashed.set(name, versioned)
    }
  }
  return {
    get: (name: string) => assets.get(name),
    /** The content-hashed name of a stable file, for long-cached embeds. */
    hashedName: (name: string) => hashed.get(name),
    built: assets.size > 0,
  }
}

/**
 * The `/widget/*` sub-app.
 *
 * @example
 * app.route('/widget', widgetAssets(loadWidgetAssets()))
 */
export function widgetAssets(assets: ReturnType<typeof loadWidgetAssets>): Hono {
  const app = new Hono()
  app.get('/:file', (c) => answerWithAsset(c, assets, c.req.param('file')))
  return app
}

/**
 * Answers with one built file (`/sdk.js` is served this way at the root).
 *
 * @example
 * app.get('/sdk.js', (c) => answerWithAsset(c, assets, 'sdk.js'))
 */
export function answerWithAsset(c: Context, assets: ReturnType<typeof loadWidgetAssets>, name: string): Response {
  const asset = assets.get(name)
  if (!asset) {
    const message = assets.built ? `no widget file ${name}` : 'the widgets are not built; run npm run build'
    return c.json({ status: 'error', code: 404, message }, 404, { 'Access-Control-Allow-Origin': '*' })
  }
  const headers = {
    'Content-Type': 'text/javascript; charset=utf-8',
    'Cache-Control': asset.cacheControl,
    ETag: asset.etag,
    'Access-Control-Allow-Origin': '*',
    'Cross-Origin-Resource-Policy': 'cross-origin',
  }
  if (matchesIfNoneMatch(c.req.header('If-None-Match'), asset.etag)) return c.body(null, 304, headers)
  return c.body(new Uint8Array(asset.body), 200, headers)
}
