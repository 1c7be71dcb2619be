// Runs the dialect-sensitive tests on PostgreSQL alone (`npm run
// test:postgres`) when SVC_TEST_POSTGRES_URL names a server; says it
// skipped them otherwise. `npm test` runs them in the same Vitest run as the
// SQLite tests (scripts/test-legs.mjs). Which tests those are, and why, is
// written in server/testing/test-projects.ts (the `postgres*` Vitest projects).
import { spawnSync } from 'node:child_process'

const url = process.env.SVC_TEST_POSTGRES_URL
if (!url) {
  console.log(
    'PostgreSQL: skipped; set SVC_TEST_POSTGRES_URL=postgres://USER:PASSWORD@127.0.0.1:5432/postgres to run the dialect-sensitive tests on it too',
  )
  process.exit(0)
}
console.log('PostgreSQL: the dialect-sensitive tests again, each worker on a migrated schema it empties between tests')
const run = spawnSync('npx', ['vitest', 'run', '--project', 'postgres*', ...process.argv.slice(2)], { stdio: 'inherit' })
process.exit(run.status ?? 1)
