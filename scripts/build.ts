/**
 * @module `npm run build`: the five steps of a build in one process. The
 * widgets (`vite build`, then `--mode sdk` and `--mode console`, see
 * vite.config.ts), the server bundle (scripts/server-bundle.ts) and the
 * components' manifest, `custom-elements.json` (`cem analyze`), each made
 * exactly as their commands make them, in the same order.
 *
 * As five commands, each step started Node and loaded its tools anew (Vite
 * three times, npm and tsx for the server, the analyzer with its own
 * TypeScript): about a third of the build's CPU went to starting up.
 */
import { cli as analyzeElements } from '@custom-elements-manifest/analyzer/cli.js'
import { fileURLToPath } from 'node:url'
import { build } from 'vite'
import { buildServer } from './server-bundle.js'

/** The components whose JSDoc becomes `custom-elements.json`. */
const ELEMENTS = ['widget/ads/svc-ads.ts', 'widget/signin/svc-signin.ts']

const root = fileURLToPath(new URL('..', import.meta.url))
// The first build empties dist/widget/; the other two add to it (vite.config.ts).
for (const mode of ['production', 'sdk', 'console']) await build({ root, mode, logLevel: 'warn' })
await buildServer(fileURLToPath(new URL('../dist/server/cli.js', import.meta.url)))
await analyzeElements({ argv: ['analyze', '--globs', ...ELEMENTS, '--litelement', '--quiet'], cwd: root })
