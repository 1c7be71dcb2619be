// The type check and the lint in one process over one TypeScript program.
// `tsc --noEmit` and `eslint .` each built and type-checked the whole
// project (31 s and 62 s of CPU on the 2-core machine); the lint's promise
// rules ask the checker for types that the type check has just computed, so
// handing ESLint the checked program (typescript-eslint's
// `parserOptions.programs`) costs the lint only its own rules. The output
// is what the two commands print, and `npx tsc --noEmit` / `npx eslint .`
// stay the way to run either alone.
//
// The .mjs scripts join that program too (allowJs, without checkJs: tsc
// reports nothing in them, as before). Left to the config's default
// project, typescript-eslint built a program of its own for them, which
// took a quarter of the lint's CPU for five files.
//
// Run as it is, the script starts itself again with a larger young
// generation (V8's semi-space, 64 MB instead of 16): the checker and the
// lint make garbage fast, and collecting it took a quarter of the CPU.
// With it, the whole run took about 15% less CPU. The tools are loaded
// only in that second process, and TypeScript through `require` (the one
// copy typescript-eslint requires too): an ES module import of its 9 MB
// costs Node a scan for its exports.
import { spawnSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const YOUNG_GENERATION = '--max-semi-space-size=64'
if (!process.execArgv.includes(YOUNG_GENERATION)) {
  const script = fileURLToPath(import.meta.url)
  const run = spawnSync(process.execPath, [...process.execArgv, YOUNG_GENERATION, script, ...process.argv.slice(2)], { stdio: 'inherit' })
  process.exit(run.status ?? 1)
}

const ts = createRequire(import.meta.url)('typescript')
const { ESLint } = await import('eslint')
const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const started = Date.now()
const seconds = () => `${((Date.now() - started) / 1000).toFixed(0)} s`
/** CPU seconds since `since`, of every thread: the garbage collector's too. */
const cpuSeconds = (since) => `${((process.cpuUsage(since).user + process.cpuUsage(since).system) / 1e6).toFixed(1)} CPU-s`
// Built the way tsc builds it: typescript-eslint's own helper adds
// compiler options (noUnusedParameters) that tsconfig.json leaves off.
const configHost = {
  ...ts.sys,
  onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
    throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'))
  },
}
const config = ts.getParsedCommandLineOfConfigFile(join(root, 'tsconfig.json'), {}, configHost)
const scripts = readdirSync(join(root, 'scripts'))
  .filter((name) => name.endsWith('.mjs'))
  .map((name) => join(root, 'scripts', name))
const program = ts.createProgram({
  rootNames: [...config.fileNames, ...scripts],
  options: { ...config.options, allowJs: true, checkJs: false },
  configFileParsingDiagnostics: config.errors,
})

const diagnostics = ts.getPreEmitDiagnostics(program)
const host = { getCanonicalFileName: (name) => name, getCurrentDirectory: () => root, getNewLine: () => '\n' }
if (diagnostics.length > 0) process.stdout.write(ts.formatDiagnosticsWithColorAndContext(diagnostics, host))
console.log(`type check: ${diagnostics.length} error(s) in ${seconds()} (${cpuSeconds()})`)
const checked = process.cpuUsage()

const eslint = new ESLint({
  cwd: root,
  // Every file the config lints with types is in that program.
  overrideConfig: { files: ['**/*.ts', 'scripts/*.mjs'], languageOptions: { parserOptions: { projectService: false, programs: [program] } } },
})
const results = await eslint.lintFiles(['.'])
const formatter = await eslint.loadFormatter('stylish')
const report = await formatter.format(results)
if (report) process.stdout.write(report)
const lintErrors = results.reduce((sum, result) => sum + result.errorCount, 0)
console.log(`lint: ${lintErrors} error(s) in ${results.length} files; both in ${seconds()} (the lint ${cpuSeconds(checked)})`)

process.exit(diagnostics.length > 0 || lintErrors > 0 ? 1 : 0)
