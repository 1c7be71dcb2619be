import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { buildServer } from '../../scripts/server-bundle.js'
import { runCliOn } from '../testing/cli-runner.js'

const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }
const dbPath = join(mkdtempSync(join(tmpdir(), 'svc-version-')), 'svc.db')

describe('svc-bff --version', () => {
  it('prints the version of package.json, as a flag and as a command', async () => {
    expect(await runCliOn(dbPath, ['--version'])).toEqual({ exitCode: 0, stdout: `svc-bff ${version}`, stderr: '' })
    expect((await runCliOn(dbPath, ['version', '--json'])).stdout).toBe(JSON.stringify({ version }))
  })

  it('is printed by the built bundle, which carries it inside', async () => {
    // Built as npm run build:server builds dist/server/cli.js, into a folder of the checkout so its packages resolve.
    mkdirSync('test-artifacts', { recursive: true })
    const out = join(resolve(mkdtempSync(join('test-artifacts', 'version-bundle-'))), 'cli.js')
    await buildServer(out)
    try {
      // Run from elsewhere: no package.json it could read at run time.
      expect(execFileSync(process.execPath, [out, '--version'], { cwd: tmpdir(), encoding: 'utf8' })).toBe(`svc-bff ${version}\n`)
    } finally {
      rmSync(dirname(out), { recursive: true, force: true })
    }
  })
})
