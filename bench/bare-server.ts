/**
 * @module The baseline of the ads API benchmark: a bare `node:http` server
 * that answers every request with fixed bytes (the body and headers svc
 * gave for the benchmarked request), so the ratio shows what svc's work
 * costs on top of Node's HTTP stack.
 *
 * With `--read-body` it reads each request's body to its end before
 * answering, as the baseline of an endpoint that takes a body (`POST
 * /ads/events`); the file may give the answer's `status`.
 *
 * Usage: node bench/bare-server.ts RESPONSE_JSON_FILE [--read-body] — prints the port.
 */
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'

const {
  headers,
  body,
  status = 200,
} = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as { headers: Record<string, string>; body: string; status?: number }
const bytes = Buffer.from(body)
const readBody = process.argv[3] === '--read-body'
const server = createServer((request, response) => {
  const answer = () => {
    response.writeHead(status, { ...headers, 'Content-Length': bytes.length })
    response.end(bytes)
  }
  if (!readBody) return answer()
  const chunks: Buffer[] = []
  request.on('data', (chunk: Buffer) => chunks.push(chunk))
  request.on('end', () => (Buffer.concat(chunks).toString('utf8'), answer()))
})
server.listen(0, '127.0.0.1', () => {
  const address = server.address()
  process.stdout.write(`${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`)
})
process.once('SIGTERM', () => server.close(() => process.exit(0)))
