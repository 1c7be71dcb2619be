// Runs the server tests again on PostgreSQL when SVC_TEST_POSTGRES_URL names
// a server (`.ci/run` starts one); says it skipped them otherwise.
import { spawnSync } from 'node:child_process'

const url = process.env.SVC_TEST_POSTGRES_URL
if (!url) {
  console.log(
    'PostgreSQL: skipped; set SVC_TEST_POSTGRES_URL=postgres://USER:PASSWORD@127.0.0.1:5432/postgres to run the server tests on it too',
  )
  process.exit(0)
}
console.log('PostgreSQL: the server tests again, each in a fresh schema')
// Three files at a time need max_locks_per_transaction raised (`.ci/run`
// sets 1024): each migrates a fresh schema, holding a lock per table.
const run = spawnSync('npx', ['vitest', 'run', 'server', '--maxWorkers=3'], {
  stdio: 'inherit',
  env: { ...process.env, SVC_TEST_DATABASE_URL: url },
})
process.exit(run.status ?? 1)
