/**
 * Issue 13, finding 1: `POST /login` with a new e-mail of up to 64 KB each
 * time kept one throttle counter per address typed, for 15 minutes, even
 * once the caller's address was refused: 2,400 requests grew the heap by
 * about 185 MB, and a server with a 160 MB heap died, taking the ads API,
 * the identity provider, the console and the webhook worker with it. Here
 * a real `svc-bff serve` process takes 5,000 of them.
 */
import { readFileSync } from 'node:fs'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningBff, startBff } from '../../e2e/bff-process.js'
import { formFields, ScriptedBrowser } from '../testing/identity-fixture.js'

const REQUESTS = 5_000
const AT_ONCE = 8
/** Just under the form's 64 KB body limit, with the other fields. */
const EMAIL_LENGTH = 63 * 1024
/**
 * What the server may hold more after the flood than before it. The bug
 * kept about 0.08 MB a request (185 MB for 2,400), 400 MB for this
 * flood; a heap that keeps nothing still ends a flood 25–51 MB larger on
 * the 2-core machine under load (CI saw +30.4 MB from 143 MB, with a
 * young generation capped below; a run on a fresh machine +51.3 MB from
 * 124 MB, the container check's image build beside it), its old space
 * grown for the flood's garbage and not yet given back. 100 MB fails a
 * leak a quarter the size of the one found, and not that slack.
 */
const ALLOWED_GROWTH_MB = 100
const LONGEST_ADDRESS = 254

let bff: RunningBff
beforeAll(async () => {
  // V8's young generation grows for a flood's garbage (up to 3 × 16 MB) and
  // gives it back only after quiet, which a busy machine may not have within
  // the test's wait (CI saw +44 MB). Capped at 2 MB it cannot stand in for
  // what the server keeps, which is what this test measures.
  const db = join(mkdtempSync(join(tmpdir(), 'svc-flood-')), 'svc.db')
  // Flooded as most starts run: from the code cache an earlier start saved (server/launcher/compile-cache.ts).
  await (await startBff(['--db', db])).stop()
  bff = await startBff(['--db', db], { NODE_OPTIONS: '--max-semi-space-size=2' })
})
afterAll(() => bff?.stop())

/** The process's resident memory, in MB, as Linux counts it. */
function residentMb(): number {
  const status = readFileSync(`/proc/${bff.process.pid}/status`, 'utf8')
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)![1]) / 1024
}

describe('a login flood of long, distinct e-mail addresses', () => {
  it('leaves the server answering, its memory within 100 MB of where it started', { timeout: 260_000 }, async () => {
    const browser = new ScriptedBrowser()
    const form = formFields(await (await browser.request(`${bff.origin}/login`)).text())
    const filler = 'x'.repeat(EMAIL_LENGTH)
    // Every other one as long as an address may be (254 characters), the rest far longer.
    const address = (i: number) =>
      i % 2 ? `${i}${filler}@flood.example` : `${i}.${'y'.repeat(LONGEST_ADDRESS - 15 - String(i).length)}@flood.example`
    const post = (i: number) =>
      browser.request(`${bff.origin}/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ...form, email: address(i), password: 'guess' }).toString(),
      })
    const flood = async (from: number, to: number) => {
      let next = from
      const statuses = new Map<number, number>()
      await Promise.all(
        Array.from({ length: AT_ONCE }, async () => {
          while (next < to) {
            const res = await post(next++)
            await res.arrayBuffer()
            statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1)
          }
        }),
      )
      return statuses
    }
    // A warm-up, so the baseline already holds what any first requests allocate once.
    // 1,000 of them: the heap settles only after a few hundred (an outside probe saw +38 MB over a first 5,000, then none).
    await flood(0, 1000)
    const before = residentMb()
    const statuses = await flood(1000, 1000 + REQUESTS)

    expect([...statuses.keys()].every((status) => status >= 400 && status < 500)).toBe(true)
    // What the server keeps, once the flood is over: kept memory (the 185 MB this attack once
    // cost) never comes back, and fails here.
    await expect
      .poll(() => residentMb() - before, { timeout: 30_000, interval: 1_000, message: `resident memory grew from ${before.toFixed(0)} MB` })
      .toBeLessThan(ALLOWED_GROWTH_MB)
    expect((await fetch(`${bff.origin}/healthz`)).status).toBe(200)
    const normal = await new ScriptedBrowser().request(`${bff.origin}/login`)
    expect(normal.status).toBe(200)
  })
})
