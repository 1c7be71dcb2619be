/**
 * @module What svc tells a caller when it does not do what was asked: one
 * base type for refusals, and the one classification every surface uses to
 * decide what an error exposes (as node-oidc-provider has one `err_out`).
 * A refusal is the caller's doing (bad input, a wrong token) or svc saying
 * "not now" (busy): its status, message and headers are the caller's to
 * see, and so are two errors that are the caller's doing although they
 * are not refusals (a body cut off, a NUL that PostgreSQL cannot store).
 * Anything else is svc's fault: logged under the request id, and the
 * caller learns only that id. Surfaces only shape an {@link Exposure} into
 * their envelope: ads JSON, RFC 6749 JSON, console JSON, an HTML page, a
 * CLI line.
 */
import { log } from './log.js'

/** What the refusal of a body cut off by its caller says. */
export const BODY_CUT_OFF = 'the request body was not received in full'

/**
 * PostgreSQL refuses to store a NUL character in text (SQLSTATE 22021),
 * which only client input carries (a client id or e-mail with `%00`).
 * SQLite stores such text, finds nothing and answers as for any unknown
 * value; on PostgreSQL the same request is a clear 400, not a fault.
 */
const UNSTORABLE_TEXT_MESSAGE = 'the request contains a NUL character, which no value here may hold'
const isUnstorableText = (error: unknown) => (error as { code?: unknown } | null)?.code === '22021'

/** Base of every error whose message is meant for the caller. */
export abstract class Refusal extends Error {
  /** The HTTP status it is answered with. */
  abstract readonly status: number
  /** The form or body field to blame, when one is. */
  readonly field?: string
  /** Headers the answer needs (`Retry-After`, `WWW-Authenticate`). */
  headers: Record<string, string> = {}
}

/** svc cannot do it now (a busy database, a full queue); the caller may retry after `Retry-After`. */
export class ServiceBusy extends Refusal {
  override name = 'ServiceBusy'
  readonly status = 503
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message)
    this.headers = { 'Retry-After': String(retryAfterSeconds) }
  }
}

/** What an error exposes to the caller. */
export interface Exposure {
  status: number
  /** Safe to show. */
  message: string
  headers: Record<string, string>
  /** The field to blame, when a refusal names one. */
  field?: string
  /** The refusal, for surfaces whose envelope has codes of its own (OAuth's `error`); undefined for svc's faults. */
  refusal?: Refusal
}

/**
 * Decides what `error`, raised while answering request `requestId`, exposes.
 * `hungUp`: the caller hung up mid-body, so the error reading it raised is the caller's doing.
 *
 * @example
 * const { status, message, headers } = exposureOf(error, { requestId })
 */
export function exposureOf(error: unknown, { requestId, hungUp = false }: { requestId?: string; hungUp?: boolean }): Exposure {
  if (hungUp) {
    log('info', 'the caller hung up before sending the whole body', { request_id: requestId })
    return { status: 400, message: BODY_CUT_OFF, headers: {} }
  }
  if (error instanceof Refusal) {
    const exposure: Exposure = { status: error.status, message: error.message, headers: { ...error.headers }, refusal: error }
    if (error.field !== undefined) exposure.field = error.field
    return exposure
  }
  if (isUnstorableText(error)) return { status: 400, message: UNSTORABLE_TEXT_MESSAGE, headers: {} }
  const { message, stack, code } = (error ?? {}) as { message?: string; stack?: string; code?: unknown }
  log('error', message ?? String(error), { request_id: requestId, stack })
  const quoted = requestId === undefined ? '' : ` (request ${requestId})`
  // SQLite's writer lock held past the busy timeout: nobody's fault, worth a retry.
  if (code === 'SQLITE_BUSY') return { status: 503, message: `service busy; retry shortly${quoted}`, headers: { 'Retry-After': '1' } }
  return {
    status: 500,
    message: requestId === undefined ? 'internal error' : `internal error; quote request ${requestId} when contacting support`,
    headers: {},
  }
}
