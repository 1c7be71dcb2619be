/**
 * @module The baseline of the ads API benchmark: a bare `node:http` server
 * that answers every request with fixed bytes (the body and headers svc
 * gave for the benchmarked request), so the ratio shows what svc's work
 * costs on top of Node's HTTP stack.
 *
 * Usage: node bench/bare-server.ts RESPONSE_JSON_FILE — prints the port.
 */
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'

const { headers, body } = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as { headers: Record<string, string>; body: string }
const bytes = Buffer.from(body)
const server = createServer((_request, response) => {
  response.writeHead(200, { ...headers, 'Content-Length': bytes.length })
  response.end(bytes)
})
server.listen(0, '127.0.0.1', () => {
  const address = server.address()
  process.stdout.write(`${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`)
})
process.once('SIGTERM', () => server.close(() => process.exit(0)))
