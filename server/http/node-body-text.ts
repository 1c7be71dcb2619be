/**
 * @module The body of a `node:http` request as text, read with the stream's
 * own events, for the fast routes answered without Hono (token requests,
 * ad events): an async iterator (`for await`) cost a refresh grant about as
 * much as its SQL. Each caller says its size limit and its refusals.
 */
import type { IncomingMessage } from 'node:http'

/** A route's limit and how it refuses; made once per route, not per request. */
export interface BodyLimits {
  maxBytes: number
  /** The refusal of a body over `maxBytes`. */
  tooLarge: () => Error
  /** The refusal of a body the caller stopped sending: its doing, not the server's. */
  cutOff: () => Error
}

/**
 * Reads the whole body as UTF-8, or rejects with the caller's refusal.
 *
 * @example
 * const text = await nodeBodyText(req, TOKEN_BODY_LIMITS)
 */
export function nodeBodyText(req: IncomingMessage, limits: BodyLimits): Promise<string> {
  return new Promise((resolve, reject) => new BodyReader(req, limits, resolve, reject).listen())
}

/**
 * One body being read. Its listeners are bound methods rather than
 * closures: a function made per request by name costs a property
 * definition under tsx.
 */
class BodyReader {
  private readonly chunks: Buffer[] = []
  private size = 0

  constructor(
    private readonly req: IncomingMessage,
    private readonly limits: BodyLimits,
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
    if (this.size <= this.limits.maxBytes) return void this.chunks.push(chunk)
    this.settle()
    this.reject(this.limits.tooLarge())
  }

  private onEnd(): void {
    this.settle()
    this.resolve(this.chunks.length === 1 ? this.chunks[0]!.toString('utf8') : Buffer.concat(this.chunks).toString('utf8'))
  }

  private onCutOff(): void {
    this.settle()
    this.reject(this.limits.cutOff())
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
