#!/usr/bin/env node
/**
 * @module The `svc-bff` executable: runs the command line with this
 * process's arguments and output streams; the command reads its settings
 * from this process's environment (settings.ts).
 */
import { runCli } from './cli/run-cli.js'

// No top-level await: the single-file executable is built from this entry as CommonJS.
void runCli(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(`${text}\n`),
  stderr: (text) => process.stderr.write(`${text}\n`),
}).then((code) => {
  process.exitCode = code
})
