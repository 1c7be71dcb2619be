/**
 * @module Vitest global set-up: bundles the server once per run, the way
 * `npm run build:server` does (scripts/server-bundle.ts), so the tests that start `svc-bff` as a
 * process start the bundle instead of compiling TypeScript as it loads.
 * Under tsx a start cost about 3.4 s of CPU against 0.9 s for the bundle,
 * and the suite starts dozens; bundling here (under a second) rather than
 * reusing `dist/server/cli.js` keeps a test from running a stale build.
 * It then starts the bundle once, so that V8's code cache of this build is
 * saved before the test files start theirs (server/launcher/compile-cache.ts).
 * One bundle serves every project of the run.
 */
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'

/** Names the bundle for the test workers (read by `svcBffCommand` in bff-process.ts). */
export const SERVER_BUNDLE_VARIABLE = 'SVC_TEST_SERVER_BUNDLE'

export default async function setup(): Promise<() => void> {
  // Every project of the run (sqlite, sqlite-hashing…) runs this set-up in the one Vitest process: the first builds for all.
  const built = process.env[SERVER_BUNDLE_VARIABLE]
  if (built !== undefined && existsSync(built)) return () => undefined
  // Loaded here, not at the top: the test workers import this module for the name alone.
  const { buildServer, bundleBeside } = await import('../scripts/server-bundle.js')
  // Beside dist/server/cli.js, so it finds the widget bundles the same way.
  const bundle = fileURLToPath(new URL(`../dist/server/svc-bff-under-test-${randomBytes(4).toString('hex')}.js`, import.meta.url))
  await buildServer(bundle)
  await saveCodeCache(bundle)
  // The test workers are started after this and inherit the variable.
  process.env[SERVER_BUNDLE_VARIABLE] = bundle
  return () => {
    rmSync(bundle, { force: true })
    rmSync(bundleBeside(bundle), { force: true })
  }
}

/**
 * Starts the new bundle's server once and stops it as soon as it listens,
 * which is when the launcher saves the code V8 compiled. Without it, the
 * first files of a run (four at once) each started their server before
 * any had saved, each compiling the 4 MB bundle afresh: about a second of
 * CPU apiece, where a start from the cache takes a tenth of that to load it.
 * A start that fails here costs the run nothing but that second: the tests
 * will say why their servers do not start.
 */
async function saveCodeCache(bundle: string): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'svc-code-cache-'))
  const child = spawn(process.execPath, [bundle, 'serve', '--port', '0', '--json', '--db', join(folder, 'svc.db')], {
    stdio: ['ignore', 'pipe', 'ignore'],
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const listening = new Promise((resolve) => createInterface({ input: child.stdout }).once('line', resolve))
  // A start that hangs leaves the cache to the tests' own starts rather than holding the run.
  const givenUp = new Promise((resolve) => setTimeout(resolve, 60_000).unref())
  await Promise.race([listening, exited, givenUp])
  child.kill('SIGTERM')
  await exited
  rmSync(folder, { recursive: true, force: true })
}
