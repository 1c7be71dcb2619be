/**
 * @module A start reads no more than it needs: the built server, started
 * on an existing SQLite database, reads only better-sqlite3 from
 * node_modules (everything else it starts with is inside the bundle), and
 * leaves the PostgreSQL driver, nodemailer, sanitize-html and
 * openid-client for the first request that needs one, which still works;
 * and `/readyz` answers before Hono's node adapter has loaded node:http2
 * and Node's fetch classes (undici), which the first request for the app
 * loads, or made an `Intl.Segmenter` (the CLI's tables); and it runs from
 * the V8 code cache the first start saved beside the bundle
 * (server/launcher/compile-cache.ts), which then serves the lazy imports
 * too.
 * Node's module loader reports every file it resolves to a hook
 * (fixtures/record-loaded-packages.mjs). How long a start takes is
 * measured by `npm run bench -- start`, not here.
 */
import { isAscii } from 'node:buffer'
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { startBff, startServe, svcBffCommand } from './bff-process.js'

const root = fileURLToPath(new URL('..', import.meta.url))
const recorder = fileURLToPath(new URL('fixtures/record-loaded-packages.mjs', import.meta.url))

/** The Node built-in modules loaded when the first /readyz came in. */
function builtinsAtReady(record: string): string[] {
  return readFileSync(record, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('builtin:'))
    .map((line) => line.slice('builtin:'.length))
}

/** The code caches beside the bundle under test, with the time each was last written. */
function codeCaches(): Map<string, number> {
  const folder = join(dirname(svcBffCommand().at(-1)!), `svc-compile-cache-${process.getuid!()}`)
  const files = existsSync(folder) ? readdirSync(folder).filter((name) => name.endsWith('.v8')) : []
  return new Map(files.map((name) => [name, statSync(join(folder, name)).mtimeMs]))
}

/** The packages of node_modules the process has resolved a file of so far, sorted. */
function packagesRead(record: string): string[] {
  if (!existsSync(record)) return []
  const names = readFileSync(record, 'utf8')
    .split('\n')
    .map((url) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1])
    .filter((name): name is string => name !== undefined)
  return [...new Set(names)].sort()
}

describe('a start on an existing database', () => {
  it('reads only better-sqlite3 from node_modules and is ready without the fetch classes; openid-client waits for the first console sign-in, which works', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'svc-lazy-start-'))
    const db = join(folder, 'svc.db')
    // The first start makes and migrates the database; the one measured finds it there.
    await (await startBff(['--db', db])).stop()
    // In ASCII, which the launcher reads as a one-byte string without decoding UTF-8.
    // (The bundle beside the launcher, as scripts/server-bundle.ts names it.)
    expect(isAscii(readFileSync(svcBffCommand().at(-1)!.replace(/\.js$/, '.bundle.cjs')))).toBe(true)
    // It saved the code it compiled (or an earlier test's start of this build did), which the next start takes as it is.
    const cached = codeCaches()
    expect(cached.size).toBe(1)

    const record = join(folder, 'loaded.txt')
    const [node, ...rest] = svcBffCommand()
    const bff = await startServe([node!, '--import', recorder, ...rest], ['--db', db], {
      cwd: root,
      env: { SVC_TEST_LOADED_FILES: record },
    })
    try {
      expect((await fetch(`${bff.origin}/readyz`)).status).toBe(200)
      // bindings and file-uri-to-path are better-sqlite3's, finding its native addon.
      expect(packagesRead(record).filter((name) => name !== 'bindings' && name !== 'file-uri-to-path')).toEqual(['better-sqlite3'])

      // The recorder writes them once the server has finished answering, which may be after the answer arrives here.
      await expect.poll(() => builtinsAtReady(record).length).toBeGreaterThan(0)
      expect(builtinsAtReady(record)).toContain('http')
      expect(builtinsAtReady(record)).not.toContain('internal/deps/undici/undici')
      expect(builtinsAtReady(record)).not.toContain('http2')
      expect(readFileSync(record, 'utf8')).toContain('segmenters:0\n')

      const login = await fetch(`${bff.origin}/console/login`, { redirect: 'manual' })
      expect(login.status).toBe(302)
      const authorize = new URL(login.headers.get('location')!)
      expect(authorize.pathname).toBe('/oidc/authorize')
      expect(authorize.searchParams.get('code_challenge_method')).toBe('S256')
      expect(packagesRead(record)).toContain('openid-client')
      expect(packagesRead(record)).not.toContain('pg')
      // The cache was taken, not refused and written anew.
      expect(codeCaches()).toEqual(cached)
    } finally {
      await bff.stop()
    }
  })
})
