/**
 * @module `<svc-console-clients>`: the developer portal. Without a
 * `client-id`, the developer's clients and a form to register one (its
 * secrets shown once); with one, that client: its webhook URL, webhook
 * secret rotation, and the delivery log with each attempt, replaying one
 * delivery or every dead one.
 */
import { html, LitElement, nothing, type PropertyValues, type TemplateResult } from 'lit'
import { consoleStyles } from './console-styles.js'
import { consoleApi, ConsoleApiError } from './console-api.js'

interface ListedClient {
  client_id: string
  name: string
  public: boolean
  redirect_uris: string[]
  webhook_url: string | null
}

interface Attempt {
  attempted_at: string
  status_code: number | null
  duration_ms: number
  error: string | null
}

interface Delivery {
  id: string
  event: string
  state: string
  attempts: number
  created_at: string
  attempt_log: Attempt[]
}

interface ClientDetail {
  client: ListedClient
  webhook_secrets: { id: number; created_at: string }[]
  deliveries: Delivery[]
}

/**
 * The developer portal.
 *
 * @summary `<svc-console-clients client-id="cli_…">`
 */
export class SvcConsoleClients extends LitElement {
  static override styles = consoleStyles
  static override properties = {
    clientId: { attribute: 'client-id' },
    clients: { state: true },
    detail: { state: true },
    secrets: { state: true },
    errors: { state: true },
    notice: { state: true },
    problem: { state: true },
  }
  declare clientId: string
  declare clients: ListedClient[] | undefined
  declare detail: ClientDetail | undefined
  declare secrets: Record<string, string>
  declare errors: Record<string, string>
  declare notice: string
  declare problem: string

  constructor() {
    super()
    this.clientId = ''
    this.clients = undefined
    this.detail = undefined
    this.secrets = {}
    this.errors = {}
    this.notice = ''
    this.problem = ''
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('clientId')) void this.load()
  }

  private async load(): Promise<void> {
    try {
      if (this.clientId) this.detail = await consoleApi<ClientDetail>('GET', `/clients/${this.clientId}`)
      else this.clients = (await consoleApi<{ clients: ListedClient[] }>('GET', '/clients')).clients
    } catch (error) {
      this.problem = (error as Error).message
    }
  }

  private async act(work: () => Promise<void>): Promise<void> {
    this.problem = ''
    try {
      await work()
      this.errors = {}
      await this.load()
    } catch (error) {
      if (error instanceof ConsoleApiError) this.errors = error.fields
      this.problem = (error as Error).message
      // As on the ad form: focus goes to the first field marked, whose message it announces.
      await this.updateComplete
      this.renderRoot.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
    }
  }

  private register(event: Event): Promise<void> {
    event.preventDefault()
    // The event's target is gone once it has been dispatched.
    const element = event.target as HTMLFormElement
    const form = new FormData(element)
    return this.act(async () => {
      const made = await consoleApi<{ client: ListedClient; client_secret: string | null; webhook_secret: string | null }>(
        'POST',
        '/clients',
        {
          name: form.get('name'),
          public: form.get('public') === 'on',
          redirect_uris: form.get('redirect_uris'),
          post_logout_redirect_uris: form.get('post_logout_redirect_uris'),
          privacy_policy_url: form.get('privacy_policy_url'),
          terms_of_service_url: form.get('terms_of_service_url'),
          webhook_url: form.get('webhook_url'),
        },
      )
      this.secrets = {
        'Client id': made.client.client_id,
        ...(made.client_secret ? { 'Client secret': made.client_secret } : {}),
        ...(made.webhook_secret ? { 'Webhook secret': made.webhook_secret } : {}),
      }
      element.reset()
    })
  }

  private input(name: string, label: string, hint = ''): TemplateResult {
    // The API names a list's field in the singular (redirect_uri, post_logout_redirect_uri).
    const error = this.errors[name] ?? this.errors[name.replace(/s$/, '')]
    return html`<div class="field">
      <label for=${name}>${label}</label>
      <input id=${name} name=${name} aria-invalid=${error ? 'true' : 'false'} aria-describedby="${name}-hint ${name}-error" />
      <div class="hint" id="${name}-hint">${hint}</div>
      ${error ? html`<div class="error" id="${name}-error">${error}</div>` : nothing}
    </div>`
  }

  private shownOnce(): TemplateResult | typeof nothing {
    if (!Object.keys(this.secrets).length) return nothing
    return html`<div role="status" style="background:#dafbe1;padding:.75rem;border-radius:6px;margin-bottom:1rem">
      <p style="margin:0 0 .5rem">Copy these now; the secrets are shown this once.</p>
      <dl style="margin:0">
        ${Object.entries(this.secrets).map(
          ([name, value]) =>
            html`<dt>${name}</dt>
              <dd><code>${value}</code></dd>`,
        )}
      </dl>
    </div>`
  }

  override render(): TemplateResult {
    return this.clientId ? this.renderDetail() : this.renderList()
  }

  private renderList(): TemplateResult {
    return html`
      <h1>Developers › Clients</h1>
      ${this.shownOnce()} ${this.problem && !Object.keys(this.errors).length ? html`<p role="alert">${this.problem}</p>` : nothing}
      ${
        this.clients === undefined
          ? html`<p>Loading clients…</p>`
          : this.clients.length === 0
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
                  ${this.clients.map(
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
      <h2 style="font-size:1.2rem;margin-top:2rem">Register a client</h2>
      <form
        @submit=${this.register}
        aria-label="Register a client"
        style="max-width:40rem;background:#fff;padding:1rem;border:1px solid #d0d7de;border-radius:6px"
      >
        ${this.input('name', 'Name', 'Shown to people on the consent page.')}
        ${this.input('redirect_uris', 'Redirect URIs', 'Exact URIs, separated by spaces.')}
        ${this.input('post_logout_redirect_uris', 'Post-logout redirect URIs', 'Optional, separated by spaces.')}
        ${this.input('privacy_policy_url', 'Privacy policy URL', 'Optional; shown in the FedCM dialog.')}
        ${this.input('terms_of_service_url', 'Terms of service URL', 'Optional.')}
        ${this.input('webhook_url', 'Webhook URL', 'Optional; account events are POSTed here, signed.')}
        <div class="field">
          <label style="display:flex;gap:.5rem;align-items:center"
            ><input type="checkbox" name="public" style="width:auto" /> Public client (a browser or mobile app: no secret, PKCE)</label
          >
        </div>
        <button type="submit" class="primary">Register</button>
      </form>
    `
  }

  private renderDetail(): TemplateResult {
    const detail = this.detail
    if (!detail) return html`${this.problem ? html`<p role="alert">${this.problem}</p>` : html`<p>Loading the client…</p>`}`
    const { client } = detail
    return html`
      <p><a href="/console/clients">← All clients</a></p>
      <h1>${client.name}</h1>
      <p><code>${client.client_id}</code> · ${client.public ? 'Public (PKCE)' : 'Confidential'}</p>
      ${this.shownOnce()} ${this.notice ? html`<p role="status">${this.notice}</p>` : nothing}
      ${this.problem && !Object.keys(this.errors).length ? html`<p role="alert">${this.problem}</p>` : nothing}
      <h2 style="font-size:1.2rem">Webhooks</h2>
      <form
        style="display:flex;gap:.5rem;align-items:end;max-width:48rem"
        aria-label="Webhook URL"
        @submit=${(event: Event) => {
          event.preventDefault()
          const url = new FormData(event.target as HTMLFormElement).get('webhook_url')
          void this.act(async () => {
            const answer = await consoleApi<{ webhook_secret: string | null }>('PUT', `/clients/${client.client_id}/webhook`, {
              webhook_url: url,
            })
            this.secrets = answer.webhook_secret ? { 'Webhook secret': answer.webhook_secret } : {}
            this.notice = 'Webhook URL saved.'
          })
        }}
      >
        <div style="flex:1">
          <label for="webhook_url">Webhook URL</label>
          <input
            id="webhook_url"
            name="webhook_url"
            .value=${client.webhook_url ?? ''}
            aria-invalid=${this.errors.webhook_url ? 'true' : 'false'}
            aria-describedby="webhook-error"
          />
          ${this.errors.webhook_url ? html`<div class="error" id="webhook-error">${this.errors.webhook_url}</div>` : nothing}
        </div>
        <button type="submit">Save</button>
      </form>
      <h3 style="font-size:1rem">Signing secrets</h3>
      <p class="hint">Rotate: add a new secret (both sign every delivery), update your receiver, then remove the old one.</p>
      <ul>
        ${detail.webhook_secrets.map(
          (secret, index) =>
            html`<li>
              Secret ${secret.id}, added ${new Date(secret.created_at).toLocaleString()}
              ${
                detail.webhook_secrets.length > 1
                  ? html`<button
                      type="button"
                      class="danger"
                      aria-label="Remove secret ${secret.id}"
                      @click=${() =>
                        this.act(async () => {
                          await consoleApi('DELETE', `/clients/${client.client_id}/webhook-secrets/${secret.id}`)
                          this.notice = `Secret ${secret.id} removed.`
                        })}
                    >
                      Remove
                    </button>`
                  : nothing
              }${index === 0 && detail.webhook_secrets.length > 1 ? html` <span class="hint">(oldest)</span>` : nothing}
            </li>`,
        )}
      </ul>
      <button
        type="button"
        @click=${() =>
          this.act(async () => {
            const { webhook_secret } = await consoleApi<{ webhook_secret: string }>(
              'POST',
              `/clients/${client.client_id}/webhook-secrets`,
              {},
            )
            this.secrets = { 'New webhook secret': webhook_secret }
          })}
      >
        Rotate secret
      </button>
      <h3 style="font-size:1rem;margin-top:1.5rem">Deliveries</h3>
      <p>
        <button
          type="button"
          @click=${() =>
            this.act(async () => {
              const { replayed_count } = await consoleApi<{ replayed_count: number }>(
                'POST',
                `/clients/${client.client_id}/deliveries/replay-dead`,
                {},
              )
              this.notice = `${replayed_count} dead deliveries queued again.`
            })}
        >
          Replay all dead
        </button>
        <button type="button" @click=${() => this.load()}>Refresh</button>
      </p>
      ${
        detail.deliveries.length === 0
          ? html`<p>No deliveries yet.</p>`
          : html`<table>
              <thead>
                <tr>
                  <th scope="col">Event</th>
                  <th scope="col">Created</th>
                  <th scope="col">State</th>
                  <th scope="col">Attempts</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                ${detail.deliveries.map(
                  (delivery) =>
                    html`<tr>
                      <td>${delivery.event}<br /><code class="hint">${delivery.id}</code></td>
                      <td>${new Date(delivery.created_at).toLocaleString()}</td>
                      <td>${delivery.state}</td>
                      <td>
                        <ol style="margin:0;padding-inline-start:1.2rem">
                          ${delivery.attempt_log.map(
                            (attempt) =>
                              html`<li>
                                ${new Date(attempt.attempted_at).toLocaleTimeString()}:
                                ${attempt.status_code ?? attempt.error ?? 'no answer'} (${attempt.duration_ms} ms)
                              </li>`,
                          )}
                        </ol>
                      </td>
                      <td>
                        <button
                          type="button"
                          aria-label="Replay ${delivery.event} ${delivery.id}"
                          @click=${() =>
                            this.act(async () => {
                              await consoleApi('POST', `/clients/${client.client_id}/deliveries/${delivery.id}/replay`, {})
                              this.notice = `Delivery ${delivery.id} queued again.`
                            })}
                        >
                          Replay
                        </button>
                      </td>
                    </tr>`,
                )}
              </tbody>
            </table>`
      }
    `
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-console-clients': SvcConsoleClients
  }
}

if (!customElements.get('svc-console-clients')) customElements.define('svc-console-clients', SvcConsoleClients)
