/**
 * @module A real HTTP receiver on loopback for webhook tests: records what
 * arrives and answers as told (a status, a redirect, or never).
 */
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders
  body: string
}

export interface Receiver {
  url: string
  received: ReceivedWebhook[]
  /** How to answer the next requests: a status code, or `'hang'` to never answer. */
  answer: number | 'hang' | 'redirect'
  /** When set, the body of the answers instead of `answered <status>`. */
  answerBody?: string
  /** When set, how long to wait before answering, in ms. */
  delayMs?: number
  close(): Promise<void>
}

/**
 * Starts a receiver answering 200 until told otherwise.
 *
 * @example
 * const receiver = await startReceiver()
 */
export async function startReceiver(): Promise<Receiver> {
  const receiver: Pick<Receiver, 'received' | 'answer' | 'answerBody' | 'delayMs'> = { received: [], answer: 200 }
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => (body += chunk))
    req.on('end', () => {
      receiver.received.push({ headers: req.headers, body })
      if (receiver.answer === 'hang') return
      if (receiver.answer === 'redirect') {
        res.writeHead(302, { Location: 'http://127.0.0.1:1/elsewhere' }).end()
        return
      }
      const status = receiver.answer
      const answer = () => res.writeHead(status, { 'Content-Type': 'text/plain' }).end(receiver.answerBody ?? `answered ${status}`)
      if (receiver.delayMs === undefined) answer()
      else setTimeout(answer, receiver.delayMs)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return Object.assign(receiver, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    close: async () => {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  })
}
