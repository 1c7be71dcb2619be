/**
 * @module Sends one webhook attempt over HTTP(S): a POST that counts as
 * delivered only on a 2xx; a redirect, any other status, a refused target,
 * or no complete answer within the time-out is a failure. The first KiB of
 * the answer is kept for the delivery log. A URL refused before any
 * connection (not http(s), a private address literal) is a permanent
 * failure; a name resolving to a private address is not, as DNS may change.
 */
import { request as httpRequest } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { assertLiteralAllowed, guardedLookup } from './target-guard.js'

export interface AttemptOutcome {
  ok: boolean
  statusCode: number | null
  durationMs: number
  responseExcerpt: string | null
  error: string | null
  /** The target can never be reached as written (not http(s), a private address literal): retrying cannot help. */
  permanent?: boolean
}

export interface SendOptions {
  url: string
  headers: Record<string, string>
  body: string
  timeoutMs: number
  allowPrivate: boolean
}

const EXCERPT_BYTES = 1024

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
    const request = (target.protocol === 'https:' ? httpsRequest : httpRequest)(target, {
      method: 'POST',
      headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
      lookup: guardedLookup({ allowPrivate }),
      agent: false,
    })
    // One deadline for the whole attempt: connecting, waiting and reading.
    const deadline = setTimeout(() => request.destroy(new Error(`no complete answer within ${timeoutMs / 1000} s`)), timeoutMs)
    request.on('response', (response) => {
      const chunks: Buffer[] = []
      let kept = 0
      response.on('data', (chunk: Buffer) => {
        if (kept < EXCERPT_BYTES) {
          chunks.push(chunk.subarray(0, EXCERPT_BYTES - kept))
          kept += Math.min(chunk.length, EXCERPT_BYTES - kept)
        }
      })
      response.on('end', () => {
        clearTimeout(deadline)
        const statusCode = response.statusCode ?? 0
        const ok = statusCode >= 200 && statusCode < 300
        const redirect = statusCode >= 300 && statusCode < 400
        resolve(
          finish({
            ok,
            statusCode,
            responseExcerpt: Buffer.concat(chunks).toString('utf8'),
            error: ok
              ? null
              : redirect
                ? `redirect to ${response.headers.location ?? '(no location)'} not followed`
                : `answered ${statusCode}`,
          }),
        )
      })
      response.on('error', () => undefined)
    })
    request.on('error', (error) => {
      clearTimeout(deadline)
      resolve(finish({ ok: false, statusCode: null, responseExcerpt: null, error: error.message }))
    })
    request.end(body)
  })
}
