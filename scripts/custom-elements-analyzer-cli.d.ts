/**
 * @module The types of `cem analyze` called as a function (its `cli.js`,
 * which the package ships without a declaration), for scripts/build.ts.
 */
declare module '@custom-elements-manifest/analyzer/cli.js' {
  /** Runs the command line `argv` (without `node` and the script) in `cwd`; resolves with the manifest written. */
  export function cli(options?: { argv?: string[]; cwd?: string; noWrite?: boolean }): Promise<unknown>
}
