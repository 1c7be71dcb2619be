/**
 * @module `/api/v1/docs`: the management API's reference, drawn by
 * Swagger UI from `/api/v1/openapi.json`. Swagger UI's files are served
 * from the installed `swagger-ui-dist` package (or, in the single-file
 * executable, from its assets), read the first
 * time the page asks for them and kept, so the page works offline and no
 * other page (nor the server's start) pays for them.
 */
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { getAsset, isSea } from 'node:sea'
import { Hono } from 'hono'
import { html } from '../http/html.js'
import { API_BASE } from './api-document.js'

/** Where the single-file executable carries swagger-ui-dist's files among its assets (scripts/build-binary.mjs puts them there). */
export const SEA_ASSET_FOLDER = 'swagger-ui'

/** The files of swagger-ui-dist the page loads, with their media types. */
const ASSETS: Record<string, string> = {
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui.css': 'text/css; charset=utf-8',
}

// Ours rather than swagger-ui-dist's swagger-initializer.js, which points at the petstore; a file, so the page's policy allows no inline script.
const INITIALIZER = `window.addEventListener('load', () => {
  window.ui = SwaggerUIBundle({ url: '${API_BASE}/openapi.json', dom_id: '#reference', deepLinking: true, tryItOutEnabled: false, persistAuthorization: false })
})
`

// The page's own corrections to Swagger UI's stylesheet, for a phone: the Responses table's third column
// ("Links", empty in this document: it says "No links" on every row) pushed the table 23 px past a 375 px
// window, and long words and examples must wrap or scroll inside their box rather than widen the page.
const STYLESHEET = `.swagger-ui .responses-table td, .swagger-ui .parameters td, .swagger-ui .markdown, .swagger-ui .renderedMarkdown { overflow-wrap: anywhere; }
.swagger-ui pre, .swagger-ui .highlight-code, .swagger-ui .model-box { max-width: 100%; overflow-x: auto; }
@media (max-width: 600px) {
  .swagger-ui .responses-table { table-layout: fixed; width: 100%; }
  .swagger-ui .responses-table .response-col_links { display: none; }
  .swagger-ui .responses-table .response-col_status { width: 3.5em; }
  .swagger-ui .wrapper { padding: 0 8px; }
}
`

/**
 * Builds the reference page and its assets, mounted at `/api/v1/docs`.
 *
 * @example
 * app.route('/api/v1/docs', referencePage())
 */
export function referencePage(): Hono {
  const app = new Hono()
  const loaded = new Map<string, Promise<Buffer>>()
  // Inside the single-file executable there is no node_modules to resolve (nor an import.meta): the files are its assets.
  const read = (name: string): Promise<Buffer> =>
    isSea()
      ? Promise.resolve(Buffer.from(getAsset(`${SEA_ASSET_FOLDER}/${name}`)))
      : readFile(join(dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json')), name))
  const policy =
    "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; font-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"

  app.get('/', (c) =>
    c.html(
      html`<!doctype html>
        <html lang="en">
          <head>
            <meta charset="utf-8" />
            <meta name="viewport" content="width=device-width, initial-scale=1" />
            <title>svc management API reference</title>
            <link rel="icon" href="data:," />
            <link rel="stylesheet" href="${API_BASE}/docs/swagger-ui.css" />
            <link rel="stylesheet" href="${API_BASE}/docs/reference.css" />
          </head>
          <body>
            <main id="reference"><p>Loading the reference of <a href="${API_BASE}/openapi.json">${API_BASE}/openapi.json</a>…</p></main>
            <script src="${API_BASE}/docs/swagger-ui-bundle.js"></script>
            <script src="${API_BASE}/docs/initializer.js"></script>
          </body>
        </html>`,
      200,
      { 'Content-Security-Policy': policy, 'Cache-Control': 'no-cache' },
    ),
  )
  app.get('/initializer.js', (c) =>
    c.body(INITIALIZER, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' }),
  )
  app.get('/reference.css', (c) => c.body(STYLESHEET, 200, { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': 'no-cache' }))
  app.get('/:asset', async (c) => {
    const name = c.req.param('asset')
    const type = ASSETS[name]
    if (type === undefined) return c.notFound()
    if (!loaded.has(name)) loaded.set(name, read(name))
    const bytes = await loaded.get(name)!
    return c.body(new Uint8Array(bytes), 200, { 'Content-Type': type, 'Cache-Control': 'public, max-age=3600' })
  })
  return app
}
