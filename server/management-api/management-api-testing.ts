/**
 * @module What the management API's route tests share: two organisations
 * in one database, the app over it, a token maker and a caller, and the
 * check that an answer is a problem-details body.
 */
import { expect } from 'vitest'
import { type AppOptions, createApp } from '../app.js'
import { type Publisher, publisherFixture } from '../testing/publisher.js'
import { createManagementToken } from './management-tokens-repository.js'

export interface ApiTestbed {
  acme: Publisher
  other: Publisher
  app: ReturnType<typeof createApp>
  /** A live token of acme (or, with `null`, operator-wide) with these scopes. */
  token(scopes: string, organisationId?: number | null): Promise<string>
  /** A request to `/api/v1{path}`, a JSON body sent as JSON. */
  call(path: string, secret: string | undefined, init?: RequestInit): Promise<Response>
}

/**
 * Opens the test database with organisations Acme and Other and the app over it.
 *
 * @example
 * const { call, token } = await apiTestbed()
 */
export async function apiTestbed(options: Partial<AppOptions> = {}): Promise<ApiTestbed> {
  const acme = await publisherFixture(undefined, 'Acme')
  const other = await publisherFixture(acme.db, 'Other')
  const app = createApp({ db: acme.db, ...options })
  return {
    acme,
    other,
    app,
    token: async (scopes, organisationId = acme.organisation.id) =>
      (await createManagementToken(acme.db, { name: 'test', organisationId, scopes, createdBy: 'cli:test' })).secret,
    call: async (path, secret, init = {}) =>
      app.request(`/api/v1${path}`, {
        ...init,
        headers: {
          ...(secret ? { Authorization: `Bearer ${secret}` } : {}),
          ...(init.body ? { 'Content-Type': 'application/json' } : {}),
          ...init.headers,
        },
      }),
  }
}

/**
 * Checks that an answer is RFC 9457 problem details and returns its body.
 *
 * @example
 * expect((await problem(res)).detail).toMatch(/lacks the scope/)
 */
export async function problem(res: Response) {
  expect(res.headers.get('Content-Type')).toBe('application/problem+json')
  const body = await res.json()
  expect(body).toMatchObject({ type: 'about:blank', status: res.status, title: expect.any(String), detail: expect.any(String) })
  return body
}

/** A JSON body for `call`. */
export const json = (method: string, body: unknown): RequestInit => ({ method, body: JSON.stringify(body) })
