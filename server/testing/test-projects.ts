/**
 * @module Which Vitest project runs which test file (`vite.config.ts`):
 * the tests that measure password hashing keep its production cost, and
 * only the tests whose outcome can differ by SQL dialect run a second time
 * on PostgreSQL. Both lists are read from the files themselves, so a new
 * test lands in the right ones without anyone editing a list.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'

/**
 * The tests that measure what scrypt costs: floods that must fill the
 * password queue, bursts that race it, a real process taking a flood. They
 * run with production's cost; every other test hashes with
 * {@link TEST_PASSWORD_COST}.
 */
export const PRODUCTION_COST_TESTS = [
  'server/attacks/password-hashing-starves-token-signing.test.ts',
  'server/attacks/burst-of-guesses-races-throttle.test.ts',
  'server/attacks/login-flood-exhausts-memory.test.ts',
  'server/attacks/many-address-flood-keeps-owners-out.test.ts',
  'server/attacks/own-account-device-cookies-flood-owners-lane.test.ts',
]

/**
 * scrypt's cost factor N for the other tests (production: 16384). At 16 a
 * hash takes microseconds instead of a tenth of a second of one core, and
 * the hashes still go through the same queue and worker threads.
 */
export const TEST_PASSWORD_COST = '16'

/** Calls of Kysely's query builder or its `sql` template: a module that has them writes SQL of its own. */
const BUILDS_QUERIES = /\.(selectFrom|insertInto|updateTable|deleteFrom|mergeInto|replaceInto)\(|\bsql`|\bsql<|\.transaction\(\)/

/** Tests that start replicas on a PostgreSQL schema of their own, whatever they import. */
export const POSTGRES_ONLY = ['e2e/replicas.test.ts']

/**
 * Modules that open the database for a test (the test database itself, or
 * a file a test names): their SQL is the same for every test, and their
 * own tests (`server/db/`) run on PostgreSQL.
 */
const OPENS_THE_DATABASE = ['server/db/test-database.ts', 'server/db/open-database.ts']

/**
 * The test files that run a second time on PostgreSQL, relative to `root`.
 * A test qualifies when its database is the test database (it imports
 * `server/db/test-database.ts`, itself or through a `server/testing`
 * fixture; other tests open SQLite files of their own, which the dialect
 * under test does not change) and
 *  - it lives in `server/db/`, or
 *  - the module it is named after (`x.test.ts` beside `x.ts`) builds
 *    queries (a repository, a limiter, a failure counter, an outbox claim,
 *    a webhook delivery), or
 *  - it imports a repository module (one that builds queries) directly
 *    whose own test (`x.test.ts` beside `x.ts`) is not in this list: the
 *    importing tests are where that repository's queries meet PostgreSQL.
 * A test's own queries do not count: an app-level test that reads stored
 * rows to assert builds its reads for itself, not production's SQL, and
 * the production SQL it checks runs on PostgreSQL in the repositories'
 * own tests.
 * A test that reaches the database only through the app, or imports only
 * repositories whose own tests are in this list, runs queries those tests
 * run on PostgreSQL already; so does one that imports only what opens the
 * database ({@link OPENS_THE_DATABASE}), and an attack test
 * (`server/attacks/`: a stranger's requests against the whole app). A test
 * that sends requests at once (`Promise.all`) races the database, whose
 * locks the two dialects take differently: an attack test that does is
 * chosen like any other, and any repository it imports counts, its own
 * test in the list or not. `e2e/replicas.test.ts` is added: it runs only
 * on PostgreSQL.
 *
 * @example
 * postgresTests(process.cwd()) // ['e2e/replicas.test.ts', 'server/accounts/users.test.ts', …]
 */
export function postgresTests(root: string): string[] {
  const source = (file: string) => (existsSync(join(root, file)) ? readFileSync(join(root, file), 'utf8') : '')
  const imports = (file: string) =>
    [...source(file).matchAll(/^import\s+(?!type\b)[^;]*?from\s+'(\.[^']+)'/gm)].map((match) =>
      relative(root, join(root, dirname(file), match[1]!.replace(/\.js$/, '.ts'))),
    )
  const usesTestDatabase = (file: string): boolean =>
    imports(file).some(
      (module) => module === 'server/db/test-database.ts' || (module.startsWith('server/testing/') && usesTestDatabase(module)),
    )
  const buildsQueries = (file: string) => BUILDS_QUERIES.test(source(file))
  const racesTheDatabase = (file: string) => /\bPromise\.all\(/.test(source(file))
  const ownTest = (module: string) => module.replace(/\.ts$/, '.test.ts')
  /** A test of its own module's queries: in `server/db/`, or the module it is named after builds queries. */
  const testsOwnQueries = (test: string) => test.startsWith('server/db/') || buildsQueries(test.replace(/\.test\.ts$/, '.ts'))
  const tests = testFiles(root, 'server').filter(
    (test) =>
      usesTestDatabase(test) &&
      (!test.startsWith('server/attacks/') || racesTheDatabase(test)) &&
      // What these measure is scrypt's queue, the same on either dialect; the counters and limiters
      // they reach race on PostgreSQL in their own tests. One of them took 97 s of both cores there.
      !PRODUCTION_COST_TESTS.includes(test),
  )
  const ownTestsInLeg = new Set(tests.filter(testsOwnQueries))
  const repositoriesImported = (test: string) =>
    imports(test).filter((module) => !module.startsWith('server/testing/') && !OPENS_THE_DATABASE.includes(module) && buildsQueries(module))
  const chosen = tests.filter(
    (test) =>
      testsOwnQueries(test) || repositoriesImported(test).some((module) => racesTheDatabase(test) || !ownTestsInLeg.has(ownTest(module))),
  )
  return [...POSTGRES_ONLY, ...chosen].sort()
}

function testFiles(root: string, folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => join(folder, file))
}
