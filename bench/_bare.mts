import { createServer } from 'node:http'
const body = Buffer.from('x'.repeat(2300))
const s = createServer((q, r) => {
  r.writeHead(200, { 'Content-Type': 'application/json', 'X-A': '1', 'X-B': '2', 'Content-Length': body.length })
  r.end(body)
})
s.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ port: (s.address() as any).port })))
