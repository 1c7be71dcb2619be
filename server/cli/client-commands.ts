/**
 * @module `client create`: an application that signs users in through svc.
 */
import { createClient } from '../clients/clients.js'
import { type CliIo, type CommandOutput, withDatabase } from './context.js'
import { list, parseFlags, required } from './flags.js'

export const CLIENT_USAGE =
  'client create --name N --redirect-uri URI... [--post-logout-redirect-uri URI]... [--public] [--scopes openid,profile,...] [--webhook-url URL] [--privacy-policy-url URL] [--terms-of-service-url URL]'

/**
 * Registers a client; a confidential client's secret is printed once.
 *
 * @example
 * await clientCreate(['--name', 'Shop', '--redirect-uri', 'https://shop.example/callback'], io)
 */
export async function clientCreate(args: string[], io: CliIo): Promise<CommandOutput> {
  const { values } = parseFlags(args, {
    name: { type: 'string' },
    'redirect-uri': { type: 'string', multiple: true },
    'post-logout-redirect-uri': { type: 'string', multiple: true },
    public: { type: 'boolean' },
    scopes: { type: 'string' },
    'webhook-url': { type: 'string' },
    'privacy-policy-url': { type: 'string' },
    'terms-of-service-url': { type: 'string' },
  })
  const input = {
    name: required(values.name, '--name'),
    redirectUris: values['redirect-uri'] ?? [],
    postLogoutRedirectUris: values['post-logout-redirect-uri'],
    public: values.public,
    scopes: list(values.scopes),
    webhookUrl: values['webhook-url'],
    privacyPolicyUrl: values['privacy-policy-url'],
    termsOfServiceUrl: values['terms-of-service-url'],
  }
  return withDatabase(values, io, async (db) => {
    const { clientId, clientSecret } = await createClient(db, input)
    return {
      json: clientSecret === undefined ? { client_id: clientId } : { client_id: clientId, client_secret: clientSecret },
      text:
        clientSecret === undefined
          ? `Created public client ${clientId}.`
          : `Created client ${clientId}.\nClient secret, shown once, store it now: ${clientSecret}`,
    }
  })
}
