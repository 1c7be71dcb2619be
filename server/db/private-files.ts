/**
 * @module Keeps the SQLite database private to the user svc runs as: it
 * holds the RSA signing keys, client and webhook secrets and tokens. The
 * data folder is made 0700 and the database file 0600 before SQLite opens
 * it; SQLite gives its `-wal`, `-shm` and `-journal` files the database
 * file's mode, so they are 0600 too, whatever the umask. Backups are made
 * 0600 the same way. Files that exist already are not changed behind the
 * operator's back: `serve` says which are readable by others and the
 * chmod that fixes them.
 */
import { closeSync, constants, existsSync, mkdirSync, openSync, statSync } from 'node:fs'
import { dirname } from 'node:path'

const SIDECARS = ['-wal', '-shm', '-journal']

/**
 * Makes the database's folder (0700) and an empty database file (0600)
 * when they do not exist yet; SQLite then takes an empty file as a new
 * database.
 *
 * @example
 * preparePrivateDatabaseFile('./data/svc.db')
 */
export function preparePrivateDatabaseFile(path: string): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 })
  try {
    createPrivateFile(path)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
}

/**
 * Creates an empty file with mode 0600 (the umask can only narrow it);
 * fails with `EEXIST` when it exists, never touching another file.
 *
 * @example
 * createPrivateFile('/backups/svc-2026-11-26.db')
 */
export function createPrivateFile(path: string): void {
  closeSync(openSync(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o600))
}

/**
 * The database's folder, file and SQLite sidecar files that users other
 * than the owner may read or enter, each with its mode.
 *
 * @example
 * looselyReadable('./data/svc.db') // [{ path: './data', mode: 0o755, folder: true }]
 */
export function looselyReadable(path: string): { path: string; mode: number; folder: boolean }[] {
  const candidates = [
    { path: dirname(path), folder: true },
    ...[path, ...SIDECARS.map((suffix) => `${path}${suffix}`)].map((file) => ({ path: file, folder: false })),
  ]
  return candidates.flatMap((candidate) => {
    if (!existsSync(candidate.path)) return []
    const mode = statSync(candidate.path).mode & 0o777
    return mode & 0o077 ? [{ ...candidate, mode }] : []
  })
}

/**
 * One sentence naming what others may read and the chmod that fixes it,
 * or `undefined` when everything is private.
 *
 * @example
 * const warning = readableByOthersWarning('./data/svc.db')
 */
export function readableByOthersWarning(path: string): string | undefined {
  const loose = looselyReadable(path)
  if (loose.length === 0) return undefined
  const folders = loose.filter((entry) => entry.folder).map((entry) => entry.path)
  const files = loose.filter((entry) => !entry.folder).map((entry) => entry.path)
  const named = loose.map((entry) => `${entry.path} (mode ${entry.mode.toString(8).padStart(4, '0')})`).join(', ')
  const commands = [
    ...(folders.length ? [`chmod 700 ${folders.map(shellQuoted).join(' ')}`] : []),
    ...(files.length ? [`chmod 600 ${files.map(shellQuoted).join(' ')}`] : []),
  ]
  return `the database holds private keys and secrets, but other users may read ${named}; run: ${commands.join(' && ')}`
}

const shellQuoted = (path: string) => (/^[\w./-]+$/.test(path) ? path : `'${path.replaceAll("'", `'\\''`)}'`)
