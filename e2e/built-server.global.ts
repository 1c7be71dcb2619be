/**
 * @module Vitest global set-up: bundles the server once per run, the way
 * `npm run build:server` does (scripts/server-bundle.ts), so the tests that start `svc-bff` as a
 * process start the bundle instead of compiling TypeScript as it loads.
 * Under tsx a start cost about 3.4 s of CPU against 0.9 s for the bundle,
 * and the suite starts dozens; bundling here (under a second) rather than
 * reusing `dist/server/cli.js` keeps a test from running a stale build.
 */
import { randomBytes } from 'node:crypto'
import { rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/** Names the bundle for the test workers (read by `svcBffCommand` in bff-process.ts). */
export const SERVER_BUNDLE_VARIABLE = 'SVC_TEST_SERVER_BUNDLE'

export default async function setup(): Promise<() => void> {
  // Loaded here, not at the top: the test workers import this module for the name alone.
  const { buildServer, bundleBeside } = await import('../scripts/server-bundle.js')
  // Beside dist/server/cli.js, so it finds the widget bundles the same way.
  const bundle = fileURLToPath(new URL(`../dist/server/svc-bff-under-test-${randomBytes(4).toString('hex')}.js`, import.meta.url))
  await buildServer(bundle)
  // The test workers are started after this and inherit the variable.
  process.env[SERVER_BUNDLE_VARIABLE] = bundle
  return () => {
    rmSync(bundle, { force: true })
    rmSync(bundleBeside(bundle), { force: true })
  }
}
