/**
 * @module What a test waits for on a machine that `.ci/run` is still
 * setting up. On a fresh machine `.ci/run` installs Debian's packages
 * (Chromium, PostgreSQL, the container tools) and starts PostgreSQL beside
 * `npm test` instead of before it: the install took about 110 s of wall
 * time there, in which `npm ci`, the lint, the build and the tests that
 * need neither went on. It names the file where each step's exit status
 * will be ({@link DEBIAN_INSTALLED}, {@link POSTGRES_STARTED}); whatever
 * needs that step waits for it, before its hooks, whose time limit a slow
 * mirror could exceed: a test file that borrows Chromium as it imports
 * `e2e/chromium.ts`, a PostgreSQL test file in its set-up file, the run's
 * Chromium broker before it launches one. Where the variable is unset (a
 * contributor's machine, a bench), nothing waits.
 */
import { existsSync, readFileSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'

/** Names the file that holds the exit status of `.ci/run`'s Debian install (Chromium, PostgreSQL…), once it is done. */
export const DEBIAN_INSTALLED = 'SVC_DEBIAN_INSTALLED'
/** Names the file that holds the exit status of `.ci/run`'s PostgreSQL start (after the install), once it is done. */
export const POSTGRES_STARTED = 'SVC_POSTGRES_STARTED'

/** How long a step may take: a slow mirror, a busy disk. */
const STEP_LIMIT_MS = 15 * 60_000

const waits = new Map<string, Promise<void>>()

/**
 * Resolves once the step that `variable` names has succeeded (at once when
 * it names none); rejects when it failed or never ended, naming `what`.
 *
 * @example
 * await machineStep(DEBIAN_INSTALLED, 'The Debian install (Chromium)')
 */
export function machineStep(variable: typeof DEBIAN_INSTALLED | typeof POSTGRES_STARTED, what: string): Promise<void> {
  const file = process.env[variable]
  if (!file) return Promise.resolve()
  if (!waits.has(file)) waits.set(file, statusOf(file, what))
  return waits.get(file)!
}

async function statusOf(file: string, what: string): Promise<void> {
  const deadline = Date.now() + STEP_LIMIT_MS
  // `.ci/run` moves the file into place whole, so one that exists holds its status.
  while (!existsSync(file)) {
    if (Date.now() > deadline) throw new Error(`${what} had not ended after ${STEP_LIMIT_MS / 60_000} minutes (${file})`)
    await sleep(250)
  }
  const status = readFileSync(file, 'utf8').trim()
  if (status !== '0') throw new Error(`${what} failed on this machine (exit ${status}); .ci/run prints its log after the tests`)
}
