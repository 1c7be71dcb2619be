/**
 * @module CORS for the endpoints a browser may call as a public client
 * (token, userinfo, revocation), decided per client as node-oidc-provider's
 * `clientBasedCORS` does: a preflight is allowed from any public client's
 * registered origin (it carries no client and reveals nothing), but an
 * answer about a client — its tokens, its user's claims — is readable only
 * from that client's own origins. An answer that names no client (a
 * refusal before the client is known) stays readable from any public
 * client's origin, so a developer sees why.
 */
import type { MiddlewareHandler } from 'hono'
import { cors } from 'hono/cors'
import { allClients } from '../clients/clients.js'
import { isPublicClient, originsOf } from '../clients/client-row.js'
import { changeStampOf } from '../db/change-stamp.js'
import type { ClientRow } from '../db/schema.js'
import type { IdentityProviderContext } from '../grants/identity-provider-context.js'

declare module 'hono' {
  interface ContextVariableMap {
    /** The client a browser's request turned out to be for, which decides whether its origin may read the answer. */
    corsClient: ClientRow
  }
}

/**
 * CORS for the client-facing endpoints; endpoints name the client with `c.set('corsClient', client)` once they know it.
 *
 * @example
 * app.use('/oidc/token', clientCors(provider))
 */
export function clientCors(provider: IdentityProviderContext): MiddlewareHandler {
  const publicOrigins = publicClientOrigins(provider)
  const corsForPublicClients = cors({
    origin: async (origin) => ((await publicOrigins()).has(origin) ? origin : null),
    allowMethods: ['GET', 'POST'],
    allowHeaders: ['Authorization', 'Content-Type'],
    maxAge: 600,
  })
  return async (c, next) => {
    const origin = c.req.header('Origin')
    // Only browsers send Origin; servers calling the token endpoint skip the
    // CORS middleware, which would otherwise rebuild every answer.
    if (origin === undefined) return next()
    // A preflight is answered by the CORS middleware itself, without the endpoint.
    const preflight = await corsForPublicClients(c, next)
    if (preflight) return preflight
    const client = c.get('corsClient')
    if (client && !(isPublicClient(client) && originsOf(client, provider.issuer).includes(origin)))
      c.res.headers.delete('Access-Control-Allow-Origin')
  }
}

/** The origins of public clients' redirect URIs, reloaded when the database changes. */
function publicClientOrigins(provider: IdentityProviderContext): () => Promise<Set<string>> {
  const readStamp = changeStampOf(provider.db)
  let cached: { stamp: string | undefined; origins: Set<string> } | undefined
  return async () => {
    const stamp = readStamp?.()
    if (cached && stamp !== undefined && cached.stamp === stamp) return cached.origins
    const clients = await allClients(provider.db)
    const origins = new Set(clients.filter(isPublicClient).flatMap((client) => originsOf(client, provider.issuer)))
    cached = { stamp, origins }
    return origins
  }
}
