/**
 * @module The baseline of the webhooks benchmark: a process that only
 * POSTs (the same body, headers of the same size, the same concurrency and
 * the same kind of connection as svc's worker) to the bench's receiver, so
 * the ratio shows what svc's outbox costs on top of Node's HTTP client. It
 * prints a ready line, and starts on SIGUSR2, so that it runs while svc
 * delivers: both loaded at once on the same core.
 *
 * Usage: node bench/bare-webhook-poster.ts URL COUNT CONCURRENCY KEEP_ALIVE(0|1) BODY — prints a ready line.
 */
import { Agent, request } from 'node:http'

const [url, count, concurrency, keepAlive, body] = process.argv.slice(2) as [string, string, string, string, string]
const agent = keepAlive === '1' ? new Agent({ keepAlive: true }) : false
// About the size of what svc sends: its content headers and two signature schemes.
const headers = {
  'Content-Type': 'application/json',
  'User-Agent': 'svc-webhooks/1.0',
  'X-SVC-Event': 'ping',
  'X-SVC-Delivery': '00000000-0000-4000-8000-000000000000',
  'X-SVC-Signature': `t=1800000000,v1=${'0'.repeat(64)}`,
  'webhook-id': '00000000-0000-4000-8000-000000000000',
  'webhook-timestamp': '1800000000',
  'webhook-signature': `v1,${'A'.repeat(43)}=`,
  'Content-Length': String(Buffer.byteLength(body)),
}

async function postAll(): Promise<void> {
  let next = 0
  const lane = async () => {
    while (next < Number(count)) {
      next++
      await new Promise<void>((resolve, reject) => {
        const req = request(url, { method: 'POST', headers, agent })
        req.on('response', (res) => res.resume().on('end', resolve))
        req.on('error', reject)
        req.end(body)
      })
    }
  }
  await Promise.all(Array.from({ length: Number(concurrency) }, lane))
}

process.once('SIGUSR2', () => void postAll().then(() => console.log(JSON.stringify({ done: true }))))
console.log(JSON.stringify({ port: 0 }))
// Keeps the process alive until the signal.
setInterval(() => undefined, 1 << 30)
