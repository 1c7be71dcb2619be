// `npm test`: every test, in legs that run side by side. The type check
// and the lint (one process, one program) run beside the build; once the
// build is there (the e2e tests serve it), the SQLite leg (every Vitest test), the PostgreSQL leg (the
// dialect-sensitive tests again, when SVC_TEST_POSTGRES_URL names a server)
// and the browser leg (the components in Chromium, wtr) run together: most
// of their time is spent waiting on processes, sockets and browsers, which
// leaves a second core to the others. Each leg's output is kept and printed
// whole when the leg ends, under its name, so that legs never interleave;
// the exit code is 1 when any leg failed.
import { spawn } from 'node:child_process'

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

const npx = (...args) => ['npx', args]
const [checked, built] = [leg('types and lint', 'node', ['scripts/check-types-and-lint.mjs']), leg('build', 'npm', ['run', 'build'])]
const afterBuild = built.then(async (build) =>
  build.passed
    ? Promise.all([
        leg('sqlite', ...npx('vitest', 'run', '--project', 'sqlite*')),
        leg('postgres', 'node', ['scripts/test-postgres.mjs']),
        leg('browser', ...npx('wtr')),
      ])
    : [],
)
const results = [await checked, await built, ...(await afterBuild)]

console.log(`\n──── summary (${seconds(started)}) ────`)
for (const { name, passed, took } of results) console.log(`${passed ? 'passed' : 'FAILED'}  ${name} (${took})`)
process.exit(results.every((result) => result.passed) ? 0 : 1)
