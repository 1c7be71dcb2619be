/**
 * @module The token endpoint straight on `node:http`, bypassing Hono, for
 * the calls relying parties' servers make (no `Origin`, so no CORS):
 * refresh grants are the identity provider's hot path, and Hono's fetch
 * adapter costs a grant about a tenth of its time. Browser calls, which
 * need CORS, go through Hono; both call the same `answerTokenRequest`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { nodeBodyText } from './form-body.js'
import type { IdentityProviderContext } from '../grants/identity-provider-context.js'
import { answerTokenRequest } from './token-endpoint.js'

const TOKEN_PATH = '/oidc/token'

/**
 * True for a server's token request: `POST /oidc/token` without `Origin`.
 *
 * @example
 * if (isServerTokenRequest(req)) return answerTokenOverNode(provider, req, res, requestId)
 */
export function isServerTokenRequest(req: IncomingMessage): boolean {
  return req.method === 'POST' && req.url === TOKEN_PATH && req.headers.origin === undefined
}

/**
 * Answers one `node:http` token request.
 *
 * @example
 * await answerTokenOverNode(provider, req, res, requestId)
 */
export async function answerTokenOverNode(
  provider: IdentityProviderContext,
  req: IncomingMessage,
  res: ServerResponse,
  requestId: string,
): Promise<void> {
  const { status, headers, body } = await answerTokenRequest(provider, {
    contentType: req.headers['content-type'],
    authorization: joinedHeader(req, 'authorization'),
    readBody: () => nodeBodyText(req),
    requestId,
  })
  headers['X-Request-Id'] = requestId
  // A body left unread (over the limit, cut off) leaves the connection unusable for a next request.
  if (!req.complete) headers.Connection = 'close'
  headers['Content-Length'] = String(Buffer.byteLength(body))
  res.writeHead(status, headers)
  res.end(body)
}

/**
 * A header as Hono reads it: repeats joined with `, ` (Node keeps only the first `Authorization`).
 *
 * @example
 * const authorization = joinedHeader(req, 'authorization')
 */
export function joinedHeader(req: IncomingMessage, name: string): string | undefined {
  const values: string[] = []
  for (let i = 0; i < req.rawHeaders.length; i += 2) if (req.rawHeaders[i]!.toLowerCase() === name) values.push(req.rawHeaders[i + 1]!)
  return values.length === 0 ? undefined : values.join(', ')
}
