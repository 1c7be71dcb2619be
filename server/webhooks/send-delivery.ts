/**
 * @module Sends one webhook attempt over HTTP(S): a POST that counts as
 * delivered only on a 2xx; a redirect, any other status, a refused target,
 * or no answer within the time-out is a failure. For the delivery log it
 * reports the request as sent (headers and body) and the answer: its
 * status, its headers (capped) and the first 4 KB of its body; reading
 * stops there, so a receiver answering a gigabyte costs one chunk past
 * 4 KB, not a gigabyte. A URL refused before any connection (not http(s),
 * a private address literal) is a permanent failure; a name resolving to a
 * private address is not, as DNS may change. Connections stay open
 * between attempts, per receiver host (Node's agents pool by host and
 * port), so a backlog to one receiver is not a TCP (and TLS) handshake an
 * attempt; one the receiver closed just as it was reused is tried once
 * more on a new connection, as Node's documentation advises.
 */
import { type ClientRequest, type IncomingMessage, Agent as HttpAgent, request as httpRequest } from 'node:http'
import type { Agent as HttpsAgent } from 'node:https'
import { attemptError } from './attempt-error.js'
import { assertLiteralAllowed, guardedLookup } from './target-guard.js'

/** A header as it went or came over the wire, name as written. */
export type HeaderPair = [name: string, value: string]

export interface AttemptOutcome {
  ok: boolean
  statusCode: number | null
  durationMs: number
  responseExcerpt: string | null
  error: string | null
  /** The target can never be reached as written (not http(s), a private address literal): retrying cannot help. */
  permanent?: boolean
  /** What was sent, once a request was made: its headers in order (Host and Connection included) and its body. */
  request?: { headers: HeaderPair[]; body: string }
  /** The answer's headers as received, at most {@link MAX_RESPONSE_HEADERS}, values cut at {@link MAX_HEADER_VALUE} characters. */
  responseHeaders?: HeaderPair[]
  /** The answer's body went on past {@link RESPONSE_BODY_BYTES}: the rest was not read. */
  truncated?: boolean
}

export interface SendOptions {
  url: string
  headers: Record<string, string>
  body: string
  timeoutMs: number
  allowPrivate: boolean
}

/** How much of an answer's body is read and kept. */
export const RESPONSE_BODY_BYTES = 4096
/** How many of an answer's headers are kept (Node already refuses more than 16 KB of them). */
export const MAX_RESPONSE_HEADERS = 64
/** How long a kept header value may be, in characters. */
export const MAX_HEADER_VALUE = 1024

/**
 * The agents keeping connections open: one pair per address policy, so a
 * socket a development worker opened to a private address is never lent to
 * an attempt that refuses them. Sockets are checked by the lookup when
 * they connect; a kept one stays on the address it was checked at.
 */
const keptAlive = new Map<boolean, { http: HttpAgent; https?: HttpsAgent }>()

/**
 * node:https, and node:tls with it, loaded by the first attempt to an
 * https receiver rather than by every start and CLI command, most of which
 * send no webhook (about 2 % of a start's CPU).
 */
const https = () => process.getBuiltinModule('node:https')

function agentFor(protocol: string, allowPrivate: boolean): HttpAgent {
  let agents = keptAlive.get(allowPrivate)
  if (!agents) keptAlive.set(allowPrivate, (agents = { http: new HttpAgent({ keepAlive: true }) }))
  if (protocol !== 'https:') return agents.http
  return (agents.https ??= new (https().Agent)({ keepAlive: true }))
}

/** What a receiver closing a kept connection as it was reused looks like, before any answer. */
const CLOSED_KEPT_CONNECTION = new Set(['ECONNRESET', 'EPIPE'])

/**
 * Posts the body and reports what happened; never throws.
 *
 * @example
 * const outcome = await sendDelivery({ url, headers, body, timeoutMs: 10_000, allowPrivate: false })
 */
export function sendDelivery({ url, headers, body, timeoutMs, allowPrivate }: SendOptions): Promise<AttemptOutcome> {
  const started = performance.now()
  const finish = (outcome: Omit<AttemptOutcome, 'durationMs'>): AttemptOutcome => ({
    ...outcome,
    durationMs: Math.round(performance.now() - started),
  })
  return new Promise((resolve) => {
    let target: URL
    try {
      target = new URL(url)
      if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new Error('the webhook URL must be http or https')
      assertLiteralAllowed(target, { allowPrivate })
    } catch (error) {
      resolve(finish({ ok: false, statusCode: null, responseExcerpt: null, error: (error as Error).message, permanent: true }))
      return
    }
    const sentHeaders = { ...headers, 'Content-Length': String(Buffer.byteLength(body)) }
    const post = (fresh: boolean) =>
      (target.protocol === 'https:' ? https().request : httpRequest)(target, {
        method: 'POST',
        headers: sentHeaders,
        lookup: guardedLookup({ allowPrivate }),
        // The second try opens its own connection (and closes it after).
        agent: fresh ? false : agentFor(target.protocol, allowPrivate),
      })
    const sentAs = (request: ClientRequest, connection: string) => ({
      // As the receiver sees them: ours, then the Host and Connection headers Node adds.
      headers: [...Object.entries(sentHeaders), ['Host', String(request.getHeader('host'))], ['Connection', connection]] as HeaderPair[],
      body,
    })
    let request = post(false)
    let sent = sentAs(request, 'keep-alive')
    let settled = false
    const settle = (outcome: Omit<AttemptOutcome, 'durationMs' | 'request'>) => {
      if (settled) return
      settled = true
      clearTimeout(deadline)
      resolve(finish({ ...outcome, request: sent }))
    }
    // One deadline for the whole attempt: connecting, waiting and reading.
    const deadline = setTimeout(() => request.destroy(new Error(`no complete answer within ${timeoutMs / 1000} s`)), timeoutMs)
    let responded = false
    const onResponse = (response: IncomingMessage) => {
      responded = true
      const chunks: Buffer[] = []
      let kept = 0
      const answered = (truncated: boolean) => {
        const statusCode = response.statusCode ?? 0
        const ok = statusCode >= 200 && statusCode < 300
        const redirect = statusCode >= 300 && statusCode < 400
        settle({
          ok,
          statusCode,
          responseExcerpt: Buffer.concat(chunks).toString('utf8'),
          responseHeaders: keptHeaders(response.rawHeaders),
          truncated,
          error: ok
            ? null
            : redirect
              ? `redirect to ${response.headers.location ?? '(no location)'} not followed`
              : `answered ${statusCode}`,
        })
      }
      response.on('data', (chunk: Buffer) => {
        if (settled) return
        chunks.push(chunk.subarray(0, RESPONSE_BODY_BYTES - kept))
        kept += Math.min(chunk.length, RESPONSE_BODY_BYTES - kept)
        if (kept < RESPONSE_BODY_BYTES || chunk.length <= chunks.at(-1)!.length) return
        // More than we keep: the status and the start are the answer; stop reading the rest.
        answered(true)
        response.destroy()
      })
      response.on('end', () => answered(false))
      response.on('error', () => undefined)
    }
    const onError = (error: NodeJS.ErrnoException) => {
      if (!settled && !responded && request.reusedSocket && CLOSED_KEPT_CONNECTION.has(error.code ?? '')) {
        request = post(true)
        sent = sentAs(request, 'close')
        return send()
      }
      settle({ ok: false, statusCode: null, responseExcerpt: null, error: attemptError(error, target) })
    }
    const send = () => request.on('response', onResponse).on('error', onError).end(body)
    send()
  })
}

/** The first headers of an answer as name/value pairs, each value cut short. */
function keptHeaders(raw: readonly string[]): HeaderPair[] {
  const pairs: HeaderPair[] = []
  for (let i = 0; i + 1 < raw.length && pairs.length < MAX_RESPONSE_HEADERS; i += 2)
    pairs.push([raw[i]!.slice(0, MAX_HEADER_VALUE), raw[i + 1]!.slice(0, MAX_HEADER_VALUE)])
  return pairs
}
