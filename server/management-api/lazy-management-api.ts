/**
 * @module The management API loaded on its first request: its library
 * (`@hono/zod-openapi`) and its routes cost about 50 ms to load, which
 * every start would pay for an API most servers answer rarely. The app
 * mounts this small handler at `/api/v1/*`; the first request imports
 * and builds the API, and every request is handed to it with the request
 * id the app gave it.
 */
import type { Context } from 'hono'
import type { RequestIdVariables } from 'hono/request-id'
import type { ManagementApiOptions } from './management-api.js'

/**
 * A handler answering `/api/v1/*` with the management API, imported when first asked.
 *
 * @example
 * app.all('/api/v1/*', lazyManagementApi({ db, issuer, limiter }))
 */
export function lazyManagementApi(options: ManagementApiOptions) {
  let loaded: Promise<{ fetch: (request: Request, env: { requestId: string }) => Response | Promise<Response> }> | undefined
  return async function answerManagementApi(c: Context<{ Variables: RequestIdVariables }>): Promise<Response> {
    loaded ??= import('./management-api.js').then(({ managementApi }) => managementApi(options))
    const api = await loaded
    const requestId = c.get('requestId')
    const answer = await api.fetch(c.req.raw, { requestId })
    // A Response handed back whole skips the headers the app prepared on its context, the request id among them.
    const headers = new Headers(answer.headers)
    headers.set('X-Request-Id', requestId)
    return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers })
  }
}
