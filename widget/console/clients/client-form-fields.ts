/**
 * @module The fields of a client's registration, shared by registering a
 * client and editing one: each labelled, holding the value given, with
 * its refusal in the form's words beside it.
 */
import { html, nothing, type TemplateResult } from 'lit'
import type { ConsoleClient } from '../../../shared/console-wire.js'
import { field, type FieldAria } from '../console-field.js'
import { CLIENT_NAME_MAX, CLIENT_URI_MAX } from '../../../shared/field-limits.js'
import type { TypedLengths } from '../typed-lengths.js'

/** A field of the registration: its wire name, label, hint and the words its refusals start with. */
interface ClientField {
  name:
    | 'name'
    | 'redirect_uris'
    | 'post_logout_redirect_uris'
    | 'backchannel_logout_uri'
    | 'privacy_policy_url'
    | 'terms_of_service_url'
    | 'logo_uri'
    | 'webhook_url'
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
    hint: `Exact URIs, one a line, each at most ${CLIENT_URI_MAX.toLocaleString('en')} characters.`,
    words: 'Redirect URI',
    apiNames: ['redirect_uri', 'redirect_uris'],
  },
  {
    name: 'post_logout_redirect_uris',
    label: 'Post-logout redirect URIs',
    hint: `Optional; one a line, each at most ${CLIENT_URI_MAX.toLocaleString('en')} characters.`,
    words: 'Post-logout redirect URI',
    apiNames: ['post_logout_redirect_uri', 'post_logout_redirect_uris'],
  },
  {
    name: 'backchannel_logout_uri',
    label: 'Back-channel logout URL',
    hint: 'Optional; when a person signs out of svc, a signed logout token is POSTed here from server to server (OpenID Connect Back-Channel Logout).',
    words: 'The back-channel logout URL',
    apiNames: ['backchannel_logout_uri'],
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
    hint: 'Optional: makes the first webhook endpoint, which receives every event, signed; add more on the client’s page.',
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
  backchannel_logout_uri: CLIENT_URI_MAX,
}

/** The lists of addresses: a textarea each, one address a line, every line checked in the page as it is typed. */
const LISTS: readonly ClientField['name'][] = ['redirect_uris', 'post_logout_redirect_uris']

/**
 * What is wrong with a list of addresses (one a line; the API also takes
 * several on a line separated by spaces) in the console's words: the
 * first address longer than `max`, by its line; nothing when each fits.
 *
 * @example
 * longAddress('https://shop.example/cb\nhttps://shop.example/' + 'a'.repeat(2100), 2048)
 * // 'The address on line 2 has 2,121 characters; an address may have at most 2,048.'
 */
export function longAddress(list: string, max: number): string | undefined {
  const lines = list.split(/\r?\n/)
  for (const [index, line] of lines.entries()) {
    const longest = Math.max(
      0,
      ...line
        .trim()
        .split(/\s+/)
        .map((address) => address.length),
    )
    if (longest > max)
      return `The address on line ${index + 1} has ${longest.toLocaleString('en')} characters; an address may have at most ${max.toLocaleString('en')}.`
  }
  return undefined
}

/**
 * Whether a client's form holds an address too long, which the page says
 * beside its list as it is typed: if so, focus goes to that list (a
 * screen reader then reads the refusal with it) and nothing is to be sent.
 *
 * @example
 * if (heldBackForLongAddress(form)) return
 */
export function heldBackForLongAddress(form: HTMLFormElement): boolean {
  for (const list of form.querySelectorAll<HTMLTextAreaElement>('textarea[data-line-max]'))
    if (longAddress(list.value, Number(list.dataset.lineMax))) {
      list.focus()
      return true
    }
  return false
}

/** The registration's fields as a form holds them: text, lists one a line, the application type chosen. */
export type ClientFormValues = Partial<Record<ClientField['name'] | 'application_type' | 'backchannel_logout_session_required', string>>

/**
 * A client's values as the form shows them.
 *
 * @example
 * clientFormValues(client).redirect_uris // 'https://shop.example/cb\nhttps://shop.example/cb2'
 */
export const clientFormValues = (client: ConsoleClient): ClientFormValues => ({
  name: client.name,
  application_type: client.application_type,
  redirect_uris: client.redirect_uris.join('\n'),
  post_logout_redirect_uris: client.post_logout_redirect_uris.join('\n'),
  privacy_policy_url: client.privacy_policy_url ?? '',
  terms_of_service_url: client.terms_of_service_url ?? '',
  logo_uri: client.logo_uri ?? '',
  backchannel_logout_uri: client.backchannel_logout_uri ?? '',
  backchannel_logout_session_required: client.backchannel_logout_session_required ? 'on' : '',
})

/**
 * The back-channel logout fields of a submitted form, as the console API takes them.
 *
 * @example
 * const registration = { ...backchannelLogoutFields(new FormData(form)), name: form.get('name') }
 */
export const backchannelLogoutFields = (form: FormData) => ({
  backchannel_logout_uri: form.get('backchannel_logout_uri'),
  backchannel_logout_session_required: form.get('backchannel_logout_session_required') === 'on',
})

/**
 * The registration's fields (`webhook`: with the webhook URL, as registering has), holding `values`.
 * `prefix` keeps the ids of two such forms on one page apart. Each field
 * takes no more than the server does; the name counts what it holds
 * against its limit with the page's `lengths` (an address only stops at
 * its limit: no one types 2048 characters), and a list of addresses says,
 * as it is typed, which line holds one too long.
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
    const limit = max !== undefined ? { max, length: lengths.of(id, values[name] ?? '') } : undefined
    if (LISTS.includes(name)) {
      // What is in the field now is checked, over the server's refusal of what was sent before.
      const refusal = longAddress(lengths.text(id, values[name] ?? ''), CLIENT_URI_MAX) ?? errors[name]
      return field({ id, label, hint, error: refusal, say: { apiNames, words } }, (a) => addressList(a, name, values[name] ?? ''))
    }
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
  // After the name: what kind of app it is decides how its redirect URIs match; after the logout URL, what its tokens must name.
  const logout = FIELDS.findIndex((one) => one.name === 'backchannel_logout_uri')
  return [
    fields[0]!,
    applicationTypeField(values, errors, prefix),
    ...fields.slice(1, logout + 1),
    sessionRequiredField(values, errors, prefix),
    ...fields.slice(logout + 1),
  ]
}

function sessionRequiredField(values: ClientFormValues, errors: Record<string, string>, prefix: string): TemplateResult {
  return field(
    {
      id: `${prefix}backchannel_logout_session_required`,
      label: 'Logout tokens must name the session (sid)',
      hint: 'svc always names it; ticking this records that the app relies on it.',
      error: errors.backchannel_logout_session_required,
      check: true,
    },
    (a) =>
      html`<input
        type="checkbox"
        id=${a.id}
        name="backchannel_logout_session_required"
        .checked=${values.backchannel_logout_session_required === 'on'}
        aria-invalid=${a.invalid}
        aria-describedby=${a.describedBy}
      />`,
  )
}

/** A list of addresses, one a line; `data-line-max` has the page follow and check what is typed. */
function addressList(a: FieldAria, name: string, value: string): TemplateResult {
  return html`<textarea
    id=${a.id}
    name=${name}
    rows="3"
    dir="auto"
    data-line-max=${CLIENT_URI_MAX}
    .value=${value}
    aria-invalid=${a.invalid}
    aria-describedby=${a.describedBy}
  ></textarea>`
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
