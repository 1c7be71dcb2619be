/**
 * @module The built server, `dist/server/cli.js`: `npm run build:server`
 * runs this file, and the tests that start the built server build with the
 * same function, so they run what ships.
 *
 * The packages are bundled in, not left for Node to find at run time:
 * Node's ES module loader resolves, reads and links each file of a package
 * one by one, and kysely (about a thousand files), zod and jose alone took
 * more than half of a start (`npm run bench -- start`). Left outside are
 * better-sqlite3, whose native addon must sit in its package folder, and
 * pg's optional native client, which svc does not use.
 *
 * The bundle is CommonJS (`cli.bundle.cjs`) run by a small launcher
 * (`cli.js`, server/launcher/launch.ts) through `vm.Script`, which takes
 * V8's code cache from the previous start: compiling the bundle was about
 * a third of a start, and Node 20 has no compile cache of its own for ES
 * modules. CommonJS has no `import.meta`, so `import.meta.url` is defined
 * as the bundle's own file URL, the same folder as before.
 */
import { createHash } from 'node:crypto'
import { chmodSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build, type BuildOptions, type Metafile } from 'esbuild'
import { CACHE_FOLDER_PREFIX } from '../server/launcher/compile-cache.js'

/**
 * Packages Node loads from node_modules at run time; everything else is in
 * the bundle. The rarely used ones are imported with `import()` where they
 * are first needed (loaded-on-first-use.ts), so a start that needs none of
 * them does not even read them.
 */
export const UNBUNDLED_PACKAGES = ['better-sqlite3', 'pg-native', 'pg', 'nodemailer', 'sanitize-html', 'openid-client']

/**
 * Packages a start never evaluates: every module importing one is reached
 * from the entry only through an `import()` where it is first needed.
 * zod and the schemas built with it were about a tenth of every start's
 * and CLI command's CPU (docs/operate/performance.md, "A start").
 */
export const LEFT_FOR_FIRST_USE = ['zod']

const ENTRY = 'server/cli.ts'

/** CommonJS has no `import.meta`: `import.meta.url` is defined as this, the file's own URL. */
const IMPORT_META_URL = "const svcImportMetaUrl = require('node:url').pathToFileURL(__filename).href;"

/**
 * The bundle beside the launcher `outfile`: `cli.js` → `cli.bundle.cjs`.
 *
 * @example
 * bundleBeside('dist/server/cli.js') // 'dist/server/cli.bundle.cjs'
 */
export function bundleBeside(outfile: string): string {
  return outfile.replace(/\.js$/, '') + '.bundle.cjs'
}

/**
 * Builds the server: the launcher at `outfile` and the bundle beside it ({@link bundleBeside}).
 *
 * @example
 * await buildServer('dist/server/cli.js')
 */
export async function buildServer(outfile: string): Promise<void> {
  const bundleFile = bundleBeside(outfile)
  const { outputFiles, metafile } = await build({ ...serverBundleOptions(), outfile: bundleFile, write: false, metafile: true })
  assertStartLeavesOut(metafile, ENTRY, LEFT_FOR_FIRST_USE)
  const bundle = Buffer.from(inAscii(importsThroughLauncher(outputFiles[0]!.text)))
  const hash = createHash('sha256').update(bundle).digest('hex').slice(0, 16)
  mkdirSync(dirname(outfile), { recursive: true })
  forgetCodeCaches(dirname(outfile))
  writeFileSync(bundleFile, bundle)
  await build({
    entryPoints: [fileURLToPath(new URL('../server/launcher/launch.ts', import.meta.url))],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    banner: { js: IMPORT_META_URL },
    define: { SVC_BUNDLE: JSON.stringify({ file: basename(bundleFile), hash }), 'import.meta.url': 'svcImportMetaUrl' },
    outfile,
    logLevel: 'warning',
  })
  chmodSync(outfile, 0o755)
  // The launcher is CommonJS too, though named .js in a "type": "module" package: an ES module
  // entry costs Node its ES module loader, and importing node:fs as a module builds its
  // facade, which loads every file stream class (about 90 ms of CPU at start together).
  writeFileSync(join(dirname(outfile), 'package.json'), `${JSON.stringify({ type: 'commonjs' })}\n`)
}

/**
 * The bundle with its last non-ASCII characters (in comments kept from
 * packages, and in the HTML of template literals) written as `\\uXXXX`
 * escapes, which mean the same characters in a string, a template's
 * cooked text, a regular expression and a comment. An ASCII file is read
 * by the launcher as a one-byte string (server/launcher/compile-cache.ts),
 * where decoding it as UTF-8 into a two-byte string took about 10 ms of a
 * start. Only a template's raw text (`String.raw`) would differ, and none
 * in the bundle holds such a character.
 */
function inAscii(bundle: string): string {
  return bundle.replace(/[^\x00-\x7f]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)
}

/**
 * Removes the code caches a built server saved beside its bundle
 * (server/launcher/compile-cache.ts): they belong to earlier builds, and
 * `npm pack` would otherwise ship them inside dist/server/.
 */
function forgetCodeCaches(folder: string): void {
  for (const name of readdirSync(folder)) if (name.startsWith(CACHE_FOLDER_PREFIX)) rmSync(join(folder, name), { recursive: true, force: true })
}

/**
 * Fails the build when `entry` reaches a package of `packages` through
 * static imports alone, naming the chain of modules, so that a start
 * evaluating zod again is found at the build rather than in a benchmark.
 * A dynamic `import()` stays in the one bundle, but esbuild evaluates its
 * module only when it is called.
 *
 * @example
 * assertStartLeavesOut(metafile, 'server/cli.ts', ['zod'])
 */
export function assertStartLeavesOut(metafile: Metafile, entry: string, packages: string[]): void {
  const cameFrom = new Map<string, string | undefined>([[entry, undefined]])
  const queue = [entry]
  for (let at = queue.shift(); at !== undefined; at = queue.shift()) {
    const left = packages.find((name) => at!.includes(`node_modules/${name}/`))
    if (left !== undefined) {
      const chain: string[] = []
      for (let step: string | undefined = at; step !== undefined; step = cameFrom.get(step)) chain.unshift(step)
      throw new Error(`a start would evaluate ${left}, which waits for first use: ${chain.join(' → ')}; import the module that needs it with import() where it is used`)
    }
    for (const { path, kind, external } of metafile.inputs[at]?.imports ?? []) {
      if (external || kind === 'dynamic-import' || cameFrom.has(path)) continue
      cameFrom.set(path, at)
      queue.push(path)
    }
  }
}

/**
 * The bundle's `import("pg")` and the like, of the packages loaded on first
 * use, made `svcImportPackage("pg")`: the launcher passes the bundle a
 * function that imports from a module file, as code run by `vm.Script`
 * from a code cache cannot (server/launcher/compile-cache.ts).
 */
function importsThroughLauncher(bundle: string): string {
  const names = UNBUNDLED_PACKAGES.map((name) => name.replace(/-/g, '\\-')).join('|')
  const rewritten = bundle.replace(new RegExp(`\\bimport\\((["'])(${names})\\1\\)`, 'g'), 'svcImportPackage($1$2$1)')
  const left = /\bimport\((["'][^"']+["'])\)/.exec(rewritten)
  if (left) throw new Error(`the server's bundle imports ${left[1]} at run time, which the launcher does not know: add it to UNBUNDLED_PACKAGES`)
  return rewritten
}

/**
 * The esbuild options of the server's CommonJS bundle (without its output file).
 *
 * @example
 * await build({ ...serverBundleOptions(), outfile: 'dist/server/cli.bundle.cjs' })
 */
export function serverBundleOptions(): BuildOptions {
  return {
    entryPoints: [fileURLToPath(new URL(`../${ENTRY}`, import.meta.url))],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: UNBUNDLED_PACKAGES,
    banner: { js: IMPORT_META_URL },
    define: { 'import.meta.url': 'svcImportMetaUrl' },
    logLevel: 'warning',
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer(fileURLToPath(new URL('../dist/server/cli.js', import.meta.url)))
