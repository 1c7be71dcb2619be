/**
 * @module Build and test configuration. `vite build` bundles `<svc-ads>`
 * for partner pages (`dist/widget/`): `svc-ads.js` as an ES module and
 * `svc-ads.iife.js` as one classic script with everything inside;
 * `vite build --mode sdk` bundles `/sdk.js` (`<svc-signin>`) as one classic
 * script, and `--mode console` the admin console's pages as one module. Vitest runs the server and shared tests beside their code and
 * the cross-process tests in `e2e/`.
 */
import { transform } from 'esbuild'
import ts from 'typescript'
import type { Plugin } from 'vite'
import { defineConfig } from 'vitest/config'

/**
 * Minifies Lit's templates in the `<svc-ads>` sources, which would otherwise
 * ship as written: the CSS of css`` templates (esbuild), and in html``
 * templates every line break with its indentation becomes one space, which
 * HTML renders the same. TypeScript's parser finds the templates' text.
 */
function minifyLitTemplates(): Plugin {
  return {
    name: 'svc-minify-lit-templates',
    async transform(code, id) {
      if (!/\/widget\/ads\/[\w.-]+\.ts$/.test(id) || id.includes('.test.')) return null
      const source = ts.createSourceFile(id, code, ts.ScriptTarget.Latest)
      const edits: { start: number; end: number; text: string }[] = []
      const visit = (node: ts.Node): void => {
        if (ts.isTaggedTemplateExpression(node) && ts.isIdentifier(node.tag) && ['css', 'html'].includes(node.tag.text)) {
          const template = node.template
          const parts = ts.isNoSubstitutionTemplateLiteral(template)
            ? [template]
            : [template.head, ...template.templateSpans.map((span) => span.literal)]
          for (const part of parts) {
            // The raw text between the backtick or `}` and the `${` or backtick.
            const start = part.getStart(source) + 1
            const end = part.getEnd() - (ts.isTemplateTail(part) || ts.isNoSubstitutionTemplateLiteral(part) ? 1 : 2)
            edits.push({ start, end, text: code.slice(start, end) })
          }
          if (node.tag.text === 'css' && ts.isNoSubstitutionTemplateLiteral(template)) edits.at(-1)!.text = `css:${edits.at(-1)!.text}`
        }
        ts.forEachChild(node, visit)
      }
      visit(source)
      let out = code
      for (const edit of edits.sort((a, b) => b.start - a.start)) {
        const text = edit.text.startsWith('css:')
          ? (await transform(edit.text.slice(4), { loader: 'css', minify: true, target: 'chrome111' })).code.trim()
          : edit.text.replace(/\s*\n\s*/g, ' ')
        out = out.slice(0, edit.start) + text + out.slice(edit.end)
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
  plugins: [minifyLitTemplates()],
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
    globalSetup: ['server/db/test-database.global.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
}))
