/**
 * @module `<svc-console-keys>`: an organisation's API keys, for its admin:
 * create one (shown once, with its allowed origins and rate limit) and
 * revoke one. An operator's choice of organisation is kept in the address
 * (`?organisation=CODE`), so a reload or Back keeps it; choosing another
 * aborts the list still loading for the one before.
 */
import { html, LitElement, nothing, type PropertyValues, type TemplateResult } from 'lit'
import type { ConsoleApiKey, ConsoleApiKeyCreated, ConsoleApiKeyInput, ConsoleApiKeyList } from '../../../shared/console-wire.js'
import { consoleApi, type ConsoleMe } from '../console-api.js'
import { ConsoleDataController } from '../console-data-controller.js'
import { field, fieldsSummary } from '../console-field.js'
import { consoleStyles } from '../console-styles.js'
import { hasOrganisation, noOrganisationYet, organisationPicker, organisationToShow } from '../organisation-choice.js'
import { shownOnce } from '../shown-once.js'
import '../svc-copy-button.js'
import { readableTime } from '../../../shared/local-date-time.js'
import { API_KEY_ORIGINS_MAX, API_KEY_RATE_LIMIT } from '../../../shared/field-limits.js'
import { TypedLengths } from '../typed-lengths.js'

const { min: FEWEST, max: MOST, default: DEFAULT_RATE } = API_KEY_RATE_LIMIT
/** The rate limit's refusal in the page, in the console's words (the server refuses in a script's). */
const RATE_WORDS = `Requests a minute must be a whole number from ${FEWEST.toLocaleString('en')} to ${MOST.toLocaleString('en')}.`

/**
 * The API keys page.
 *
 * @summary `<svc-console-keys .me=${me}>`
 */
export class SvcConsoleKeys extends LitElement {
  static override styles = consoleStyles
  static override properties = { me: { attribute: false }, created: { state: true } }
  declare me: ConsoleMe
  declare created: string
  private organisation = ''
  /** The organisation's origins, which the new key's form starts with. */
  private defaultOrigins: string[] = []
  private readonly lengths = new TypedLengths(this)
  private readonly keys = new ConsoleDataController(this, async (signal) => {
    const list = await consoleApi<ConsoleApiKeyList>('GET', `/keys?organisation=${encodeURIComponent(this.organisation)}`, { signal })
    this.defaultOrigins = list.default_origins ?? []
    return list.keys
  })

  constructor() {
    super()
    this.created = ''
  }

  /**
   * Who is signed in is read again after an organisation is created, and
   * "Create its first API key" can be followed before that answer is in:
   * the organisation in the address is chosen again from each new `me`, so
   * the page lists its keys once the console knows it.
   */
  override willUpdate(changed: PropertyValues<this>): void {
    if (!changed.has('me') || !this.me) return
    const organisation = organisationToShow(this.me, new URLSearchParams(location.search))
    if (organisation === this.organisation && changed.get('me') !== undefined) return
    this.organisation = organisation
    // With no organisation there are no keys to list: the page says so instead.
    if (hasOrganisation(this.me)) void this.keys.load()
  }

  private create(event: Event): void {
    event.preventDefault()
    // The event's target is gone once it has been dispatched.
    const element = event.target as HTMLFormElement
    const form = new FormData(element)
    // Checked here, so a limit out of range says so in the console's words before anything is sent.
    const rate = element.elements.namedItem('rate_limit') as HTMLInputElement
    if (!rate.validity.valid) {
      this.created = ''
      this.keys.notice = ''
      this.keys.errors = { rate_limit: RATE_WORDS }
      this.requestUpdate()
      return
    }
    const input: ConsoleApiKeyInput = {
      organisation: this.organisation,
      origins: String(form.get('origins') ?? ''),
      // As a number's digits: the field also takes "1e3", which the API does not.
      rate_limit: rate.value === '' ? '' : String(rate.valueAsNumber),
    }
    // A key shown before goes when the next action starts, whatever it answers.
    this.created = ''
    void this.keys.act(async (signal) => {
      this.created = (await consoleApi<ConsoleApiKeyCreated>('POST', '/keys', { body: input, signal })).api_key
      element.reset()
    })
  }

  private revoke(key: ConsoleApiKey): void {
    if (!confirm(`Revoke the key ${key.key_prefix}…? Sites using it stop getting ads at once.`)) return
    this.created = ''
    void this.keys.act(async (signal) => {
      await consoleApi('DELETE', `/keys/${key.id}`, { signal })
      return `Key ${key.key_prefix}… revoked.`
    })
  }

  private chooseOrganisation(event: Event): void {
    this.organisation = (event.target as HTMLSelectElement).value
    const url = new URL(location.href)
    url.searchParams.set('organisation', this.organisation)
    history.replaceState(history.state, '', url)
    // What was shown or refused for the organisation before is not this one's.
    this.created = ''
    this.keys.errors = {}
    this.keys.notice = ''
    // A newer organisation's list replaces the one still loading.
    void this.keys.load({ fresh: true })
  }

  override render(): TemplateResult {
    if (!hasOrganisation(this.me))
      return html`<h1>API keys</h1>
        ${noOrganisationYet(this.me)}`
    const { errors } = this.keys
    const shown = this.me.organisations.find((org) => org.code === this.organisation)
    return html`
      <h1>API keys</h1>
      ${
        this.me.roles.operator && !this.me.roles.organisation
          ? html`<div class="organisation-picker">${organisationPicker(this.me, this.organisation, this.chooseOrganisation)}</div>`
          : nothing
      }
      ${
        // The code is what `svc-bff key create --org` and the management API ask for; the docs send people here for it.
        shown
          ? html`<p class="organisation-shown">
              Keys of <strong dir="auto">${shown.name}</strong>, organisation code <code>${shown.code}</code>
              <svc-copy-button .value=${shown.code} label="Copy the code"></svc-copy-button>
            </p>`
          : nothing
      }
      ${shownOnce(this.created ? { 'New API key': this.created } : {})} ${this.keys.status()} ${this.keys.alert(fieldsSummary(errors))}
      <form @submit=${this.create} novalidate aria-label="New API key" class="panel new-key">
        ${field(
          {
            id: 'origins',
            label: 'Allowed origins',
            hint: 'Separated by spaces; empty means any origin.',
            error: errors.origins,
            say: { apiNames: ['origin', 'origins'], words: 'Origin' },
            limit: { max: API_KEY_ORIGINS_MAX, length: this.lengths.of('origins', this.defaultOrigins.join(' ')) },
          },
          (a) =>
            html`<input
              id=${a.id}
              name="origins"
              value=${this.defaultOrigins.join(' ')}
              maxlength=${API_KEY_ORIGINS_MAX}
              dir="auto"
              placeholder="https://www.example.com https://shop.example.com"
              aria-invalid=${a.invalid}
              aria-describedby=${a.describedBy}
            />`,
        )}
        ${field(
          {
            id: 'rate_limit',
            label: 'Requests a minute',
            hint: `Empty: ${DEFAULT_RATE} a minute, the default. A whole number from ${FEWEST} to ${MOST.toLocaleString('en')}.`,
            error: errors.rate_limit,
            say: { apiNames: ['rate limit', 'rate_limit'], words: 'Requests a minute' },
          },
          (a) =>
            html`<input
              id=${a.id}
              name="rate_limit"
              type="number"
              min=${FEWEST}
              max=${MOST}
              step="1"
              placeholder=${DEFAULT_RATE}
              aria-invalid=${a.invalid}
              aria-describedby=${a.describedBy}
            />`,
        )}
        <button type="submit" class="primary">Create key</button>
      </form>
      ${this.keys.view(
        'Loading keys…',
        (keys) =>
          html`<table class="stacked">
            <thead>
              <tr>
                <th scope="col">Key</th>
                <th scope="col">Allowed origins</th>
                <th scope="col">Per minute</th>
                <th scope="col">Created</th>
                <th scope="col">State</th>
              </tr>
            </thead>
            <tbody>
              ${keys.map(
                (key) =>
                  html`<tr>
                    <td data-label="Key"><code>${key.key_prefix}…</code></td>
                    <td data-label="Allowed origins" dir="auto">${key.origins.length ? key.origins.join(', ') : 'any'}</td>
                    <td data-label="Per minute">${key.rate_limit}</td>
                    <td data-label="Created">${readableTime(key.created_at)}</td>
                    <td data-label="State">
                      ${
                        key.revoked_at
                          ? 'Revoked'
                          : html`Active
                              <button type="button" class="danger" aria-label="Revoke ${key.key_prefix}" @click=${() => this.revoke(key)}>
                                Revoke
                              </button>`
                      }
                    </td>
                  </tr>`,
              )}
            </tbody>
          </table>`,
        { alerted: true },
      )}
    `
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-console-keys': SvcConsoleKeys
  }
}

if (!customElements.get('svc-console-keys')) customElements.define('svc-console-keys', SvcConsoleKeys)
