/**
 * @module The Hono app's `node:http` listener, which sends an empty answer
 * with no Content-Type as it was made. @hono/node-server writes
 * `text/plain; charset=UTF-8` on every answer that has none, which
 * in-process tests never see; on the wire it made `POST /oidc/revoke`'s
 * empty 200 look like text, and oidc-client-ts (which accepts only JSON
 * or no type) threw on `revokeTokens()` and on a sign-out that revokes
 * first. An answer with a body keeps the default, so a browser never
 * sniffs an untyped body.
 *
 * The adapter is loaded by the first request that reaches the app, not at
 * start: it loads node:http2 and Node's fetch classes (undici), about
 * 30 ms of CPU a start would otherwise pay before `/readyz`, which the
 * edge answers without it.
 */
import type { RequestListener, ServerResponse } from 'node:http'
import type { Http2Bindings, HttpBindings } from '@hono/node-server'

type Bindings = HttpBindings | Http2Bindings
type Fetch = (request: Request, env: Bindings) => Response | Promise<Response>

/**
 * The listener for `fetch` (the app's), leaving empty untyped answers untyped.
 *
 * @example
 * const listener = honoListener(app.fetch)
 */
export function honoListener(fetch: Fetch): RequestListener {
  let listener: RequestListener | undefined
  let loading: Promise<RequestListener> | undefined
  const load = async (): Promise<RequestListener> => {
    const { getRequestListener } = await import('@hono/node-server')
    const answer = getRequestListener(async function answerKeepingEmptyAnswersUntyped(request, env: Bindings) {
      const response = await fetch(request, env)
      // Typed answers (nearly all) are passed on untouched, so they keep node-server's fast path.
      if (!response.headers.has('content-type') && response.body === null) withoutDefaultType(env.outgoing as ServerResponse)
      return response
    })
    // node:http ignores what a listener returns; node-server's listener answers its own failures (a 500) and never rejects.
    return (listener = (incoming, outgoing) => void answer(incoming, outgoing))
  }
  return (incoming, outgoing) => {
    // Once loaded, requests go straight in, without waiting on a promise.
    if (listener) return listener(incoming, outgoing)
    loading ??= load()
    loading.then(
      (loaded) => loaded(incoming, outgoing),
      () => {
        // The adapter is inside the bundle, so this is a broken build; try again on the next request.
        loading = undefined
        outgoing.writeHead(500, { 'Content-Type': 'application/json' }).end('{"status":"error","code":500,"message":"internal error"}')
      },
    )
  }
}

/** Drops the Content-Type node-server adds from the next `writeHead` of `res`. */
function withoutDefaultType(res: ServerResponse): void {
  const writeHead = res.writeHead
  res.writeHead = function writeHeadUntyped(this: ServerResponse, ...args: unknown[]) {
    res.writeHead = writeHead
    const headers = args.find((arg) => typeof arg === 'object' && arg !== null && !Array.isArray(arg)) as
      Record<string, unknown> | undefined
    if (headers) for (const name of Object.keys(headers)) if (name.toLowerCase() === 'content-type') delete headers[name]
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args)
  } as ServerResponse['writeHead']
}
