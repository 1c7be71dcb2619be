// `npm test`: every test, in legs that run side by side. The type check
// and the lint (`npm run lint`: oxlint, one pass) run beside the build; once the
// build is there (the e2e tests serve it), the Vitest leg (every test on
// SQLite, and the dialect-sensitive tests again on PostgreSQL when
// SVC_TEST_POSTGRES_URL names a server) and the browser leg (the components
// in Chromium, wtr) run together: most of their time is spent waiting on
// processes, sockets and browsers, which leaves a second core to the
// others. Each leg's output is kept and printed whole when the leg ends,
// under its name, so that legs never interleave; the exit code is 1 when
// any leg failed.
//
// SQLite and PostgreSQL are one Vitest run, not two legs: the second
// Vitest process built the test server bundle again (esbuild), started it
// again to save its code cache, and spent more in Vitest's own processes.
// Two processes side by side against one run, alternating, on a busy
// machine (load 21-44): server/db/ (17 files on SQLite, 13 on PostgreSQL)
// 58.9 and 47.1 CPU-s (esbuild 7.6 and 5.3, Vitest 48.4 and 39.7) against
// 35.8 and 35.9 (esbuild 2.3 and 2.5, Vitest 32.5 and 33.1), wall 216 and
// 183 s against 128 and 124; server/webhooks/ (14 and 8 files) 68.7 CPU-s
// and 287 s against 48.7 and 150. Vitest prints each file's project
// (` postgres `) beside it, so a failure still says which dialect failed.
import { spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'

const started = Date.now()
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(0)} s`

/** Runs one leg; resolves with its name, whether it passed and how long it took. */
function leg(name, command, args) {
  const since = Date.now()
  console.log(`▶ ${name}: ${[command, ...args].join(' ')}`)
  return new Promise((resolve) => {
    const child = spawn(command, args, { env: { ...process.env, FORCE_COLOR: '0' }, stdio: ['ignore', 'pipe', 'pipe'] })
    const output = []
    child.stdout.on('data', (chunk) => output.push(chunk))
    child.stderr.on('data', (chunk) => output.push(chunk))
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)))
    child.on('close', (code, signal) => {
      const passed = code === 0
      const took = seconds(since)
      console.log(`\n──── ${name} (${took}, ${passed ? 'passed' : `FAILED: ${signal ?? `exit ${code}`}`}) ────`)
      process.stdout.write(Buffer.concat(output))
      resolve({ name, passed, took })
    })
  })
}

// The packages' own commands, not `npx`, which spent about 0.65 CPU-s a call finding them.
const bin = (name, ...args) => [`node_modules/.bin/${name}`, args]

// better-sqlite3 compiles its addon from source when no prebuilt binary can
// be fetched: two minutes of one core. `.ci/run` installs without scripts
// and starts that compile before the install, naming its folder in
// SVC_SQLITE_ADDON_BUILD: this leg waits for it and puts the addon in
// place, beside the type check and the build, which do not load it.
// Without that variable the leg compiles; after a plain `npm ci` the addon
// is there and the leg is skipped.
const addonBuilt = existsSync('node_modules/better-sqlite3/build/Release/better_sqlite3.node')
const native = addonBuilt
  ? undefined
  : process.env.SVC_SQLITE_ADDON_BUILD
    ? leg('native addon', 'node', ['scripts/ci/install-sqlite-addon.mjs'])
    : leg('native addon', 'npm', ['rebuild', 'better-sqlite3'])
const [checked, built] = [leg('types and lint', 'npm', ['run', 'lint']), leg('build', 'npm', ['run', 'build'])]
/** Runs a leg once the legs it needs have passed. */
const after = async (needs, ...args) => ((await Promise.all(needs)).every((need) => need.passed) ? leg(...args) : undefined)
const needsDatabase = [built, ...(native ? [native] : [])]
const onPostgres = Boolean(process.env.SVC_TEST_POSTGRES_URL)
const skippedPostgres =
  'postgres: skipped; set SVC_TEST_POSTGRES_URL=postgres://USER:PASSWORD@127.0.0.1:5432/postgres to run the dialect-sensitive tests on it too'
if (!onPostgres) console.log(skippedPostgres)
const vitestProjects = ['--project', 'sqlite*', ...(onPostgres ? ['--project', 'postgres*'] : [])]
/**
 * On a machine `.ci/run` is still setting up, its Debian install (Chromium
 * among it) ends after the tests began: resolves as a leg would once it has
 * (the install's exit status is in the file SVC_DEBIAN_INSTALLED names;
 * server/testing/machine-setup.ts waits the same way in the Vitest leg).
 */
async function debianInstall() {
  const file = process.env.SVC_DEBIAN_INSTALLED
  while (file && !existsSync(file)) await sleep(250)
  const passed = !file || readFileSync(file, 'utf8').trim() === '0'
  if (!passed) console.log('browser: not run, the Debian install failed (.ci/run prints its log)')
  return { name: 'Debian install', passed }
}
const testLegs = [
  after(needsDatabase, onPostgres ? 'sqlite and postgres' : 'sqlite', ...bin('vitest', 'run', ...vitestProjects)),
  after([built, debianInstall()], 'browser', ...bin('wtr')),
]
const results = [...(native ? [await native] : []), await checked, await built, ...(await Promise.all(testLegs)).filter(Boolean)]

console.log(`\n──── summary (${seconds(started)}) ────`)
for (const { name, passed, took } of results) console.log(`${passed ? 'passed' : 'FAILED'}  ${name} (${took})`)
if (!onPostgres) console.log(skippedPostgres)
process.exit(results.every((result) => result.passed) ? 0 : 1)
