import { createServer, type Server, type Socket } from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { sendDelivery } from './send-delivery.js'

const servers: Server[] = []

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))))
})

/** A receiver that answers the first request on each connection and drops the connection at the next, as one closing idle connections does. */
async function receiverDroppingKeptConnections(): Promise<{ url: string; connections: number }> {
  const seen = { url: '', connections: 0 }
  const server = createServer((socket: Socket) => {
    seen.connections++
    let answered = false
    socket.on('data', () => {
      if (answered) return void socket.destroy()
      answered = true
      socket.write('HTTP/1.1 204 No Content\r\nConnection: keep-alive\r\n\r\n')
    })
    socket.on('error', () => undefined)
  })
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  seen.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`
  return seen
}

describe('sending an attempt over a kept connection', () => {
  it('reuses the connection, and tries once more on a new one when the receiver closed it', async () => {
    const receiver = await receiverDroppingKeptConnections()
    const send = () => sendDelivery({ url: receiver.url, headers: { 'Content-Type': 'application/json' }, body: '{}', timeoutMs: 5000, allowPrivate: true })
    const first = await send()
    expect(first).toMatchObject({ ok: true, statusCode: 204 })
    expect(first.request!.headers).toContainEqual(['Connection', 'keep-alive'])
    const second = await send()
    expect(second).toMatchObject({ ok: true, statusCode: 204, error: null })
    // The second try said it would close the connection it opened.
    expect(second.request!.headers).toContainEqual(['Connection', 'close'])
    expect(receiver.connections).toBe(2)
  })
})

describe('sending an attempt to an https receiver', () => {
  // node:https is loaded by the first https attempt, not at import: this is the path that loads it.
  it('opens TLS (a ClientHello is the first thing the receiver reads) and reports the failed handshake', async () => {
    let firstBytes: Buffer | undefined
    const server = createServer((socket: Socket) => {
      socket.once('data', (chunk: Buffer) => {
        firstBytes = chunk
        socket.destroy()
      })
      socket.on('error', () => undefined)
    })
    servers.push(server)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const url = `https://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`
    const outcome = await sendDelivery({ url, headers: {}, body: '{}', timeoutMs: 5000, allowPrivate: true })
    expect(outcome).toMatchObject({ ok: false, statusCode: null })
    expect(outcome.error).toBeTruthy()
    // A TLS record of type handshake (22), version 3.x: no plain HTTP went out.
    expect([firstBytes?.[0], firstBytes?.[1]]).toEqual([22, 3])
  })
})
