/**
 * @module Build and test configuration. `vite build` bundles `<svc-ads>`
 * for partner pages (`dist/widget/`): `svc-ads.js` as an ES module and
 * `svc-ads.iife.js` as one classic script with everything inside;
 * `vite build --mode sdk` bundles `/sdk.js` (`<svc-signin>`) as one classic
 * script, and `--mode console` the admin console's pages as one module
 * and the sign-in pages' passkey ceremonies (`passkey-pages.js`) as another.
 * Vitest runs the server and shared tests beside their code and the
 * cross-process tests in `e2e/`, in the projects the `test` block names.
 */
import { transform } from 'esbuild'
import type { Plugin } from 'vite'
import { configDefaults, defineConfig } from 'vitest/config'
import { LongestFirstSequencer } from './server/testing/longest-first-sequencer.js'
import { POSTGRES_ONLY, postgresTests, PRODUCTION_COST_TESTS, TEST_PASSWORD_COST } from './server/testing/test-projects.js'

/** A node of the syntax tree Rolldown's parser gives a plugin (ESTree, with `start`/`end` offsets), as far as the plugin reads it. */
type SyntaxNode = { type: string; start: number; end: number; [key: string]: unknown }
/** A template literal's text parts, between `` ` `` or `}` and `${` or `` ` ``. */
type TemplateLiteral = { quasis: { start: number; end: number; tail: boolean }[] }

/** Calls `visit` on `node` and every node below it. */
function forEachNode(node: unknown, visit: (node: SyntaxNode) => void): void {
  if (Array.isArray(node)) for (const child of node) forEachNode(child, visit)
  else if (node !== null && typeof node === 'object' && 'type' in node) {
    visit(node as SyntaxNode)
    for (const [key, child] of Object.entries(node)) if (key !== 'parent' && typeof child === 'object') forEachNode(child, visit)
  }
}

/**
 * The raw text of every part of the css`` and html`` templates in a parsed
 * file; a css`` template without `${}` is marked `css:` (esbuild minifies it).
 */
function litTemplateTexts(program: unknown, code: string): { start: number; end: number; text: string }[] {
  const texts: { start: number; end: number; text: string }[] = []
  forEachNode(program, (node) => {
    const tag = node.tag as SyntaxNode | undefined
    if (node.type !== 'TaggedTemplateExpression' || tag?.type !== 'Identifier' || !['css', 'html'].includes(tag.name as string)) return
    const { quasis } = node.quasi as TemplateLiteral
    for (const quasi of quasis) {
      const [start, end] = [quasi.start + 1, quasi.end - (quasi.tail ? 1 : 2)]
      texts.push({ start, end, text: code.slice(start, end) })
    }
    if (tag.name === 'css' && quasis.length === 1) texts.at(-1)!.text = `css:${texts.at(-1)!.text}`
  })
  return texts
}

/**
 * Minifies Lit's templates in the `<svc-ads>` sources, which would otherwise
 * ship as written: the CSS of css`` templates (esbuild), and in html``
 * templates every line break with its indentation becomes one space, which
 * HTML renders the same. Rolldown's own parser finds the templates' text:
 * TypeScript's, used before, cost each build that bundles `<svc-ads>`
 * about a CPU-second to load.
 */
function minifyLitTemplates(): Plugin {
  return {
    name: 'svc-minify-lit-templates',
    async transform(code, id) {
      if (!/\/widget\/ads\/[\w.-]+\.ts$/.test(id) || id.includes('.test.')) return null
      let out = code
      for (const edit of litTemplateTexts(this.parse(code, { lang: 'ts' }), code).sort((a, b) => b.start - a.start)) {
        const text = edit.text.startsWith('css:')
          ? (await transform(edit.text.slice(4), { loader: 'css', minify: true, target: 'chrome111' })).code.trim()
          : edit.text.replace(/\s*\n\s*/g, ' ')
        out = out.slice(0, edit.start) + text + out.slice(edit.end)
      }
      return { code: out, map: null }
    },
  }
}

const EVERY_TEST = ['server/**/*.test.ts', 'shared/**/*.test.ts', 'e2e/**/*.test.ts', 'widget/**/*.node.test.ts']
/**
 * Test files run at once in the `sqlite` and `postgres` projects. Most of a
 * test's time is spent waiting on a process, a socket or a browser, so
 * even two cores keep several files busy: with three files at once in each
 * of two legs, CI's two cores were busy 1.7 of the time, so the SQLite leg
 * ran four. `npm test` now runs both projects in one Vitest run, whose one
 * pool takes a group's (`sequence.groupOrder`) files four at a time:
 * Vitest refuses projects of one group with different `maxWorkers`.
 * `SVC_TEST_WORKERS` overrides it. Every file has a database of its own (in
 * memory, or a schema named after its worker) and listens on ports the
 * system picks.
 */
const WORKERS = Number(process.env.SVC_TEST_WORKERS) || 4
/**
 * Whether each test file gets fresh module instances. Re-importing the
 * server for every file cost more CPU than the tests themselves (400 s of
 * imports against 1,040 s of tests in one CI run), so the `sqlite` and
 * `postgres` projects share a worker's modules between the files it runs:
 * every fixture builds its own app, database and listeners, so no state a
 * test asserts lives in a module. `SVC_TEST_ISOLATE=1` isolates again, to
 * tell a leak between files from a failure of one's own.
 */
const ISOLATE = process.env.SVC_TEST_ISOLATE === '1'
/**
 * A folder for CPU profiles of the test workers, one a test file, and of
 * the servers the tests start (`servers/` inside): where the legs' CPU
 * goes, by function (`npx tsx server/testing/cpu-profile-summary.ts FOLDER`).
 */
const CPU_PROFILE_FOLDER = process.env.SVC_TEST_CPU_PROFILE
/** The PostgreSQL server the `postgres` projects run on; without it there are none. */
const POSTGRES_URL = process.env.SVC_TEST_POSTGRES_URL
const ON_POSTGRES = POSTGRES_URL ? postgresTests(import.meta.dirname) : []

const shared = {
  outDir: 'dist/widget',
  target: 'es2022',
  minify: true,
  // The classic scripts find their origin from document.currentScript;
  // their import.meta fallback becoming {} there is expected.
  rolldownOptions: { checks: { emptyImportMeta: false } },
} as const

export default defineConfig(({ mode }) => ({
  // js-xss runs with css: false; its cssfilter (8 KB of CSS property names) is left out of the widget.
  resolve: { alias: { cssfilter: new URL('widget/ads/no-css-filter.ts', import.meta.url).pathname } },
  plugins: [minifyLitTemplates()],
  build:
    mode === 'sdk'
      ? {
          ...shared,
          emptyOutDir: false,
          lib: { entry: 'widget/signin/sdk.ts', name: 'SvcSdk', formats: ['iife'], fileName: () => 'sdk.js' },
        }
      : mode === 'console'
        ? {
            ...shared,
            emptyOutDir: false,
            // The passkey ceremonies of the sign-in and sign-up pages ride along: same-origin modules like the console's,
            // sharing its copy of @simplewebauthn/browser as one chunk.
            lib: {
              entry: { console: 'widget/console/console.ts', 'passkey-pages': 'widget/passkeys/passkey-pages.ts' },
              formats: ['es'],
              fileName: (_format: string, entry: string) => `${entry}.js`,
            },
          }
        : {
            ...shared,
            // Vite leaves an ES library's whitespace for the bundlers of its
            // users; partner pages load this file as it is, so it ships
            // fully minified (a kilobyte less gzipped).
            rolldownOptions: { ...shared.rolldownOptions, output: { minify: true, comments: false } },
            emptyOutDir: true,
            lib: {
              entry: 'widget/ads/svc-ads.ts',
              name: 'SvcAdsWidget',
              formats: ['es', 'iife'],
              fileName: (format) => (format === 'es' ? 'svc-ads.js' : 'svc-ads.iife.js'),
            },
          },
  test: {
    environment: 'node',
    setupFiles: ['server/db/test-database.setup.ts', ...(CPU_PROFILE_FOLDER ? ['server/testing/cpu-profile.setup.ts'] : [])],
    globalSetup: ['server/db/test-database.global.ts', 'e2e/built-server.global.ts', 'e2e/chromium.global.ts'],
    // Generous: a time limit here only ends a stuck test, and a busy machine
    // (several files at once, other work beside them) makes slow ones slower.
    testTimeout: 60_000,
    // Set-ups start processes and Chromium one after another, each slower
    // still on a busy machine.
    hookTimeout: 180_000,
    // expect.poll gives up after one second by default: on a busy machine a
    // page or a mail can take longer than that to appear. Waiting longer
    // costs a passing test nothing; it asks again every 50 ms.
    expect: { poll: { timeout: 15_000 } },
    // The longest files first, so that the last minutes are not one long file on one core.
    sequence: { sequencer: LongestFirstSequencer },
    // Projects: `npm test` runs `sqlite*` (every test) and `postgres*` (the
    // dialect-sensitive ones again, when SVC_TEST_POSTGRES_URL names a
    // server) in one Vitest run (scripts/test-legs.mjs says why). The
    // `*-hashing` projects keep scrypt's production cost for the tests that
    // measure it.
    projects: [
      {
        extends: true as const,
        test: {
          name: 'sqlite',
          include: EVERY_TEST,
          maxWorkers: WORKERS,
          isolate: ISOLATE,
          // e2e/replicas runs in the postgres project when there is one.
          exclude: [...configDefaults.exclude, ...PRODUCTION_COST_TESTS, ...(POSTGRES_URL ? POSTGRES_ONLY : [])],
          env: { SVC_TEST_ONLY_SCRYPT_COST: TEST_PASSWORD_COST },
        },
      },
      // The tests that measure hashing run one at a time after the others
      // (a later `groupOrder`), so no other file competes for the cores they
      // time. They share one worker's modules like the other projects: a new
      // worker for each file imported the server five times (about 4 s of CPU
      // each). Their production scrypt cost is the same for every file here,
      // and each file awaits every hash it starts, so none leaves the password
      // queue busy for the next.
      {
        extends: true as const,
        test: { name: 'sqlite-hashing', include: PRODUCTION_COST_TESTS, maxWorkers: 1, isolate: ISOLATE, sequence: { groupOrder: 1 } },
      },
      ...(POSTGRES_URL
        ? [
            {
              extends: true as const,
              test: {
                name: 'postgres',
                include: ON_POSTGRES,
                maxWorkers: WORKERS,
                isolate: ISOLATE,
                env: { SVC_TEST_DATABASE_URL: POSTGRES_URL, SVC_TEST_ONLY_SCRYPT_COST: TEST_PASSWORD_COST },
              },
            },
          ]
        : []),
    ],
  },
}))
