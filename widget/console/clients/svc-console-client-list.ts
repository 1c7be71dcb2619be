/**
 * @module `<svc-console-client-list>`: the developer portal's front page,
 * the developer's clients (an operator's: every client but svc's own) and
 * a form to register one, whose secrets are shown this once.
 */
import { html, LitElement, nothing, type TemplateResult } from 'lit'
import type { ConsoleClientList, ConsoleClientRegistered, ConsoleClientRegistration } from '../../../shared/console-wire.js'
import { consoleApi } from '../console-api.js'
import { ConsoleDataController } from '../console-data-controller.js'
import { backchannelLogoutFields, clientFormFields, heldBackForLongAddress } from './client-form-fields.js'
import { field, fieldsSummary } from '../console-field.js'
import { consoleStyles } from '../console-styles.js'
import { shownOnce } from '../shown-once.js'
import { TypedLengths } from '../typed-lengths.js'
import { counted } from '../console-words.js'

/**
 * The list of clients, and registering one.
 *
 * @summary `<svc-console-client-list>`
 */
export class SvcConsoleClientList extends LitElement {
  static override styles = consoleStyles
  static override properties = { secrets: { state: true } }
  declare secrets: Record<string, string>
  private readonly lengths = new TypedLengths(this)
  private readonly clients = new ConsoleDataController(
    this,
    async (signal) => (await consoleApi<ConsoleClientList>('GET', '/clients', { signal })).clients,
  )

  constructor() {
    super()
    this.secrets = {}
  }

  override connectedCallback(): void {
    super.connectedCallback()
    void this.clients.load()
  }

  private register(event: Event): Promise<boolean> {
    event.preventDefault()
    // The event's target is gone once it has been dispatched.
    const element = event.target as HTMLFormElement
    if (heldBackForLongAddress(element)) return Promise.resolve(false)
    const form = new FormData(element)
    const registration: ConsoleClientRegistration = {
      name: form.get('name'),
      application_type: form.get('application_type'),
      public: form.get('public') === 'on',
      redirect_uris: form.get('redirect_uris'),
      post_logout_redirect_uris: form.get('post_logout_redirect_uris'),
      privacy_policy_url: form.get('privacy_policy_url'),
      terms_of_service_url: form.get('terms_of_service_url'),
      logo_uri: form.get('logo_uri'),
      webhook_url: form.get('webhook_url'),
      ...backchannelLogoutFields(form),
    }
    // A new registration's secrets replace any shown before; a refusal leaves nothing stale on screen.
    this.secrets = {}
    return this.clients.act(async (signal) => {
      const made = await consoleApi<ConsoleClientRegistered>('POST', '/clients', { body: registration, signal })
      this.secrets = {
        'Client id': made.client.client_id,
        ...(made.client_secret ? { 'Client secret': made.client_secret } : {}),
        ...(made.webhook_secret ? { 'Webhook secret': made.webhook_secret } : {}),
      }
      element.reset()
    })
  }

  override render(): TemplateResult {
    const clients = this.clients.data
    return html`
      <h1>Developers › Clients</h1>
      ${shownOnce(this.secrets)} ${this.clients.alert(fieldsSummary(this.clients.errors))}
      ${
        clients === undefined
          ? this.clients.view('Loading clients…', () => nothing, { alerted: true })
          : clients.length === 0
            ? html`<p>No clients yet.</p>`
            : html`<table class="stacked">
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Client id</th>
                    <th scope="col">Type</th>
                    <th scope="col">Webhooks</th>
                  </tr>
                </thead>
                <tbody>
                  ${clients.map(
                    (client) =>
                      html`<tr>
                        <td data-label="Name"><a href="/console/clients/${client.client_id}" dir="auto">${client.name}</a></td>
                        <td data-label="Client id"><code>${client.client_id}</code></td>
                        <td data-label="Type">${client.public ? 'Public (PKCE)' : 'Confidential'}</td>
                        <td data-label="Webhooks">
                          ${client.webhook_endpoints.total === 0
                            ? 'none'
                            : `${counted(client.webhook_endpoints.total, 'endpoint', 'endpoints')}${client.webhook_endpoints.enabled < client.webhook_endpoints.total ? `, ${client.webhook_endpoints.total - client.webhook_endpoints.enabled} disabled` : ''}`}
                        </td>
                      </tr>`,
                  )}
                </tbody>
              </table>`
      }
      <h2 class="section">Register a client</h2>
      <form @submit=${this.register} aria-label="Register a client" class="panel register-client">
        ${clientFormFields({ errors: this.clients.errors, webhook: true, lengths: this.lengths })}
        ${field(
          { id: 'public', label: 'Public client (a browser or mobile app: no secret, PKCE)', check: true },
          (a) => html`<input type="checkbox" id=${a.id} name="public" />`,
        )}
        <button type="submit" class="primary">Register</button>
      </form>
    `
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-console-client-list': SvcConsoleClientList
  }
}

if (!customElements.get('svc-console-client-list')) customElements.define('svc-console-client-list', SvcConsoleClientList)
