/**
 * @module `provider add` and `provider list`: the external OpenID Connect
 * providers users may link to their accounts and sign in with.
 */
import { addExternalProvider, externalProviders } from '../accounts/account-links.js'
import { cliActor, recordAuditEvent } from '../audit/audit-events.js'
import { type CliIo, type CommandOutput, commandSettings, withDatabase } from './context.js'
import { parseFlags, required } from './flags.js'
import { textTable } from './text-table.js'

export const PROVIDER_USAGE = 'provider add --slug S --name N --issuer URL --client-id ID --client-secret SECRET\n  provider list'

/**
 * Adds a provider; svc's redirect URIs at it are printed, for registering svc there.
 *
 * @example
 * await providerAdd(['--slug', 'partner', '--name', 'Partner ID', '--issuer', 'https://id.partner.example', '--client-id', 'x', '--client-secret', 'y'], io)
 */
export async function providerAdd(args: string[], io: CliIo): Promise<CommandOutput> {
  const { values } = parseFlags(args, {
    slug: { type: 'string' },
    name: { type: 'string' },
    issuer: { type: 'string' },
    'client-id': { type: 'string' },
    'client-secret': { type: 'string' },
  })
  return withDatabase(commandSettings(values, io), async (db) => {
    const provider = await addExternalProvider(db, {
      slug: required(values.slug, '--slug'),
      name: required(values.name, '--name'),
      issuer: required(values.issuer, '--issuer'),
      clientId: required(values['client-id'], '--client-id'),
      clientSecret: required(values['client-secret'], '--client-secret'),
    })
    await recordAuditEvent(db, {
      actor: cliActor(),
      action: 'provider.added',
      target: { kind: 'provider', code: provider.slug, name: provider.name },
      detail: { issuer: provider.issuer, client_id: provider.client_id },
    })
    return {
      json: { slug: provider.slug, issuer: provider.issuer },
      text: `Added ${provider.name}. Register svc at ${provider.issuer} with the redirect URIs {issuer}/console/linked and {issuer}/oidc/external-callback.`,
    }
  })
}

/**
 * Lists the providers (never their secrets).
 *
 * @example
 * await providerList([], io)
 */
export async function providerList(args: string[], io: CliIo): Promise<CommandOutput> {
  const { values } = parseFlags(args, {})
  return withDatabase(commandSettings(values, io), async (db) => {
    const providers = (await externalProviders(db)).map(({ slug, name, issuer, client_id }) => ({ slug, name, issuer, client_id }))
    return {
      json: { providers },
      text:
        providers.length === 0
          ? 'No sign-in providers yet; add one with provider add.'
          : textTable(
              [
                ['SLUG', (provider) => provider.slug],
                ['NAME', (provider) => provider.name],
                ['ISSUER', (provider) => provider.issuer],
              ],
              providers,
            ),
    }
  })
}
