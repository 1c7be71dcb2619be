/**
 * @module `npm run lint`: the promise rules that need the type checker
 * (a promise nobody awaits loses its error; an async callback where a
 * void one is expected runs unobserved) and the house rules of STYLE.md
 * that a rule can state (eslint/house-rules.js). Style is left alone: no
 * rule here fights the code's formatting.
 */
import tseslint from 'typescript-eslint'
import house from './eslint/house-rules.js'

const TESTS = ['**/*.test.ts', 'server/testing/**', 'server/db/test-database*.ts']

/**
 * The repository modules: the one module that owns each table (its SQL and
 * its row ↔ object mapping), plus the database layer itself (migrations,
 * the migrator, leases, prepared queries). A new table's owner is added
 * here.
 */
const REPOSITORIES = [
  'server/db/**',
  'server/accounts/account-links.ts',
  'server/accounts/account-tokens.ts',
  'server/accounts/authenticators.ts',
  'server/accounts/consents.ts',
  'server/accounts/passkey-challenges.ts',
  'server/accounts/passkeys.ts',
  'server/accounts/recovery-codes.ts',
  'server/accounts/users.ts',
  'server/ad-statistics/ad-statistics-repository.ts',
  'server/ads/ads-repository.ts',
  'server/api-keys/api-keys.ts',
  'server/audit/audit-events.ts',
  'server/clients/clients.ts',
  'server/console/console-sessions.ts',
  'server/http/database-failure-counters.ts',
  'server/http/database-rate-limiter.ts',
  'server/images/images-repository.ts',
  'server/mail/mail-outbox.ts',
  'server/management-api/management-tokens-repository.ts',
  'server/orgs/organisations.ts',
  'server/grants/sessions.ts',
  'server/grants/session-clients.ts',
  'server/grants/signing-keys.ts',
  'server/grants/tokens.ts',
  'server/grants/authorization-codes.ts',
  'server/webhooks/deliveries.ts',
  'server/webhooks/endpoints.ts',
  'server/webhooks/secrets.ts',
  'server/webhooks/webhook-attempts.ts',
  'server/webhooks/webhook-events.ts',
]

/** Modules that query a table they do not own today; each is a paper cut to fix, not a pattern to copy. */
const QUERIES_OUTSIDE_REPOSITORIES = [
  // The readiness check reads Kysely's own migration table, which no repository owns.
  'server/http/health.ts',
]

/**
 * The modules that read the environment: the settings table (issue 25
 * item 3), and the test-only scrypt cost it documents, which the password
 * hasher reads as it loads, below the table.
 */
const SETTINGS = ['server/settings.ts', 'server/test-only-scrypt-cost.ts']

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'test-artifacts/**', 'custom-elements.json', '*.js', '*.mjs'] },
  {
    files: ['**/*.ts', 'scripts/*.mjs'],
    plugins: { '@typescript-eslint': tseslint.plugin, house },
    languageOptions: {
      parser: tseslint.parser,
      // One program from tsconfig.json for the TypeScript; the few .mjs scripts get a small default one.
      parserOptions: { projectService: { allowDefaultProject: ['scripts/*.mjs'] }, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['server/**/*.ts'],
    ignores: [...TESTS, ...REPOSITORIES, ...QUERIES_OUTSIDE_REPOSITORIES],
    rules: { 'house/queries-in-repositories': 'error' },
  },
  {
    files: ['server/**/*.ts', 'shared/**/*.ts', 'widget/**/*.ts'],
    ignores: [...TESTS, ...SETTINGS],
    rules: { 'house/env-in-settings': 'error' },
  },
  {
    // Server code speaks through the logger (server/log.ts); the CLI writes its output through the streams it is given.
    files: ['server/**/*.ts'],
    ignores: [...TESTS, 'server/log.ts'],
    rules: { 'no-console': 'error' },
  },
  {
    // The database layer sits under every feature: it may use the root helpers (log, refusal) but no feature folder.
    files: ['server/db/*.ts'],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^\\.\\./[^/.][^/]*/', message: 'server/db/ imports no feature folder: the feature imports the database layer.' }] }],
    },
  },
  {
    // Frozen migrations never import app code (STYLE.md): what they run must not change when the app does.
    files: ['server/db/migrations/**/*.ts'],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^\\.\\./\\.\\./', message: 'A migration imports no app code: copy what it needs, frozen.' }] }],
    },
  },
)
