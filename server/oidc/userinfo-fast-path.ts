/**
 * @module `GET /oidc/userinfo` straight on `node:http`, bypassing Hono, for
 * the calls relying parties' servers make (no `Origin`, so no CORS): Hono's
 * fetch adapter (a web Request and Response per call) and its router cost
 * a userinfo answer about a third of its time. Browser calls and POSTs go
 * through Hono; both call the same `userinfoClaims`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { IdentityProviderContext } from '../grants/identity-provider-context.js'
import { oauthErrorAnswer } from './oauth-error-response.js'
import { joinedHeader } from './token-fast-path.js'
import { userinfoClaims } from './userinfo.js'

const USERINFO_PATH = '/oidc/userinfo'

/**
 * True for a server's userinfo request: `GET /oidc/userinfo` without `Origin`.
 *
 * @example
 * if (isServerUserinfoRequest(req)) return answerUserinfoOverNode(provider, req, res, requestId)
 */
export function isServerUserinfoRequest(req: IncomingMessage): boolean {
  return req.method === 'GET' && req.url === USERINFO_PATH && req.headers.origin === undefined
}

/**
 * Answers one `node:http` userinfo request, with the headers the Hono route gives.
 *
 * @example
 * await answerUserinfoOverNode(provider, req, res, requestId)
 */
export async function answerUserinfoOverNode(
  provider: IdentityProviderContext,
  req: IncomingMessage,
  res: ServerResponse,
  requestId: string,
): Promise<void> {
  let status = 200
  let headers: Record<string, string>
  let body: string
  try {
    body = JSON.stringify(await userinfoClaims(provider, { authorization: joinedHeader(req, 'authorization'), form: undefined }))
    headers = { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' }
  } catch (error) {
    ;({ status, headers, body } = oauthErrorAnswer(error, requestId))
  }
  headers['X-Request-Id'] = requestId
  headers['Content-Length'] = String(Buffer.byteLength(body))
  res.writeHead(status, headers)
  res.end(body)
}
