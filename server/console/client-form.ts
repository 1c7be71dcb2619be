/**
 * @module Reads the developer portal's client form (registering a client
 * and editing one) with every rule of registration, collecting every
 * refusal at once, by the form's field, so a developer fixes them all in
 * one go rather than one per save; and saves an edited form, with its
 * audit record, as the portal and the management API both do. The
 * back-channel logout fields change only when the form names them, so a
 * caller that knows nothing of them (an older script) leaves them as they are.
 */
import type { Kysely } from 'kysely'
import type { AuditActor } from '../audit/audit-actions.js'
import { changedFields, recordAuditEvent } from '../audit/audit-events.js'
import { clientDetail, clientTarget } from '../audit/audit-targets.js'
import { changeClientRegistration, clientByClientId } from '../clients/clients.js'
import { applicationType, clientName, redirectUriList, registeredUris } from '../clients/registration-rules.js'
import type { ApplicationType, ClientRow, Database } from '../db/schema.js'
import { webUrl } from '../clients/web-url.js'
import { backchannelLogoutUri } from '../clients/backchannel-logout-uri.js'
import { publicWebhookTarget } from '../webhooks/save-target.js'
import { flag, optionalText, stringList } from './console-input.js'
import { fieldRefusals } from './field-refusals.js'

/** A client's fields as the form gives them, each checked. */
export interface ClientForm {
  name: string
  public: boolean
  applicationType: ApplicationType
  redirectUris: string[]
  postLogoutRedirectUris: string[]
  privacyPolicyUrl: string | undefined
  termsOfServiceUrl: string | undefined
  logoUri: string | undefined
  webhookUrl: string | undefined
  /** Where logout tokens go; `null` removes it, `undefined` (not in the form) leaves it as it is. */
  backchannelLogoutUri: string | null | undefined
  /** `undefined` when not in the form: unchanged. */
  backchannelLogoutSessionRequired: boolean | undefined
}

/** The form's refusals, by field (`redirect_uris`, `webhook_url`, …); empty when none. */
export type ClientFormErrors = Record<string, string>

/**
 * The checked form, or every field's refusal. `allowPrivate` lets the
 * webhook URL reach private addresses (`SVC_WEBHOOK_ALLOW_PRIVATE=1`);
 * `productName` is the deployment's brand, reserved like svc's name.
 *
 * @example
 * const read = await readClientForm(await jsonObject(c) ?? {}, { allowPrivate: false })
 * if ('errors' in read) return consoleError(c, 422, read.message, { errors: read.errors })
 */
export async function readClientForm(
  input: Record<string, unknown>,
  { allowPrivate, productName = 'svc' }: { allowPrivate: boolean; productName?: string },
): Promise<{ form: ClientForm } | { errors: ClientFormErrors; message: string }> {
  const refusals = fieldRefusals()
  const { checked } = refusals
  const link = (field: string) =>
    checked(field, () => {
      const value = optionalText(input, field)
      return value === undefined ? undefined : webUrl(field, value)
    })
  const form = {
    name: checked('name', () => clientName(optionalText(input, 'name') ?? '', { productName })),
    public: checked('public', () => flag(input, 'public')),
    applicationType: checked('application_type', () => applicationType(optionalText(input, 'application_type'))),
    redirectUris: checked('redirect_uris', () => redirectUriList(stringList(input, 'redirect_uris'))),
    postLogoutRedirectUris: checked('post_logout_redirect_uris', () =>
      registeredUris('post_logout_redirect_uri', stringList(input, 'post_logout_redirect_uris'), undefined),
    ),
    privacyPolicyUrl: link('privacy_policy_url'),
    termsOfServiceUrl: link('terms_of_service_url'),
    logoUri: link('logo_uri'),
    webhookUrl: link('webhook_url'),
    backchannelLogoutUri: checked('backchannel_logout_uri', () => {
      if (!('backchannel_logout_uri' in input)) return undefined
      const value = optionalText(input, 'backchannel_logout_uri')
      return value === undefined ? null : backchannelLogoutUri('backchannel_logout_uri', value)
    }),
    backchannelLogoutSessionRequired: checked('backchannel_logout_session_required', () =>
      'backchannel_logout_session_required' in input ? flag(input, 'backchannel_logout_session_required') : undefined,
    ),
  }
  const { webhookUrl, backchannelLogoutUri: logoutUri } = form
  if (webhookUrl !== undefined)
    await refusals.checkedAsync('webhook_url', () => publicWebhookTarget('webhook_url', webhookUrl, { allowPrivate }))
  // Logout tokens leave through the webhook sender, which would refuse the same addresses.
  if (typeof logoutUri === 'string')
    await refusals.checkedAsync('backchannel_logout_uri', () => publicWebhookTarget('backchannel_logout_uri', logoutUri, { allowPrivate }))
  if (Object.keys(refusals.errors).length > 0) return { errors: refusals.errors, message: refusals.message('the client') }
  return { form: form as ClientForm }
}

/**
 * Saves an edited client's registration from its checked form and, when
 * anything changed, records `client.updated` with the fields before and
 * after; returns the client as now stored.
 *
 * @example
 * const changed = await saveClientForm(db, client, form, { actor })
 */
export async function saveClientForm(
  db: Kysely<Database>,
  client: ClientRow,
  form: ClientForm,
  audit: { actor: AuditActor; organisation?: string | null | undefined; now?: Date | undefined },
): Promise<ClientRow> {
  await changeClientRegistration(db, client.id, {
    name: form.name,
    applicationType: form.applicationType,
    redirectUris: form.redirectUris,
    postLogoutRedirectUris: form.postLogoutRedirectUris,
    privacyPolicyUrl: form.privacyPolicyUrl ?? null,
    termsOfServiceUrl: form.termsOfServiceUrl ?? null,
    logoUri: form.logoUri ?? null,
    ...(form.backchannelLogoutUri === undefined ? {} : { backchannelLogoutUri: form.backchannelLogoutUri }),
    ...(form.backchannelLogoutSessionRequired === undefined ? {} : { backchannelLogoutSessionRequired: form.backchannelLogoutSessionRequired }),
  })
  const changed = (await clientByClientId(db, client.client_id))!
  const detail = changedFields(clientDetail(client), clientDetail(changed))
  if (Object.keys(detail.after).length > 0)
    await recordAuditEvent(
      db,
      { actor: audit.actor, action: 'client.updated', target: clientTarget(changed), organisation: audit.organisation, detail },
      audit.now,
    )
  return changed
}
