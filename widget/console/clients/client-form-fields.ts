/**
 * @module The fields of a client's registration, shared by registering a
 * client and editing one: each labelled, holding the value given, with
 * its refusal in the form's words beside it.
 */
import { html, nothing, type TemplateResult } from 'lit'
import type { ConsoleClient } from '../../../shared/console-wire.js'
import { field } from '../console-field.js'
import { CLIENT_NAME_MAX, CLIENT_URI_MAX } from '../../../shared/field-limits.js'
import type { TypedLengths } from '../typed-lengths.js'

/** A field of the registration: its wire name, label, hint and the words its refusals start with. */
interface ClientField {
  name: 'name' | 'redirect_uris' | 'post_logout_redirect_uris' | 'privacy_policy_url' | 'terms_of_service_url' | 'logo_uri' | 'webhook_url'
  label: string
  hint: string
  words: string
  apiNames: string[]
}

const FIELDS: ClientField[] = [
  { name: 'name', label: 'Name', hint: 'Shown to people on the consent page.', words: 'The name', apiNames: ['name'] },
  {
    name: 'redirect_uris',
    label: 'Redirect URIs',
    hint: 'Exact URIs, separated by spaces.',
    words: 'Redirect URI',
    apiNames: ['redirect_uri', 'redirect_uris'],
  },
  {
    name: 'post_logout_redirect_uris',
    label: 'Post-logout redirect URIs',
    hint: 'Optional, separated by spaces.',
    words: 'Post-logout redirect URI',
    apiNames: ['post_logout_redirect_uri', 'post_logout_redirect_uris'],
  },
  {
    name: 'privacy_policy_url',
    label: 'Privacy policy URL',
    hint: 'Optional; shown in the FedCM dialog.',
    words: 'The privacy policy URL',
    apiNames: ['privacy_policy_url'],
  },
  {
    name: 'terms_of_service_url',
    label: 'Terms of service URL',
    hint: 'Optional.',
    words: 'The terms of service URL',
    apiNames: ['terms_of_service_url'],
  },
  {
    name: 'logo_uri',
    label: 'Logo URL',
    hint: 'Optional; a square image shown on the consent page.',
    words: 'The logo URL',
    apiNames: ['logo_uri'],
  },
  {
    name: 'webhook_url',
    label: 'Webhook URL',
    hint: 'Optional; account events are POSTed here, signed.',
    words: 'The webhook URL',
    apiNames: ['webhook_url'],
  },
]

/** The longest each one-line field may be, as the server's rules say; the lists are limited address by address. */
const MAX: Partial<Record<ClientField['name'], number>> = {
  name: CLIENT_NAME_MAX,
  privacy_policy_url: CLIENT_URI_MAX,
  terms_of_service_url: CLIENT_URI_MAX,
  logo_uri: CLIENT_URI_MAX,
  webhook_url: CLIENT_URI_MAX,
}

/** The registration's fields as a form holds them: text, lists separated by spaces, the application type chosen. */
export type ClientFormValues = Partial<Record<ClientField['name'] | 'application_type', string>>

/**
 * A client's values as the form shows them.
 *
 * @example
 * clientFormValues(client).redirect_uris // 'https://shop.example/cb https://shop.example/cb2'
 */
export const clientFormValues = (client: ConsoleClient): ClientFormValues => ({
  name: client.name,
  application_type: client.application_type,
  redirect_uris: client.redirect_uris.join(' '),
  post_logout_redirect_uris: client.post_logout_redirect_uris.join(' '),
  privacy_policy_url: client.privacy_policy_url ?? '',
  terms_of_service_url: client.terms_of_service_url ?? '',
  logo_uri: client.logo_uri ?? '',
})

/**
 * The registration's fields (`webhook`: with the webhook URL, as registering has), holding `values`.
 * `prefix` keeps the ids of two such forms on one page apart. Each field
 * takes no more than the server does; the name counts what it holds
 * against its limit with the page's `lengths` (an address only stops at
 * its limit: no one types 2048 characters).
 *
 * @example
 * clientFormFields({ values: clientFormValues(client), errors, webhook: false, prefix: 'edit-', lengths: this.lengths })
 */
export function clientFormFields({
  values = {},
  errors,
  webhook,
  prefix = '',
  lengths,
}: {
  values?: ClientFormValues
  errors: Record<string, string>
  webhook: boolean
  prefix?: string
  lengths: TypedLengths
}): TemplateResult[] {
  const fields = FIELDS.filter((one) => webhook || one.name !== 'webhook_url').map(({ name, label, hint, words, apiNames }) => {
    const id = `${prefix}${name}`
    const max = MAX[name]
    const limit = name === 'name' && max !== undefined ? { max, length: lengths.of(id, values[name] ?? '') } : undefined
    return field(
      { id, label, hint, error: errors[name], say: { apiNames, words }, ...(limit ? { limit } : {}) },
      (a) =>
        html`<input
          id=${a.id}
          name=${name}
          dir="auto"
          maxlength=${max ?? nothing}
          .value=${values[name] ?? ''}
          aria-invalid=${a.invalid}
          aria-describedby=${a.describedBy}
        />`,
    )
  })
  // After the name: what kind of app it is decides how its redirect URIs match.
  return [fields[0]!, applicationTypeField(values, errors, prefix), ...fields.slice(1)]
}

function applicationTypeField(values: ClientFormValues, errors: Record<string, string>, prefix: string): TemplateResult {
  const type = values.application_type ?? 'web'
  return field(
    {
      id: `${prefix}application_type`,
      label: 'Application type',
      hint: 'Native: an app on a device; its http://127.0.0.1 and http://[::1] redirect URIs take any port (RFC 8252).',
      error: errors.application_type,
      say: { apiNames: ['application_type'], words: 'The application type' },
    },
    (a) =>
      html`<select id=${a.id} name="application_type" aria-invalid=${a.invalid} aria-describedby=${a.describedBy}>
        <option value="web" ?selected=${type === 'web'}>Web (a site or a browser app)</option>
        <option value="native" ?selected=${type === 'native'}>Native (a desktop or mobile app)</option>
      </select>`,
  )
}
