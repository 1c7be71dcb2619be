import { execFileSync } from 'node:child_process'
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { build } from 'esbuild'
import { beforeAll, describe, expect, it } from 'vitest'
import { cacheFolderFor, privateCacheFolder } from './compile-cache.js'
import { SERVER_READY_CHANNEL } from './server-ready.js'

/** A CommonJS "bundle" that prints what it was given and what it imported the launcher's way, and says when it is ready. */
function writeBundle(folder: string, ready = true): string {
  const bundle = join(folder, 'cli.bundle.cjs')
  writeFileSync(
    bundle,
    [
      '#!/usr/bin/env node',
      "const { channel } = require('node:diagnostics_channel')",
      'async function later() { return (await svcImportPackage("node:path")).sep }',
      'later().then((sep) => {',
      '  process.stdout.write(JSON.stringify({ file: __filename, folder: __dirname, sep }))',
      ready ? `  channel(${JSON.stringify(SERVER_READY_CHANNEL)}).publish({})` : '',
      '})',
    ].join('\n'),
  )
  return bundle
}

const compileCache = fileURLToPath(new URL('compile-cache.ts', import.meta.url))
/**
 * compile-cache.ts as one JavaScript module, bundled once for the file: each
 * launch below is a Node process of its own, and loading tsx in each one to
 * compile the TypeScript cost about half a second of a core.
 */
let launcherModule = ''
beforeAll(async () => {
  launcherModule = join(mkdtempSync(join(tmpdir(), 'svc-cache-launcher-')), 'compile-cache.mjs')
  await build({
    entryPoints: [compileCache],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: launcherModule,
    logLevel: 'warning',
  })
})

/**
 * Runs the bundle through the launcher's function in a process of its own:
 * within one process V8 would find the code in its memory and never read
 * the cache.
 */
function launch(bundle: string, hash: string, cacheFolder: string | undefined | 'default'): { file: string; folder: string; sep: string } {
  const folderArgument = cacheFolder === 'default' ? '' : `, ${JSON.stringify(cacheFolder)}`
  const script = `import { runWithCompileCache } from ${JSON.stringify(pathToFileURL(launcherModule).href)}
runWithCompileCache(${JSON.stringify(bundle)}, ${JSON.stringify(hash)}, (name) => import(name)${folderArgument})`
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' })) as never
}

/** The cache `file` was rewritten (it is no longer `damaged`) with one the next start takes without writing it again. */
function expectAcceptedCache(bundle: string, cache: string, file: string, damaged: Buffer): void {
  const rewritten = readFileSync(file)
  expect(rewritten.equals(damaged)).toBe(false)
  const savedAt = statSync(file).mtimeMs
  expect(launch(bundle, 'build1', cache).sep).toBe('/')
  expect(statSync(file).mtimeMs).toBe(savedAt)
}

describe('privateCacheFolder', () => {
  it('makes a folder only this user may enter, and finds it again', () => {
    const base = mkdtempSync(join(tmpdir(), 'svc-cache-base-'))
    const folder = privateCacheFolder(base)
    expect(folder).toBeDefined()
    expect(statSync(folder!).mode & 0o777).toBe(0o700)
    expect(privateCacheFolder(base)).toBe(folder)
  })

  it('refuses a folder others may write to, whose cached code someone else could have planted', () => {
    const base = mkdtempSync(join(tmpdir(), 'svc-cache-base-'))
    const folder = privateCacheFolder(base)!
    chmodSync(folder, 0o777)
    expect(privateCacheFolder(base)).toBeUndefined()
  })

  it('gives none where no folder can be made, as on a read-only file system', () => {
    const base = mkdtempSync(join(tmpdir(), 'svc-cache-base-'))
    writeFileSync(join(base, 'a-file'), '')
    expect(privateCacheFolder(join(base, 'a-file'))).toBeUndefined()
  })
})

describe('cacheFolderFor', () => {
  it('keeps the cache beside the bundle where this user may write', () => {
    const folder = mkdtempSync(join(tmpdir(), 'svc-cache-run-'))
    expect(cacheFolderFor(join(folder, 'cli.bundle.cjs'))).toBe(join(folder, `svc-compile-cache-${process.getuid!()}`))
  })

  it("falls back to the temporary folder where the bundle's folder cannot take one", () => {
    const folder = mkdtempSync(join(tmpdir(), 'svc-cache-run-'))
    // A file where the folder would go stands for a folder this user may not write to.
    writeFileSync(join(folder, `svc-compile-cache-${process.getuid!()}`), '')
    expect(cacheFolderFor(join(folder, 'cli.bundle.cjs'))).toBe(privateCacheFolder())
  })
})

describe('runWithCompileCache', () => {
  it('saves the cache beside the bundle by default', () => {
    const folder = mkdtempSync(join(tmpdir(), 'svc-cache-run-'))
    const bundle = writeBundle(folder)
    expect(launch(bundle, 'build1', 'default').sep).toBe('/')
    expect(readdirSync(join(folder, `svc-compile-cache-${process.getuid!()}`))).toEqual([expect.stringMatching(/^svc-build1-v.*\.v8$/)])
  })

  it('runs the bundle as CommonJS, saves its code once ready, and runs from that cache the next time', () => {
    const folder = mkdtempSync(join(tmpdir(), 'svc-cache-run-'))
    const cache = mkdtempSync(join(tmpdir(), 'svc-cache-'))
    const bundle = writeBundle(folder)

    expect(launch(bundle, 'build1', cache)).toEqual({ file: bundle, folder, sep: '/' })
    const [saved] = readdirSync(cache)
    expect(saved).toMatch(/^svc-build1-v\d+.*\.v8$/)
    const savedAt = statSync(join(cache, saved!)).mtimeMs

    // From the cache: the import still works, and an accepted cache is not written again.
    expect(launch(bundle, 'build1', cache).sep).toBe('/')
    expect(statSync(join(cache, saved!)).mtimeMs).toBe(savedAt)

    // Another build never meets this cache.
    launch(bundle, 'build2', cache)
    expect(readdirSync(cache).filter((name) => name.startsWith('svc-build2-'))).toHaveLength(1)
  })

  it('gives V8 no cache whose bytes were changed on disk, and replaces it', () => {
    const folder = mkdtempSync(join(tmpdir(), 'svc-cache-run-'))
    const cache = mkdtempSync(join(tmpdir(), 'svc-cache-'))
    const bundle = writeBundle(folder)
    launch(bundle, 'build1', cache)
    const file = join(cache, readdirSync(cache)[0]!)
    const saved = readFileSync(file)
    // One bit flipped in the middle, where V8's own header checks would not look.
    const damaged = Buffer.from(saved)
    damaged[damaged.length >> 1]! ^= 1
    writeFileSync(file, damaged)

    expect(launch(bundle, 'build1', cache).sep).toBe('/')
    expectAcceptedCache(bundle, cache, file, damaged)
  })

  it('runs past an empty or cut cache file and replaces it', () => {
    const folder = mkdtempSync(join(tmpdir(), 'svc-cache-run-'))
    const cache = mkdtempSync(join(tmpdir(), 'svc-cache-'))
    const bundle = writeBundle(folder)
    launch(bundle, 'build1', cache)
    const file = join(cache, readdirSync(cache)[0]!)
    const saved = readFileSync(file)
    for (const cut of [Buffer.alloc(0), saved.subarray(0, 20), saved.subarray(0, saved.length - 1)]) {
      writeFileSync(file, cut)
      expect(launch(bundle, 'build1', cache).sep).toBe('/')
      expectAcceptedCache(bundle, cache, file, cut)
    }
  })

  it('runs past a damaged cache and replaces it', () => {
    const folder = mkdtempSync(join(tmpdir(), 'svc-cache-run-'))
    const cache = mkdtempSync(join(tmpdir(), 'svc-cache-'))
    const bundle = writeBundle(folder)
    launch(bundle, 'build1', cache)
    const file = join(cache, readdirSync(cache)[0]!)
    writeFileSync(file, Buffer.alloc(statSync(file).size, 7))

    expect(launch(bundle, 'build1', cache).sep).toBe('/')
    expect(readFileSync(file).every((byte) => byte === 7)).toBe(false)
  })

  it('saves nothing before the start is ready, and runs without a folder', () => {
    const folder = mkdtempSync(join(tmpdir(), 'svc-cache-run-'))
    const cache = join(mkdtempSync(join(tmpdir(), 'svc-cache-')), 'private')
    mkdirSync(cache)
    const bundle = writeBundle(folder, false)
    expect(launch(bundle, 'build1', cache).sep).toBe('/')
    expect(readdirSync(cache)).toEqual([])

    expect(launch(bundle, 'build1', undefined).sep).toBe('/')
  })
})
