import { execFileSync } from 'node:child_process'
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { privateCacheFolder } from './compile-cache.js'
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
 * Runs the bundle through the launcher's function in a process of its own:
 * within one process V8 would find the code in its memory and never read
 * the cache.
 */
function launch(bundle: string, hash: string, cacheFolder: string | undefined): { file: string; folder: string; sep: string } {
  const script = `import { runWithCompileCache } from ${JSON.stringify(pathToFileURL(compileCache).href)}
runWithCompileCache(${JSON.stringify(bundle)}, ${JSON.stringify(hash)}, (name) => import(name), ${JSON.stringify(cacheFolder)})`
  return JSON.parse(execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' })) as never
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

describe('runWithCompileCache', () => {
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
