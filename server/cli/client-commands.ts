/**
 * @module `client create`: an application that signs users in through svc.
 * The CLI is the operator's, so it alone grants scopes beyond the default
 * `openid profile email` (`--scopes`).
 */
import { clientByClientId } from '../clients/clients.js'
import { createClientWithEndpoint } from '../webhooks/client-with-endpoint.js'
import { cliActor, recordAuditEvent } from '../audit/audit-events.js'
import { clientDetail, clientTarget } from '../audit/audit-targets.js'
import { publicWebhookTarget } from '../webhooks/save-target.js'
import { InvalidInput } from '../invalid-input.js'
import { type CliIo, type CommandOutput, commandSettings, withDatabase } from './context.js'
import { list, parseFlags, required } from './flags.js'

export const CLIENT_USAGE =
  'client create --name N --redirect-uri URI... [--post-logout-redirect-uri URI]... [--public] [--native] [--scopes openid,profile,email,offline_access,svc.access] [--webhook-url URL] [--backchannel-logout-uri URL [--backchannel-logout-session-required]] [--privacy-policy-url URL] [--terms-of-service-url URL] [--logo-uri URL]'

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
    native: { type: 'boolean' },
    scopes: { type: 'string' },
    'webhook-url': { type: 'string' },
    'backchannel-logout-uri': { type: 'string' },
    'backchannel-logout-session-required': { type: 'boolean' },
    'privacy-policy-url': { type: 'string' },
    'terms-of-service-url': { type: 'string' },
    'logo-uri': { type: 'string' },
  })
  // Only the name: a bad logo or colour setting is serve's to refuse, not a registration's.
  const settings = commandSettings(values, io, ['brandName'])
  const input = {
    name: required(values.name, '--name'),
    redirectUris: values['redirect-uri'] ?? [],
    postLogoutRedirectUris: values['post-logout-redirect-uri'],
    public: values.public,
    applicationType: values.native ? ('native' as const) : ('web' as const),
    scopes: list(values.scopes),
    webhookUrl: values['webhook-url'],
    backchannelLogoutUri: values['backchannel-logout-uri'],
    backchannelLogoutSessionRequired: values['backchannel-logout-session-required'],
    privacyPolicyUrl: values['privacy-policy-url'],
    termsOfServiceUrl: values['terms-of-service-url'],
    logoUri: values['logo-uri'],
    productName: settings.brandName,
  }
  return withDatabase(settings, async (db) => {
    await warnOfPrivateWebhookTarget(input.webhookUrl, io)
    // Logout tokens go through the same sender, so the same warning.
    await warnOfPrivateWebhookTarget(input.backchannelLogoutUri, io, '--backchannel-logout-uri')
    const { clientId, clientSecret, webhookSecret } = await db.transaction().execute(async (trx) => {
      const created = await createClientWithEndpoint(trx, input)
      const client = (await clientByClientId(trx, created.clientId))!
      await recordAuditEvent(trx, {
        actor: cliActor(),
        action: 'client.created',
        target: clientTarget(client),
        detail: clientDetail(client),
      })
      if (created.webhookEndpointId !== undefined)
        await recordAuditEvent(trx, {
          actor: cliActor(),
          action: 'webhook.endpoint_added',
          target: clientTarget(client),
          detail: { endpoint: created.webhookEndpointId, url: input.webhookUrl, events: ['*'] },
        })
      return created
    })
    const json: Record<string, string> = { client_id: clientId, application_type: input.applicationType }
    if (clientSecret !== undefined) json.client_secret = clientSecret
    if (webhookSecret !== undefined) json.webhook_secret = webhookSecret
    const lines = [
      clientSecret === undefined
        ? `Created public ${input.applicationType} client ${clientId}.`
        : `Created ${input.applicationType} client ${clientId}.\nClient secret, shown once, store it now: ${clientSecret}`,
    ]
    if (webhookSecret !== undefined) lines.push(`Webhook signing secret, shown once, store it now: ${webhookSecret}`)
    return { json, text: lines.join('\n') }
  })
}

/**
 * The CLI's environment is seldom the server's, so a webhook URL the server
 * would refuse to send to (a private or loopback address) is a warning
 * here, naming the setting that allows it, not a refusal.
 */
async function warnOfPrivateWebhookTarget(url: string | undefined, io: CliIo, flag = '--webhook-url'): Promise<void> {
  if (url === undefined || !URL.canParse(url)) return
  try {
    await publicWebhookTarget(flag, url, { allowPrivate: false })
  } catch (error) {
    if (error instanceof InvalidInput) io.stderr(`svc-bff: warning: ${error.message}`)
  }
}
