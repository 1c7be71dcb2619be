import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { svcBffCommand } from '../../e2e/bff-process.js'
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
    const { bundle, remove } = await builtBundle()
    try {
      // Run from elsewhere: no package.json it could read at run time.
      expect(execFileSync(process.execPath, [bundle, '--version'], { cwd: tmpdir(), encoding: 'utf8' })).toBe(`svc-bff ${version}\n`)
    } finally {
      remove()
    }
  })
})

/**
 * The bundle the run built as npm run build:server builds dist/server/cli.js
 * (e2e/built-server.global.ts, beside that file in the checkout), or, in a
 * process started without it, one built here into a folder of the checkout
 * so its packages resolve. Building another cost this file about a second
 * of CPU.
 */
async function builtBundle(): Promise<{ bundle: string; remove(): void }> {
  const [, runsBundle] = svcBffCommand()
  if (runsBundle?.endsWith('.js')) return { bundle: runsBundle, remove: () => {} }
  mkdirSync('test-artifacts', { recursive: true })
  const bundle = join(resolve(mkdtempSync(join('test-artifacts', 'version-bundle-'))), 'cli.js')
  await buildServer(bundle)
  return { bundle, remove: () => rmSync(dirname(bundle), { recursive: true, force: true }) }
}
