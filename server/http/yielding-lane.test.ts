import { type AddressInfo, connect, type Socket } from 'node:net'
import { serve } from '@hono/node-server'
import { Hono, type MiddlewareHandler } from 'hono'
import { afterEach, describe, expect, it } from 'vitest'
import { oneRequestPerTurn } from './yielding-lane.js'

const SLOW = 12
const BUSY_MS = 15

/** A server whose `/slow` keeps the thread busy for a while, as a password form does, and whose `/fast` answers at once. */
function startServer(lane: boolean) {
  const app = new Hono()
  const order: string[] = []
  const gate: MiddlewareHandler = lane ? oneRequestPerTurn() : (_c, next) => next()
  app.post('/slow', gate, (c) => {
    const until = Date.now() + BUSY_MS
    while (Date.now() < until);
    order.push('slow')
    return c.text('slow')
  })
  app.get('/fast', (c) => {
    order.push('fast')
    return c.text('fast')
  })
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' })
  return { server, order }
}

let close: (() => void) | undefined
afterEach(() => close?.())

/** Opens SLOW + 1 connections, then sends SLOW slow requests and one fast one at once; the order they were answered in. */
async function answerOrder(lane: boolean): Promise<string[]> {
  const { server, order } = startServer(lane)
  close = () => server.close()
  await new Promise((resolve) => server.once('listening', resolve))
  const port = (server.address() as AddressInfo).port
  const sockets = await Promise.all(
    Array.from({ length: SLOW + 1 }, () => {
      const socket = connect(port, '127.0.0.1')
      return new Promise<Socket>((resolve) => socket.once('connect', () => resolve(socket)))
    }),
  )
  // Once the server has taken every connection, so that it reads the requests in one turn.
  const taken = () => new Promise<number>((resolve) => server.getConnections((_, count) => resolve(count)))
  while ((await taken()) < sockets.length) await new Promise((resolve) => setTimeout(resolve, 5))
  const answered = sockets.map((socket) => new Promise((resolve) => socket.once('data', resolve)))
  for (const socket of sockets.slice(0, SLOW)) socket.write('POST /slow HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\n\r\nx')
  sockets[SLOW]!.write('GET /fast HTTP/1.1\r\nHost: x\r\n\r\n')
  await Promise.all(answered)
  for (const socket of sockets) socket.destroy()
  return order
}

describe('oneRequestPerTurn', () => {
  it('answers a request that arrives during a burst before the rest of the burst', async () => {
    const order = await answerOrder(true)
    expect(order.filter((name) => name === 'slow')).toHaveLength(SLOW)
    expect(order.indexOf('fast')).toBeLessThan(SLOW / 2)
  })

  it('is what makes the difference: without it the burst goes first', async () => {
    const order = await answerOrder(false)
    expect(order.indexOf('fast')).toBeGreaterThanOrEqual(SLOW / 2)
  })
})
