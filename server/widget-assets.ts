/**
 * @module Serves the built widgets (`dist/widget/`) and `/sdk.js` to partner pages:
 * stable URLs (`/widget/svc-ads.js`, `/widget/svc-ads.iife.js`) cached for
 * five minutes, and content-hashed copies (`/widget/svc-ads.<hash>.js`)
 * cached for a year, all readable cross-origin as module scripts need.
 */
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
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

/** The built files of the single-file executable, carried inside it. */
function executableFiles(): [string, Buffer][] {
  const names = JSON.parse(getAsset(SEA_WIDGET_MANIFEST, 'utf8')) as string[]
  return names.map((name) => [name, Buffer.from(getAsset(`widget/${name}`))])
}

/** The folder of the built files: the one given, else `dist/widget` beside the sources or `widget` beside the bundled server. */
function builtFolder(directory: string | undefined): string | undefined {
  // From the sources (server/) the build sits in ../dist/widget; from the
  // bundled server of the packed package (dist/server/) in ../widget.
  const found =
    directory ??
    [new URL('../dist/widget', import.meta.url), new URL('../widget', import.meta.url)]
      .map((url) => fileURLToPath(url))
      .find((candidate) => existsSync(join(candidate, 'sdk.js')))
  return found !== undefined && existsSync(found) ? found : undefined
}

type WidgetAssets = ReturnType<typeof assetsOf>

/**
 * The assets last loaded, by folder, with the names, sizes and times of
 * the files they were read from. A test builds an app, and with it these
 * assets, for nearly every test: reading and hashing the half megabyte
 * each time cost about 2 ms of CPU, where a look at the folder costs a
 * twentieth of that. A rebuild changes the files' times, so an app made
 * after it serves the new build, as when every app read the files afresh.
 */
const loaded = new Map<string, { stamp: string; assets: WidgetAssets }>()

/** What changes when a built file does: each one's name, size, inode and modification time. */
function stampOf(folder: string, names: string[]): string {
  return names
    .map((name) => {
      const { size, ino, mtimeMs } = statSync(join(folder, name))
      return `${name}:${size}:${ino}:${mtimeMs}`
    })
    .join('/')
}

/** The assets the single-file executable carries, read once. */
let carried: WidgetAssets | undefined

/**
 * Loads every built file and its hashed name (again only when the files changed since the last load).
 *
 * @example
 * const assets = loadWidgetAssets()
 * assets.hashedName('svc-ads.js') // 'svc-ads.3f2a9c1b.js'
 */
export function loadWidgetAssets(directory?: string): WidgetAssets {
  if (directory === undefined && isSea()) return (carried ??= assetsOf(executableFiles()))
  const folder = builtFolder(directory)
  if (folder === undefined) return assetsOf([])
  const names = readdirSync(folder).filter((file) => file.endsWith('.js'))
  const stamp = stampOf(folder, names)
  const last = loaded.get(folder)
  if (last?.stamp === stamp) return last.assets
  const assets = assetsOf(names.map((name) => [name, readFileSync(join(folder, name))]))
  loaded.set(folder, { stamp, assets })
  return assets
}

/** The assets of these files: each under its name and, unless Vite already named it by content, its content-hashed name. */
function assetsOf(files: [string, Buffer][]) {
  const assets = new Map<string, Asset>()
  const hashed = new Map<string, string>()
  for (const [name, body] of files) {
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
export function widgetAssets(assets: WidgetAssets): Hono {
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
export function answerWithAsset(c: Context, assets: WidgetAssets, name: string): Response {
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
