import { createServer, type Server } from 'node:http'
import { type AddressInfo, connect } from 'node:net'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { edgeListener, type FastRoute, MAX_REQUEST_BODY_BYTES } from './edge.js'

let server: Server | undefined
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())))

async function start(fastRoutes: FastRoute[]): Promise<string> {
  const listener = edgeListener({ fastRoutes, app: (_req, res) => res.end('from the app') })
  server = createServer(listener)
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

const failing: FastRoute = {
  matches: (req) => req.url === '/fast',
  answer: () => Promise.reject(new Error('a bug')),
  failure: (_error, requestId) => ({ status: 500, headers: { 'Content-Type': 'text/plain' }, body: `fast route failed (${requestId})` }),
}

describe('the HTTP edge', () => {
  it("answers a fast route's unanswered failure in that route's shape, under the caller's request id", async () => {
    const origin = await start([failing])
    const res = await fetch(`${origin}/fast`, { headers: { 'X-Request-Id': 'req_caller1' } })
    expect(res.status).toBe(500)
    expect(await res.text()).toBe('fast route failed (req_caller1)')
  })

  it('sends every other request to the app, with the request id it fixed', async () => {
    const origin = await start([failing])
    expect(await (await fetch(`${origin}/else`)).text()).toBe('from the app')
    const seen: (string | undefined)[] = []
    const listener = edgeListener({ fastRoutes: [], app: (req, res) => res.end(String(seen.push(req.headers['x-request-id'] as string))) })
    const ids: Record<string, string>[] = [{ 'X-Request-Id': 'partner-7' }, { 'X-Request-Id': 'bad id!' }, {}]
    await new Promise<void>((resolve) => server!.close(() => resolve()))
    server = createServer(listener)
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    for (const headers of ids) await (await fetch(`${base}/else`, { headers })).text()
    expect(seen[0]).toBe('partner-7')
    expect(seen.slice(1)).toEqual([expect.stringMatching(/^req_[0-9a-f]{32}$/), expect.stringMatching(/^req_[0-9a-f]{32}$/)])
  })

  it('refuses a declared body over the limit before any route reads it', async () => {
    const answer = vi.fn()
    const origin = new URL(await start([{ ...failing, matches: () => true, answer }]))
    const socket = connect(Number(origin.port), origin.hostname)
    socket.write(`POST /fast HTTP/1.1\r\nHost: x\r\nContent-Length: ${MAX_REQUEST_BODY_BYTES + 1}\r\n\r\n`)
    const head = await new Promise<string>((resolve) => socket.once('data', (chunk) => resolve(String(chunk))))
    socket.destroy()
    expect(head).toMatch(/^HTTP\/1\.1 413 /)
    expect(answer).not.toHaveBeenCalled()
  })

  it('refuses a body over the limit to the management API as problem details, with the request id, and to others in the ads envelope', async () => {
    const origin = new URL(await start([]))
    const refusalOf = (path: string) =>
      new Promise<string>((resolve) => {
        const socket = connect(Number(origin.port), origin.hostname)
        let text = ''
        socket.on('data', (chunk) => (text += String(chunk)))
        socket.on('close', () => resolve(text))
        // Chunked, so the body is read between its braces.
        socket.write(`POST ${path} HTTP/1.1\r\nHost: x\r\nX-Request-Id: req_big1\r\nContent-Length: ${MAX_REQUEST_BODY_BYTES + 1}\r\n\r\n`)
      })
    const api = await refusalOf('/api/v1/ads?organisation=ORG1')
    expect(api).toMatch(/^HTTP\/1\.1 413 /)
    expect(api).toMatch(/\r\ncontent-type: application\/problem\+json\r\n/i)
    expect(JSON.parse(api.slice(api.indexOf('{'), api.lastIndexOf('}') + 1))).toEqual({
      type: 'about:blank',
      title: 'Content Too Large',
      status: 413,
      detail: `the body is over ${MAX_REQUEST_BODY_BYTES} bytes`,
      request_id: 'req_big1',
    })
    const other = await refusalOf('/api/v10')
    expect(other).toMatch(/\r\ncontent-type: application\/json\r\n/i)
    expect(JSON.parse(other.slice(other.indexOf('{'), other.lastIndexOf('}') + 1))).toMatchObject({ status: 'error', code: 413 })
  })
})
