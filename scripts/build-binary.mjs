// `npm run build:binary`: the single-file Linux executable of svc-bff
// (Node's single executable applications). The server and every
// dependency are bundled into one CommonJS script, the built widget and
// SDK and the API reference page's Swagger UI files ride along as assets, and the whole is injected into a copy of this
// Node binary. better-sqlite3's native addon cannot live inside it, so it
// is copied beside it: dist/binary/svc-bff and dist/binary/better_sqlite3.node.
import { execFileSync } from 'node:child_process'
import { chmodSync, copyFileSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { build } from 'esbuild'

const out = 'dist/binary'
const work = join(out, 'work')
rmSync(out, { recursive: true, force: true })
mkdirSync(work, { recursive: true })

if (process.platform !== 'linux') throw new Error('the single executable is built for Linux')
const widgets = readdirSync('dist/widget').filter((name) => name.endsWith('.js'))
if (!widgets.includes('sdk.js')) throw new Error('dist/widget is not built: run npm run build first')

await build({
  entryPoints: ['server/cli.ts'],
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  outfile: join(work, 'svc-bff.cjs'),
  // pg tries its optional native client, which is not used.
  external: ['pg-native'],
  logLevel: 'warning',
  // The CommonJS bundle has no import.meta; the code only reads it outside the executable.
  logOverride: { 'empty-import-meta': 'silent' },
})

const manifest = join(work, 'widget-files.json')
writeFileSync(manifest, JSON.stringify(widgets))
const require = createRequire(import.meta.url)
// The management API's reference page (/api/v1/docs) draws with these two files of swagger-ui-dist,
// which has no node_modules to be read from here: server/management-api/reference-page.ts reads them as swagger-ui/NAME.
const swaggerUi = dirname(require.resolve('swagger-ui-dist/package.json'))
const assets = {
  'widget-files.json': manifest,
  ...Object.fromEntries(widgets.map((name) => [`widget/${name}`, join('dist/widget', name)])),
  ...Object.fromEntries(['swagger-ui-bundle.js', 'swagger-ui.css'].map((name) => [`swagger-ui/${name}`, join(swaggerUi, name)])),
}
const config = join(work, 'sea-config.json')
writeFileSync(
  config,
  JSON.stringify({ main: join(work, 'svc-bff.cjs'), output: join(work, 'sea-prep.blob'), disableExperimentalSEAWarning: true, assets }),
)
execFileSync(process.execPath, ['--experimental-sea-config', config], { stdio: 'inherit' })

const binary = join(out, 'svc-bff')
copyFileSync(process.execPath, binary)
chmodSync(binary, 0o755)
// postject is most of this script's CPU: about 9.5 CPU-s of 12 (esbuild
// 2, the blob 0.3; measured at a load average of 14-21), as it rewrites the
// whole 100 MB binary with LIEF compiled to WebAssembly. It is the injector
// Node 20's documentation names (later Nodes build the executable
// themselves with `--build-sea`), and none of its options does less work.
const postject = join(dirname(require.resolve('postject/package.json')), 'dist', 'cli.js')
execFileSync(
  process.execPath,
  [postject, binary, 'NODE_SEA_BLOB', join(work, 'sea-prep.blob'), '--sentinel-fuse', 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2'],
  { stdio: ['ignore', 'ignore', 'inherit'] },
)
const addon = join(dirname(require.resolve('better-sqlite3/package.json')), 'build', 'Release', 'better_sqlite3.node')
copyFileSync(addon, join(out, 'better_sqlite3.node'))
rmSync(work, { recursive: true })
console.log(`built ${binary} with ${join(out, 'better_sqlite3.node')} beside it`)
