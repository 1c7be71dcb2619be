/**
 * @module The server's bundle, `dist/server/cli.js`: `npm run build:server`
 * runs this file, and the tests that start the built server build with the
 * same options, so they run what ships.
 *
 * The packages are bundled in, not left for Node to find at run time:
 * Node's ES module loader resolves, reads and links each file of a package
 * one by one, and kysely (about a thousand files), zod and jose alone took
 * more than half of a start (`npm run bench -- start`). Left outside are
 * better-sqlite3, whose native addon must sit in its package folder, and
 * pg's optional native client, which svc does not use. CommonJS packages
 * inside an ES module bundle call `require` for Node's built-in modules,
 * hence the banner that defines it.
 */
import { fileURLToPath } from 'node:url'
import { build, type BuildOptions } from 'esbuild'

/**
 * Packages Node loads from node_modules at run time; everything else is in
 * the bundle. The rarely used ones are imported with `import()` where they
 * are first needed (loaded-on-first-use.ts), so a start that needs none of
 * them does not even read them.
 */
export const UNBUNDLED_PACKAGES = ['better-sqlite3', 'pg-native', 'pg', 'nodemailer', 'sanitize-html', 'openid-client']

/**
 * The esbuild options of the server's bundle, written to `outfile`.
 *
 * @example
 * await build(serverBundleOptions('dist/server/cli.js'))
 */
export function serverBundleOptions(outfile: string): BuildOptions {
  return {
    entryPoints: [fileURLToPath(new URL('../server/cli.ts', import.meta.url))],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: UNBUNDLED_PACKAGES,
    banner: { js: "import { createRequire as svcCreateRequire } from 'node:module';\nconst require = svcCreateRequire(import.meta.url);" },
    outfile,
    logLevel: 'warning',
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url))
  await build(serverBundleOptions(fileURLToPath(new URL('../dist/server/cli.js', import.meta.url))))
