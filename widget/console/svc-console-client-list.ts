/**
 * @module `<svc-console-client-list>`: the developer portal's front page,
 * the developer's clients (an operator's: every client but svc's own) and
 * a form to register one, whose secrets are shown this once.
 */
import { html, LitElement, type TemplateResult } from 'lit'
import type { ConsoleClientList, ConsoleClientRegistered, ConsoleClientRegistration } from '../../shared/console-wire.js'
import { consoleApi } from './console-api.js'
import { ConsoleDataController } from './console-data-controller.js'
import { field } from './console-field.js'
import { consoleStyles } from './console-styles.js'
import { shownOnce } from './shown-once.js'

/**
 * The list of clients, and registering one.
 *
 * @summary `<svc-console-client-list>`
 */
export class SvcConsoleClientList extends LitElement {
  static override styles = consoleStyles
  static override properties = { secrets: { state: true } }
  declare secrets: Record<string, string>
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
    const form = new FormData(element)
    const registration: ConsoleClientRegistration = {
      name: form.get('name'),
      public: form.get('public') === 'on',
      redirect_uris: form.get('redirect_uris'),
      post_logout_redirect_uris: form.get('post_logout_redirect_uris'),
      privacy_policy_url: form.get('privacy_policy_url'),
      terms_of_service_url: form.get('terms_of_service_url'),
      webhook_url: form.get('webhook_url'),
    }
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

  private input(name: keyof ConsoleClientRegistration, label: string, hint: string): TemplateResult {
    const { errors } = this.clients
    // The API names a list's field in the singular (redirect_uri, post_logout_redirect_uri).
    const error = errors[name] ?? errors[name.replace(/s$/, '')]
    return field(
      { id: name, label, hint, error },
      (a) => html`<input id=${a.id} name=${name} aria-invalid=${a.invalid} aria-describedby=${a.describedBy} />`,
    )
  }

  override render(): TemplateResult {
    const clients = this.clients.data
    return html`
      <h1>Developers › Clients</h1>
      ${shownOnce(this.secrets)} ${this.clients.alert()}
      ${
        clients === undefined
          ? html`<p>Loading clients…</p>`
          : clients.length === 0
            ? html`<p>No clients yet.</p>`
            : html`<table>
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Client id</th>
                    <th scope="col">Type</th>
                    <th scope="col">Webhook</th>
                  </tr>
                </thead>
                <tbody>
                  ${clients.map(
                    (client) =>
                      html`<tr>
                        <td><a href="/console/clients/${client.client_id}">${client.name}</a></td>
                        <td><code>${client.client_id}</code></td>
                        <td>${client.public ? 'Public (PKCE)' : 'Confidential'}</td>
                        <td>${client.webhook_url ?? 'none'}</td>
                      </tr>`,
                  )}
                </tbody>
              </table>`
      }
      <h2 class="section">Register a client</h2>
      <form @submit=${this.register} aria-label="Register a client" class="panel register-client">
        ${this.input('name', 'Name', 'Shown to people on the consent page.')}
        ${this.input('redirect_uris', 'Redirect URIs', 'Exact URIs, separated by spaces.')}
        ${this.input('post_logout_redirect_uris', 'Post-logout redirect URIs', 'Optional, separated by spaces.')}
        ${this.input('privacy_policy_url', 'Privacy policy URL', 'Optional; shown in the FedCM dialog.')}
        ${this.input('terms_of_service_url', 'Terms of service URL', 'Optional.')}
        ${this.input('webhook_url', 'Webhook URL', 'Optional; account events are POSTed here, signed.')}
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
