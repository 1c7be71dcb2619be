/**
 * @module Reads the `application/x-www-form-urlencoded` bodies the token,
 * revocation and introspection endpoints take, refusing other types,
 * oversized bodies and repeated parameters (RFC 6749 §3.2: parameters
 * must not repeat), from a Hono context or straight from `node:http`.
 */
import type { IncomingMessage } from 'node:http'
import type { Context } from 'hono'
import { callerHungUp } from '../http/caller-hung-up.js'
import { BODY_CUT_OFF } from '../refusal.js'
import { InvalidRequest } from './errors.js'

const MAX_BODY_BYTES = 64 * 1024

/** A form post, whichever server received it. */
export interface FormPost {
  contentType: string | undefined
  /** Reads the whole body; refuses one over the size limit. */
  readBody(): Promise<string>
}

/**
 * The form, or `invalid_request`.
 *
 * @example
 * const form = await formOf(post, ['grant_type', 'code'])
 */
export async function formOf(post: FormPost, singleValued: readonly string[]): Promise<URLSearchParams> {
  if (!(post.contentType ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded')) {
    throw new InvalidRequest('the body must be application/x-www-form-urlencoded')
  }
  const form = new URLSearchParams(await post.readBody())
  for (const name of singleValued) if (form.getAll(name).length > 1) throw new InvalidRequest(`${name} must be given once`)
  return form
}

/**
 * The form of a Hono request, or `invalid_request`.
 *
 * @example
 * const form = await readForm(c, ['token', 'token_type_hint'])
 */
export function readForm(c: Context, singleValued: readonly string[]): Promise<URLSearchParams> {
  return formOf(honoFormPost(c), singleValued)
}

/**
 * A Hono request as a form post. The body is read through Hono: the
 * server-wide body limit may already have opened the request's stream,
 * and reading Node's stream beside it would find it drained.
 *
 * @example
 * await answerTokenRequest(provider, { ...honoFormPost(c), … })
 */
export function honoFormPost(c: Context): FormPost {
  return {
    contentType: c.req.header('Content-Type'),
    readBody: async () => {
      let text: string
      try {
        text = await c.req.text()
      } catch (error) {
        if (callerHungUp(c)) throw new InvalidRequest(BODY_CUT_OFF)
        throw error
      }
      if (Buffer.byteLength(text) > MAX_BODY_BYTES) throw new InvalidRequest('the body is too large')
      return text
    },
  }
}

/**
 * The body of a `node:http` request as text, or `invalid_request` past the size limit.
 *
 * @example
 * const text = await nodeBodyText(req)
 */
export function nodeBodyText(incoming: IncomingMessage): Promise<string> {
  // The stream's own events: an async iterator (for await) cost a refresh grant about as much as its SQL.
  return new Promise((resolve, reject) => new BodyReader(incoming, resolve, reject).listen())
}

/**
 * One body being read. Its listeners are bound methods rather than
 * closures made per request (as `ad-events-fast-path.ts` reads its bodies).
 */
class BodyReader {
  private readonly chunks: Buffer[] = []
  private size = 0

  constructor(
    private readonly req: IncomingMessage,
    private readonly resolve: (text: string) => void,
    private readonly reject: (error: Error) => void,
  ) {
    this.onData = this.onData.bind(this)
    this.onEnd = this.onEnd.bind(this)
    this.onCutOff = this.onCutOff.bind(this)
    this.onClose = this.onClose.bind(this)
  }

  listen(): void {
    this.req.on('data', this.onData).on('end', this.onEnd).on('error', this.onCutOff).on('aborted', this.onCutOff).on('close', this.onClose)
  }

  private onData(chunk: Buffer): void {
    this.size += chunk.length
    if (this.size <= MAX_BODY_BYTES) return void this.chunks.push(chunk)
    this.settle()
    this.reject(new InvalidRequest('the body is too large'))
  }

  private onEnd(): void {
    this.settle()
    this.resolve(this.chunks.length === 1 ? this.chunks[0]!.toString('utf8') : Buffer.concat(this.chunks).toString('utf8'))
  }

  // The caller hung up before sending the whole body: its doing, not the server's.
  private onCutOff(): void {
    this.settle()
    this.reject(new InvalidRequest(BODY_CUT_OFF))
  }

  private onClose(): void {
    if (!this.req.complete) this.onCutOff()
  }

  private settle(): void {
    this.req
      .off('data', this.onData)
      .off('end', this.onEnd)
      .off('error', this.onCutOff)
      .off('aborted', this.onCutOff)
      .off('close', this.onClose)
    // What is left of a refused body is not read; the answer closes the connection.
    this.req.pause()
  }
}
