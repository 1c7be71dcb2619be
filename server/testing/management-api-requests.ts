/**
 * @module How the management API's tests call it: one request helper (a
 * bearer token, a JSON body sent as JSON) and the check that an answer is
 * RFC 9457 problem details, so each test file does not carry its own copy.
 */
import type { Kysely } from 'kysely'
import { expect } from 'vitest'
import { listAuditEvents, MAX_AUDIT_PAGE } from '../audit/audit-events.js'
import type { Database } from '../db/schema.js'
import type { AuditEventPage } from '../../shared/audit-wire.js'

/** What answers a request in-process: the app (`createApp`) or the API alone. */
export interface RequestHandler {
  request(path: string, init?: RequestInit): Response | Promise<Response>
}

/** A request to `/api/v1{path}` with a token (none when `undefined`). */
export type ManagementApiCall = (path: string, secret: string | undefined, init?: RequestInit) => Promise<Response>

/**
 * The request helper over an app: `Authorization: Bearer` when a token is
 * given, `Content-Type: application/json` when a body is, headers passed win.
 *
 * @example
 * const call = managementApiCall(app)
 * const res = await call('/ads', token, json('POST', { title: 'Spring' }))
 */
export function managementApiCall(app: RequestHandler): ManagementApiCall {
  return async (path, secret, init = {}) =>
    app.request(`/api/v1${path}`, {
      ...init,
      headers: {
        ...(secret ? { Authorization: `Bearer ${secret}` } : {}),
        ...(init.body ? { 'Content-Type': 'application/json' } : {}),
        ...init.headers,
      },
    })
}

/**
 * Checks that an answer is RFC 9457 problem details quoting its request id, and returns its body.
 *
 * @example
 * expect((await problem(res)).detail).toMatch(/lacks the scope/)
 */
export async function problem(res: Response) {
  expect(res.headers.get('Content-Type')).toBe('application/problem+json')
  const body = await res.json()
  expect(body).toMatchObject({ type: 'about:blank', status: res.status, title: expect.any(String), detail: expect.any(String) })
  expect(body.request_id).toBe(res.headers.get('X-Request-Id'))
  return body
}

/**
 * A JSON body for a call.
 *
 * @example
 * await call('/ads', token, json('POST', { title: 'Spring' }))
 */
export const json = (method: string, body: unknown): RequestInit => ({ method, body: JSON.stringify(body) })

/**
 * The changes management tokens made, newest first: the audit log's
 * events with a token as actor, without the `token.used` rows of their
 * reads and refused calls (`management-api/token-uses.ts`).
 *
 * @example
 * expect((await changesByTokens(db)).events.map((e) => e.action)).toEqual(['ad.created'])
 */
export async function changesByTokens(db: Kysely<Database>): Promise<AuditEventPage> {
  const page = await listAuditEvents(db, { actor: 'token', limit: MAX_AUDIT_PAGE })
  return { ...page, events: page.events.filter((event) => event.action !== 'token.used') }
}
