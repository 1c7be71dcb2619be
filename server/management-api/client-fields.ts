/**
 * @module A client's fields in the management API: the schema of a
 * client as it answers, of a new one (the fields of `svc-bff client
 * create` and the console's client form) and of a change, and the
 * console's own form rules (`console/client-form.ts`) applied to what
 * these schemas admit, their refusals as problem-details fields, so the
 * API, the CLI and the console refuse the same clients in the same words.
 */
import { z } from '@hono/zod-openapi'
import { SCOPES } from '../clients/clients.js'
import { isPublicClient, postLogoutRedirectUrisOf, redirectUrisOf, scopesOf } from '../clients/client-row.js'
import { APPLICATION_TYPES } from '../clients/registration-rules.js'
import { type ClientForm, readClientForm } from '../console/client-form.js'
import type { ClientRow } from '../db/schema.js'
import { unknownField } from './field-rules.js'
import { InvalidFields } from './problem-details.js'

export const ManagedClientSchema = z
  .object({
    client_id: z.string().openapi({ example: 'cli_4fG…', description: "The client's identifier, in sign-in requests and in every svc API." }),
    organisation: z.string().nullable().openapi({ description: "The organisation's code; null for a client an operator or the CLI registered." }),
    name: z.string(),
    public: z.boolean().openapi({ description: 'A public client (PKCE, no secret); fixed when registered.' }),
    application_type: z.enum(APPLICATION_TYPES as ['web', 'native']),
    redirect_uris: z.array(z.string()),
    post_logout_redirect_uris: z.array(z.string()),
    scopes: z.array(z.string()).openapi({ description: 'What it may ask for; an operator grants more (`client create --scopes`).' }),
    privacy_policy_url: z.string().nullable(),
    terms_of_service_url: z.string().nullable(),
    logo_uri: z.string().nullable(),
    backchannel_logout_uri: z
      .string()
      .nullable()
      .openapi({ description: 'Where svc POSTs a logout token when a session that signed in to the client ends (OpenID Connect Back-Channel Logout 1.0).' }),
    backchannel_logout_session_required: z.boolean().openapi({ description: 'The client asked for `sid` in logout tokens; svc always sends it.' }),
    created_at: z.string(),
  })
  .openapi('Client')

export type ManagedClient = z.infer<typeof ManagedClientSchema>

const text = (field: string) => z.string({ error: `${field} must be a string` }).max(2000, `${field} must be at most 2000 characters`)
const optionalLink = (field: string, description: string) =>
  text(field).nullable().optional().openapi({ description: `${description} Shown on the consent page; an https URL.` })
const uriList = (field: string) =>
  z.array(text(field), { error: `${field} must be a list of URIs` }).max(50, `${field} must list at most 50 URIs`)

const registrationFields = {
  name: text('name').openapi({ example: 'Shop', description: 'Shown to people on the consent page.' }),
  application_type: z
    .enum(APPLICATION_TYPES as ['web', 'native'], { error: 'application_type must be web or native' })
    .openapi({ description: '`native`: its loopback redirect URIs take any port (RFC 8252).' }),
  redirect_uris: uriList('redirect_uris').openapi({ example: ['https://shop.example/callback'] }),
  post_logout_redirect_uris: uriList('post_logout_redirect_uris'),
  privacy_policy_url: optionalLink('privacy_policy_url', 'Its privacy policy.'),
  terms_of_service_url: optionalLink('terms_of_service_url', 'Its terms of service.'),
  logo_uri: optionalLink('logo_uri', 'Its logo.'),
  backchannel_logout_uri: text('backchannel_logout_uri').nullable().optional().openapi({
    description:
      'Where svc POSTs a logout token (`logout_token=…`) when a session that signed in to the client ends: https, or http on loopback for development; no fragment. Left out of a change: unchanged; null or empty: removed.',
  }),
  backchannel_logout_session_required: z
    .boolean({ error: 'backchannel_logout_session_required must be true or false' })
    .optional()
    .openapi({ description: 'Records that the client needs `sid` in logout tokens; svc always sends it.' }),
}

export const NewClientSchema = z
  .strictObject(
    {
      organisation: z
        .string({ error: 'organisation must be a string' })
        .max(40)
        .optional()
        .openapi({ description: "Only an operator-wide token names it; left out there, the client belongs to no organisation." }),
      ...registrationFields,
      application_type: registrationFields.application_type.optional().openapi({ description: '`web` when left out.' }),
      post_logout_redirect_uris: registrationFields.post_logout_redirect_uris.optional(),
      public: z.boolean({ error: 'public must be true or false' }).optional().openapi({ description: 'true: a public client with no secret.' }),
      scopes: z
        .array(z.enum(SCOPES, { error: `scopes are ${SCOPES.join(', ')}` }), { error: 'scopes must be a list' })
        .optional()
        .openapi({ description: 'Only an operator-wide token grants them; `openid profile email` when left out.' }),
      webhook_url: text('webhook_url')
        .nullable()
        .optional()
        .openapi({ description: 'Makes its webhook endpoint at once (see /api/v1/webhook-endpoints); the signing secret is in the answer.' }),
    },
    { error: unknownField },
  )
  .openapi('NewClient', { description: 'The fields of `svc-bff client create` and the console\'s client form.' })

export const ClientChangesSchema = z
  .strictObject(
    {
      name: registrationFields.name.optional(),
      application_type: registrationFields.application_type.optional(),
      redirect_uris: registrationFields.redirect_uris.optional(),
      post_logout_redirect_uris: registrationFields.post_logout_redirect_uris.optional(),
      privacy_policy_url: registrationFields.privacy_policy_url,
      terms_of_service_url: registrationFields.terms_of_service_url,
      logo_uri: registrationFields.logo_uri,
      backchannel_logout_uri: registrationFields.backchannel_logout_uri,
      backchannel_logout_session_required: registrationFields.backchannel_logout_session_required,
      // What GET answers and a change cannot alter, taken back unchanged so a client read can be sent back whole.
      client_id: z.string().optional(),
      organisation: z.string().nullable().optional(),
      public: z.boolean().optional(),
      scopes: z.array(z.string()).optional(),
      created_at: z.string().optional(),
    },
    { error: unknownField },
  )
  .openapi('ClientChanges', {
    description:
      'Any of the registration fields; the others stay. `client_id`, `organisation`, `public`, `scopes` and `created_at` may be sent back as read, unchanged.',
  })

/**
 * A stored client as the management API gives it: never its secret.
 *
 * @example
 * managedClient(row, 'ORG0123456789').client_id // 'cli_…'
 */
export function managedClient(client: ClientRow, organisation: string | null): ManagedClient {
  return {
    client_id: client.client_id,
    organisation,
    name: client.name,
    public: isPublicClient(client),
    application_type: client.application_type,
    redirect_uris: redirectUrisOf(client),
    post_logout_redirect_uris: postLogoutRedirectUrisOf(client),
    scopes: scopesOf(client),
    privacy_policy_url: client.privacy_policy_url,
    terms_of_service_url: client.terms_of_service_url,
    logo_uri: client.logo_uri,
    backchannel_logout_uri: client.backchannel_logout_uri,
    backchannel_logout_session_required: client.backchannel_logout_session_required === 1,
    created_at: client.created_at,
  }
}

/**
 * The console form's reading of `input`, or its refusals as a 422 naming each field.
 *
 * @example
 * const form = await checkedClientForm(body, { allowPrivate: false, productName: 'svc' })
 */
export async function checkedClientForm(
  input: Record<string, unknown>,
  options: { allowPrivate: boolean; productName: string },
): Promise<ClientForm> {
  const read = await readClientForm(input, options)
  if ('form' in read) return read.form
  throw new InvalidFields(
    422,
    read.message,
    Object.entries(read.errors).map(([field, detail]) => ({ pointer: `#/${field}`, detail })),
  )
}
