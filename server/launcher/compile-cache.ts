/**
 * @module Runs the server's CommonJS bundle with V8's code cache, kept on
 * disk between starts: compiling the 2.7 MB bundle, and then each function
 * the start calls, was about a third of a start's CPU. Node 20 has no
 * `module.enableCompileCache()` (it came with Node 22), so the bundle is
 * compiled here with `vm.Script`, given the cached data a previous start
 * saved, and saved again once a start is ready (by then the cache holds
 * every function a start runs, not only the top level). The cache is an
 * optimisation only: any folder, file or V8 refusal problem leaves the
 * start as it would be without it.
 */
import { isAscii } from 'node:buffer'
import { createHash } from 'node:crypto'
import { lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { subscribe, unsubscribe } from 'node:diagnostics_channel'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { Script } from 'node:vm'
import { SERVER_READY_CHANNEL } from './server-ready.js'

/**
 * A folder `svc-compile-cache-UID` in `base` (the operating system's
 * temporary folder, `TMPDIR`, by default), made private (0700) to this
 * user. Cached code is run as it is, so a folder another user could write
 * to is not used: undefined then, and undefined where the folder cannot be
 * made (a read-only file system, a folder of root's for a service user).
 *
 * @example
 * const folder = privateCacheFolder() // '/tmp/svc-compile-cache-1000'
 */
export function privateCacheFolder(base: string = tmpdir()): string | undefined {
  const uid = process.getuid?.()
  const folder = join(base, `${CACHE_FOLDER_PREFIX}${uid ?? 'user'}`)
  try {
    mkdirSync(folder, { mode: 0o700 })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') return undefined
  }
  try {
    const found = lstatSync(folder)
    if (!found.isDirectory() || (uid !== undefined && found.uid !== uid) || (found.mode & 0o077) !== 0) return undefined
    return folder
  } catch {
    return undefined
  }
}

/**
 * Where the code cache of `bundle` is kept: a private folder beside the
 * bundle when this user may write there (whoever may write there may
 * replace the bundle itself, so the cache trusts no one the bundle does
 * not; and the build clears it), else one in the temporary folder, as in a
 * container whose files belong to root and whose server does not. The file
 * inside is named by the build's hash, Node's version and the
 * architecture, so a cache never meets another build. The start runs
 * before settings are read, so the data folder is not known yet; and a
 * backup or a volume shared by other builds is no place for a cache.
 *
 * @example
 * cacheFolderFor('/app/dist/server/cli.bundle.cjs') // '/app/dist/server/svc-compile-cache-1000', or '/tmp/svc-compile-cache-1000'
 */
export function cacheFolderFor(bundle: string): string | undefined {
  return privateCacheFolder(dirname(bundle)) ?? privateCacheFolder()
}

/**
 * Runs the CommonJS bundle at `bundle` as Node would `require` it, with
 * the code cache of the build named by `buildHash` (a hash of the
 * bundle's bytes: V8 checks only the source's length, so a cache must
 * never meet another build). When there was no usable cache, a new one is
 * written once the bundle publishes on {@link SERVER_READY_CHANNEL}.
 *
 * The packages the bundle loads on first use are imported through
 * `importPackage` (the build turns their `import()` into
 * `svcImportPackage()`): code compiled by `vm.Script` cannot `import()` on
 * Node 20 once it comes from a code cache ("A dynamic import callback was
 * not specified"), so the launcher, a module file, imports for it.
 *
 * @example
 * runWithCompileCache('/app/dist/server/cli.bundle.cjs', '3f2a…', (name) => import(name))
 */
export function runWithCompileCache(
  bundle: string,
  buildHash: string,
  importPackage: (name: string) => Promise<unknown>,
  cacheFolder: string | undefined = cacheFolderFor(bundle),
): void {
  // Named by the build alone: copies of one build (the tests' bundles) share a cache.
  const cacheFile = cacheFolder && join(cacheFolder, `svc-${buildHash}-${process.version}-${process.arch}${CACHE_SUFFIX}`)
  const cachedData = cacheFile === undefined ? undefined : readCache(cacheFile)
  // The shebang would be a syntax error inside the wrapper; an empty line keeps the line numbers of stack traces.
  const source = sourceOf(readFileSync(bundle)).replace(/^#!.*/, '')
  const script = new Script(`(function (exports, require, module, __filename, __dirname, svcImportPackage) {${source}\n})`, {
    filename: bundle,
    cachedData,
  })
  if (cacheFile !== undefined && (cachedData === undefined || script.cachedDataRejected)) {
    const save = () => {
      unsubscribe(SERVER_READY_CHANNEL, save)
      saveCache(cacheFile, script)
    }
    subscribe(SERVER_READY_CHANNEL, save)
  }
  const module = { exports: {} }
  ;(script.runInThisContext() as (...args: unknown[]) => void)(module.exports, createRequire(bundle), module, bundle, dirname(bundle), importPackage)
}

/**
 * The bundle's text. The build writes it in ASCII (scripts/server-bundle.ts),
 * which read as Latin-1 makes a one-byte string, where decoding UTF-8
 * took about 10 ms of a start; anything else is read as UTF-8.
 */
function sourceOf(bytes: Buffer): string {
  return bytes.toString(isAscii(bytes) ? 'latin1' : 'utf8')
}

/**
 * The cached data of a cache file, or undefined when there is none or it
 * is damaged. V8 checks a cache's version and flags but not, in a release
 * build, the bytes of its code, which it would then run: a file damaged on
 * disk could run as wrong code. So a file starts with the SHA-256 of the
 * rest, and one whose bytes do not match is not given to V8 (and is
 * replaced once the start is ready). Hashing the 2 MB costs about a
 * millisecond.
 */
function readCache(file: string): Buffer | undefined {
  let saved: Buffer
  try {
    saved = readFileSync(file)
  } catch {
    return undefined
  }
  const data = saved.subarray(DIGEST_BYTES)
  if (saved.length <= DIGEST_BYTES || !digestOf(data).equals(saved.subarray(0, DIGEST_BYTES))) return undefined
  return data
}

const DIGEST_BYTES = 32

function digestOf(data: Buffer): Buffer {
  return createHash('sha256').update(data).digest()
}

/** The folder name {@link privateCacheFolder} makes, without the user: the build clears it beside a new bundle. */
export const CACHE_FOLDER_PREFIX = 'svc-compile-cache-'
const CACHE_SUFFIX = '.v8'
/** Caches of other builds untouched this long are removed when a cache is saved: each build leaves one of about 2 MB. */
const FORGET_OTHER_BUILDS_MS = 24 * 60 * 60 * 1000

/** Writes the cache beside its final name and renames it, so that a start reading it meanwhile never sees half a file. */
function saveCache(cacheFile: string, script: Script): void {
  const partial = `${cacheFile}.${process.pid}`
  try {
    const data = script.createCachedData()
    writeFileSync(partial, Buffer.concat([digestOf(data), data]), { mode: 0o600 })
    renameSync(partial, cacheFile)
  } catch {
    // Only a later start is slower.
  }
  forgetOldCaches(dirname(cacheFile), Date.now() - FORGET_OTHER_BUILDS_MS)
}

function forgetOldCaches(folder: string, before: number): void {
  try {
    for (const name of readdirSync(folder)) {
      if (!name.startsWith('svc-') || !name.endsWith(CACHE_SUFFIX)) continue
      const file = join(folder, name)
      if (statSync(file).mtimeMs < before) rmSync(file, { force: true })
    }
  } catch {
    // Another start removing the same file, or the folder gone: nothing to do.
  }
}
