/**
 * @module The servers tests start as processes (bff-process.ts) sign with the
 * tests' pre-generated key rather than each generating an RSA key at its
 * first sign-in, and name it afresh, as a new database names its own.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { TEST_ONLY_PRIVATE_JWK } from '../server/testing/test-signing-key.js'
import { type RunningBff, startBff } from './bff-process.js'

const running: RunningBff[] = []
afterAll(() => Promise.all(running.map((bff) => bff.stop())))

const keySet = async (bff: RunningBff) =>
  ((await (await fetch(`${bff.origin}/.well-known/jwks.json`)).json()) as { keys: { kid: string; n: string }[] }).keys

describe('a server a test starts', () => {
  // That a rotation still makes a new key is signing-keys.test.ts's to show, in process.
  it('publishes the pre-generated test key as its first, under a kid of its own', async () => {
    const db = join(mkdtempSync(join(tmpdir(), 'svc-bff-process-')), 'svc.db')
    const bff = await startBff(['--db', db])
    running.push(bff)
    const [first] = await keySet(bff)
    expect(first!.n).toBe(TEST_ONLY_PRIVATE_JWK.n)
    expect(first!.kid).toMatch(/^[\w-]{16}$/)
  })
})
