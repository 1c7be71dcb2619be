/**
 * @module Where better-sqlite3's native addon comes from. Installed from
 * npm, the package finds its own; inside the single-file executable
 * (`npm run build:binary`), which can load nothing from its bundle but
 * JavaScript, it is the `better_sqlite3.node` shipped beside the binary.
 */
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { isSea } from 'node:sea'
import type SQLite from 'better-sqlite3'

let addon: object | undefined

/**
 * Options for `new SQLite(path, …)` that name the addon when it must be named.
 *
 * @example
 * const sqlite = new SQLite(path, sqliteOptions())
 */
export function sqliteOptions(options: SQLite.Options = {}): SQLite.Options {
  if (!isSea()) return options
  addon ??= createRequire(process.execPath)(join(dirname(process.execPath), 'better_sqlite3.node')) as object
  return { ...options, nativeBinding: addon as unknown as string }
}
