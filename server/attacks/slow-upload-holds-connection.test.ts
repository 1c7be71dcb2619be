/**
 * Attack: a stranger opens connections and trickles a request body (or its
 * headers) a byte at a time, so each holds a socket and its buffers for
 * Node's default five minutes. `serve` cuts a request off once it has taken
 * `SVC_REQUEST_TIMEOUT_SECONDS` (30 by default; 2 here to keep the test short).
 * The bounds below sit under every other limit that could cut it off (the
 * default 30 s, the 10 s cap on headers, Node's own 60 s and 300 s), so a
 * pass is this setting at work, while a busy machine may be seconds late.
 */
import { connect } from 'node:net'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type RunningBff, startBff } from '../../e2e/bff-process.js'

let bff: RunningBff

beforeAll(async () => {
  const db = join(mkdtempSync(join(tmpdir(), 'svc-slow-')), 'svc.db')
  bff = await startBff(['--db', db], { SVC_REQUEST_TIMEOUT_SECONDS: '2' })
})
afterAll(() => bff.stop())

/**
 * Writes `head`, then one byte a second; resolves with what the server
 * answered and when it hung up. A byte dripped just after the server's 408
 * and close meets a reset (ECONNRESET), which can also drop the unread
 * answer: that is the server hanging up too, so it counts as the cut-off.
 */
function trickle(head: string): Promise<{ answer: string; seconds: number }> {
  const started = Date.now()
  const { port } = new URL(bff.origin)
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(head))
    const drip = setInterval(() => socket.write('a'), 1000)
    let answer = ''
    socket.on('data', (chunk) => (answer += chunk))
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ECONNRESET') reject(error)
      else answer ||= 'HTTP/1.1 408 (reset before it was read)'
    })
    socket.on('close', () => {
      clearInterval(drip)
      resolve({ answer, seconds: (Date.now() - started) / 1000 })
    })
  })
}

it('cuts off a body trickled a byte a second', async () => {
  const { answer, seconds } = await trickle(
    'POST /oidc/token HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100000\r\n\r\n',
  )
  expect(answer).toMatch(/^HTTP\/1\.1 408/)
  expect(seconds).toBeLessThan(20)
}, 30_000)

it('cuts off headers trickled a byte a second', async () => {
  const { answer, seconds } = await trickle('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ')
  expect(answer).toMatch(/^HTTP\/1\.1 408/)
  expect(seconds).toBeLessThan(9)
}, 30_000)
