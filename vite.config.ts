/**
 * @module Build and test configuration. `vite build` bundles `<svc-ads>`
 * for partner pages (`dist/widget/`): `svc-ads.js` as an ES module and
 * `svc-ads.iife.js` as one classic script with everything inside;
 * `vite build --mode sdk` bundles `/sdk.js` (`<svc-signin>`) as one classic
 * script, and `--mode console` the admin console's pages as one module. Vitest runs the server and shared tests beside their code and
 * the cross-process tests in `e2e/`.
 */
import { transform } from 'esbuild'
import type { Plugin } from 'vite'
import { defineConfig } from 'vitest/config'

/** Minifies the CSS of Lit's css`` templates in `*.styles.ts`, which would otherwise ship as written. */
function minifyLitCss(): Plugin {
  return {
    name: 'svc-minify-lit-css',
    async transform(code, id) {
      if (!id.endsWith('.styles.ts')) return null
      let out = code
      for (const [template, body] of code.matchAll(/\bcss`([^`$]*)`/g)) {
        const minified = (await transform(body!, { loader: 'css', minify: true, target: 'chrome111' })).code.trim()
        out = out.replace(template, `css\`${minified}\``)
      }
      return { code: out, map: null }
    },
  }
}

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
  plugins: [minifyLitCss()],
  build:
    mode === 'sdk'
      ? {
          ...shared,
          emptyOutDir: false,
          lib: { entry: 'widget/signin/sdk.ts', name: 'SvcSdk', formats: ['iife'], fileName: () => 'sdk.js' },
        }
      : mode === 'console'
        ? { ...shared, emptyOutDir: false, lib: { entry: 'widget/console/console.ts', formats: ['es'], fileName: () => 'console.js' } }
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
    include: ['server/**/*.test.ts', 'shared/**/*.test.ts', 'e2e/**/*.test.ts', 'widget/**/*.node.test.ts'],
    environment: 'node',
    setupFiles: ['server/db/test-database.setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
}))
