import { type AddressInfo, connect, type Socket } from 'node:net'
import type { Server } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { closeGracefully, httpServer } from './http-server.js'

let server: Server | undefined
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())))

/** Sends one keep-alive GET on the socket and resolves with the status line of its answer. */
const statusLineOf = (socket: Socket): Promise<string> =>
  new Promise((resolve, reject) => {
    socket.once('data', (chunk) => resolve(chunk.toString('latin1').split('\r\n')[0]!))
    socket.once('close', () => reject(new Error('the server closed the connection')))
    socket.write('GET / HTTP/1.1\r\nHost: svc.test\r\nConnection: keep-alive\r\n\r\n')
  })

describe('httpServer', () => {
  it('keeps an idle connection open past Node’s 5 s, for a proxy or client that sends its next request on it', async () => {
    server = httpServer((_req, res) => res.end('ok'))
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
    const socket = connect((server.address() as AddressInfo).port, '127.0.0.1')
    try {
      expect(await statusLineOf(socket)).toBe('HTTP/1.1 200 OK')
      await new Promise((resolve) => setTimeout(resolve, 6_000))
      expect(await statusLineOf(socket)).toBe('HTTP/1.1 200 OK')
    } finally {
      socket.destroy()
    }
  })

  it('answers the request in flight when it closes, then closes that connection at once instead of keeping it alive', async () => {
    let answer: (() => void) | undefined
    const asked = new Promise<void>((resolve) => {
      server = httpServer((_req, res) => {
        answer = () => res.end('ok')
        resolve()
      })
    })
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
    const socket = connect((server!.address() as AddressInfo).port, '127.0.0.1')
    const socketClosed = new Promise<void>((resolve) => socket.once('close', () => resolve()))
    const status = statusLineOf(socket)
    await asked
    const closing = server!.listening
    const closed = closeGracefully(server!)
    answer!()
    expect(closing).toBe(true)
    expect(await status).toBe('HTTP/1.1 200 OK')
    await closed
    await socketClosed
    expect(server!.listening).toBe(false)
    server = undefined
  })
})
