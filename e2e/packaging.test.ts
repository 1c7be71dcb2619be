import { execFileSync } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { type RunningBff, startServe } from './bff-process.js'

const root = fileURLToPath(new URL('..', import.meta.url))

/** What a publisher checks first: the demo's ads through the API, and the embeds. */
async function servesAdsAndWidgets(bff: RunningBff): Promise<void> {
  const key = bff.started.demo_api_key!
  const ads = await fetch(`${bff.origin}/ads/home-slider-ads?limit=3`, { headers: { Authorization: `Bearer ${key}` } })
  expect(ads.status).toBe(200)
  expect((await ads.json()).data).toHaveLength(3)
  for (const path of ['/widget/svc-ads.js', '/widget/svc-ads.iife.js', '/sdk.js']) {
    const res = await fetch(`${bff.origin}${path}`)
    expect(res.status, path).toBe(200)
    expect(res.headers.get('content-type'), path).toContain('javascript')
  }
  expect(await (await fetch(`${bff.origin}/readyz`)).json()).toMatchObject({ status: 'ready' })
}

const installedVersion = (folder: string) =>
  (JSON.parse(readFileSync(join(folder, 'node_modules', 'better-sqlite3', 'package.json'), 'utf8')) as { version: string }).version

type LockedPackages = Record<string, { version?: string; dev?: boolean }>
const lockedPackages = (file: string) => (JSON.parse(readFileSync(file, 'utf8')) as { packages: LockedPackages }).packages

/** Each package's folder and version: the shrinkwrap's runtime entries, or what npm wrote it installed. */
function versionsByFolder(packages: LockedPackages, { runtimeOnly }: { runtimeOnly: boolean }): Record<string, string> {
  return Object.fromEntries(
    Object.entries(packages)
      .filter(([folder, entry]) => folder !== '' && !(runtimeOnly && entry.dev))
      .map(([folder, entry]) => [folder, entry.version ?? '']),
  )
}

/**
 * better-sqlite3's install script compiles its addon from source where no
 * prebuilt binary can be fetched (this network), which took most of the
 * test's two minutes and tests better-sqlite3, not svc. The addon `npm ci`
 * already built serves when the versions match; otherwise it is built.
 */
function provideSqliteAddon(folder: string): void {
  if (installedVersion(folder) !== installedVersion(root)) {
    execFileSync('npm', ['rebuild', 'better-sqlite3', '--loglevel=error'], { cwd: folder, stdio: 'ignore' })
    return
  }
  const release = join('node_modules', 'better-sqlite3', 'build', 'Release')
  mkdirSync(join(folder, release), { recursive: true })
  copyFileSync(join(root, release, 'better_sqlite3.node'), join(folder, release, 'better_sqlite3.node'))
}

// Both run from the build `npm test` made before the tests.
describe('what a publisher installs', () => {
  it('the packed package, installed from its shrinkwrap without dev dependencies, runs svc-bff', { timeout: 300_000 }, async () => {
    const folder = mkdtempSync(join(tmpdir(), 'svc-packed-'))
    execFileSync('npm', ['pack', '--ignore-scripts', '--pack-destination', folder, '--loglevel=warn'], { cwd: root, stdio: 'ignore' })
    const tarball = readdirSync(folder).find((name) => name.endsWith('.tgz'))!
    execFileSync('tar', ['-xzf', tarball], { cwd: folder })
    const svc = join(folder, 'package')
    // npm honours a shrinkwrap only where the package is the project (`npm ci` in it) or comes from
    // the registry; `npm install ./svc.tgz` resolves the ranges afresh. The shrinkwrap names each
    // tarball's address, which the cache `npm ci` filled holds.
    execFileSync('npm', ['ci', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], {
      cwd: svc,
      stdio: 'ignore',
    })
    const installed = versionsByFolder(lockedPackages(join(svc, 'node_modules', '.package-lock.json')), { runtimeOnly: false })
    expect(installed).toEqual(versionsByFolder(lockedPackages(join(root, 'npm-shrinkwrap.json')), { runtimeOnly: true }))
    provideSqliteAddon(svc)
    const { bin } = JSON.parse(readFileSync(join(svc, 'package.json'), 'utf8')) as { bin: Record<string, string> }
    const bff = await startServe([join(svc, bin['svc-bff']!)], ['--demo', '--db', join(folder, 'svc.db')], { cwd: folder })
    try {
      await servesAdsAndWidgets(bff)
    } finally {
      await bff.stop()
    }
  })

  it('the single-file executable, with the SQLite addon beside it, runs svc-bff', { timeout: 300_000 }, async () => {
    execFileSync(process.execPath, ['scripts/build-binary.mjs'], { cwd: root, stdio: 'ignore' })
    // Alone in a folder of its own: nothing of the repository's is in reach.
    const folder = mkdtempSync(join(tmpdir(), 'svc-binary-'))
    for (const name of ['svc-bff', 'better_sqlite3.node']) copyFileSync(join(root, 'dist', 'binary', name), join(folder, name))
    execFileSync('chmod', ['+x', join(folder, 'svc-bff')])
    const bff = await startServe([join(folder, 'svc-bff')], ['--demo', '--db', join(folder, 'svc.db')], { cwd: folder })
    try {
      await servesAdsAndWidgets(bff)
      // The management API's document and its reference page, whose Swagger UI files ride in the binary.
      expect((await fetch(`${bff.origin}/api/v1/openapi.json`)).status).toBe(200)
      expect(await (await fetch(`${bff.origin}/api/v1/docs`)).text()).toContain('/api/v1/docs/swagger-ui-bundle.js')
      for (const [file, type] of [
        ['swagger-ui-bundle.js', 'text/javascript'],
        ['swagger-ui.css', 'text/css'],
        ['reference.css', 'text/css'],
      ] as const) {
        const res = await fetch(`${bff.origin}/api/v1/docs/${file}`)
        expect(res.status, file).toBe(200)
        expect(res.headers.get('content-type'), file).toContain(type)
        expect((await res.arrayBuffer()).byteLength, file).toBeGreaterThan(500)
      }
      expect(execFileSync(join(folder, 'svc-bff'), ['--help'], { encoding: 'utf8' })).toContain('Usage: svc-bff')
    } finally {
      await bff.stop()
    }
  })
})
