/**
 * @module Build and test configuration. `vite build` bundles the widgets
 * for partner pages (`dist/widget/`): `svc-ads.js` as an ES module and
 * `svc-ads.iife.js` as one classic script with Lit and DOMPurify inside.
 * Vitest runs the server and shared tests beside their code and the
 * cross-process tests in `e2e/`.
 */
import { defineConfig } from 'vitest/config'

export default defineConfig({
  build: {
    outDir: 'dist/widget',
    emptyOutDir: true,
    target: 'es2021',
    minify: true,
    // The IIFE finds its origin from document.currentScript; its import.meta
    // fallback becoming {} there is expected.
    rolldownOptions: { checks: { emptyImportMeta: false } },
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
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
})
