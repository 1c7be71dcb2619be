/**
 * @module Reads the `application/x-www-form-urlencoded` bodies the token,
 * revocation and introspection endpoints take, refusing other types,
 * oversized bodies and repeated parameters (RFC 6749 §3.2: parameters
 * must not repeat), from a Hono context or straight from `node:http`.
 */
import type { IncomingMessage } from 'node:http'
import type { Context } from 'hono'
import { callerHungUp } from '../http/caller-hung-up.js'
import { type BodyLimits, nodeBodyText as readNodeBody } from '../http/node-body-text.js'
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

/** The token endpoint's body: 64 KiB at most; a refusal is an OAuth `invalid_request`. */
const NODE_BODY_LIMITS: BodyLimits = {
  maxBytes: MAX_BODY_BYTES,
  tooLarge: () => new InvalidRequest('the body is too large'),
  cutOff: () => new InvalidRequest(BODY_CUT_OFF),
}

/**
 * The body of a `node:http` request as text, or `invalid_request` past the size limit.
 *
 * @example
 * const text = await nodeBodyText(req)
 */
export function nodeBodyText(incoming: IncomingMessage): Promise<string> {
  return readNodeBody(incoming, NODE_BODY_LIMITS)
}
