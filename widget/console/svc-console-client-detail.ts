/**
 * @module `<svc-console-client-detail>`: one client in the developer
 * portal: its webhook URL, webhook secret rotation (a new secret signs
 * beside the old until the old is removed), and the delivery log with each
 * attempt, replaying one delivery or every dead one. Changing `client-id`
 * aborts the load of the client shown before.
 */
import { html, LitElement, nothing, type PropertyValues, type TemplateResult } from 'lit'
import type {
  ConsoleClientDetail,
  ConsoleDeadReplayed,
  ConsoleDelivery,
  ConsoleWebhookSaved,
  ConsoleWebhookSecretAdded,
} from '../../shared/console-wire.js'
import { consoleApi } from './console-api.js'
import { ConsoleDataController } from './console-data-controller.js'
import { field } from './console-field.js'
import { consoleStyles } from './console-styles.js'
import { shownOnce } from './shown-once.js'

/**
 * One client's page.
 *
 * @summary `<svc-console-client-detail client-id="cli_…">`
 */
export class SvcConsoleClientDetail extends LitElement {
  static override styles = consoleStyles
  static override properties = { clientId: { attribute: 'client-id' }, secrets: { state: true } }
  declare clientId: string
  declare secrets: Record<string, string>
  private readonly detail = new ConsoleDataController(this, (signal) =>
    consoleApi<ConsoleClientDetail>('GET', `/clients/${this.clientId}`, { signal }),
  )

  constructor() {
    super()
    this.clientId = ''
    this.secrets = {}
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (!changed.has('clientId')) return
    // Another client: nothing of the one before may stay on screen.
    this.secrets = {}
    this.detail.notice = ''
    void this.detail.load({ fresh: true })
  }

  override connectedCallback(): void {
    super.connectedCallback()
    // Back in the page (the element moved): load again what a disconnect aborted.
    if (this.hasUpdated) void this.detail.load()
  }

  /** The client's path under the API, for its actions. */
  private get path(): string {
    return `/clients/${this.clientId}`
  }

  private saveWebhook(event: Event): void {
    event.preventDefault()
    const url = new FormData(event.target as HTMLFormElement).get('webhook_url')
    void this.detail.act(async (signal) => {
      const answer = await consoleApi<ConsoleWebhookSaved>('PUT', `${this.path}/webhook`, { body: { webhook_url: url }, signal })
      this.secrets = answer.webhook_secret ? { 'Webhook secret': answer.webhook_secret } : {}
      return 'Webhook URL saved.'
    })
  }

  private rotateSecret(): void {
    void this.detail.act(async (signal) => {
      const { webhook_secret } = await consoleApi<ConsoleWebhookSecretAdded>('POST', `${this.path}/webhook-secrets`, { body: {}, signal })
      this.secrets = { 'New webhook secret': webhook_secret }
    })
  }

  private removeSecret(id: number): void {
    void this.detail.act(async (signal) => {
      await consoleApi('DELETE', `${this.path}/webhook-secrets/${id}`, { signal })
      return `Secret ${id} removed.`
    })
  }

  private replayDead(): void {
    void this.detail.act(async (signal) => {
      const { replayed_count } = await consoleApi<ConsoleDeadReplayed>('POST', `${this.path}/deliveries/replay-dead`, { body: {}, signal })
      return `${replayed_count} dead deliveries queued again.`
    })
  }

  private replay(delivery: ConsoleDelivery): void {
    void this.detail.act(async (signal) => {
      await consoleApi('POST', `${this.path}/deliveries/${delivery.id}/replay`, { body: {}, signal })
      return `Delivery ${delivery.id} queued again.`
    })
  }

  override render(): TemplateResult {
    const detail = this.detail.data
    if (!detail) return html`${this.detail.problem ? this.detail.alert() : html`<p>Loading the client…</p>`}`
    const { client } = detail
    const { errors } = this.detail
    return html`
      <p><a href="/console/clients">← All clients</a></p>
      <h1>${client.name}</h1>
      <p><code>${client.client_id}</code> · ${client.public ? 'Public (PKCE)' : 'Confidential'}</p>
      ${shownOnce(this.secrets)} ${this.detail.status()} ${this.detail.alert()}
      <h2>Webhooks</h2>
      <form class="inline-form" aria-label="Webhook URL" @submit=${this.saveWebhook}>
        ${field(
          { id: 'webhook_url', label: 'Webhook URL', error: errors.webhook_url },
          (a) =>
            html`<input
              id=${a.id}
              name="webhook_url"
              .value=${client.webhook_url ?? ''}
              aria-invalid=${a.invalid}
              aria-describedby=${a.describedBy}
            />`,
        )}
        <button type="submit">Save</button>
      </form>
      <h3>Signing secrets</h3>
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
                      @click=${() => this.removeSecret(secret.id)}
                    >
                      Remove
                    </button>`
                  : nothing
              }${index === 0 && detail.webhook_secrets.length > 1 ? html` <span class="hint">(oldest)</span>` : nothing}
            </li>`,
        )}
      </ul>
      <button type="button" @click=${this.rotateSecret}>Rotate secret</button>
      <h3 class="section">Deliveries</h3>
      <p>
        <button type="button" @click=${this.replayDead}>Replay all dead</button>
        <button type="button" @click=${() => this.detail.load()}>Refresh</button>
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
                        <ol class="attempts">
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
                        <button type="button" aria-label="Replay ${delivery.event} ${delivery.id}" @click=${() => this.replay(delivery)}>
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
    'svc-console-client-detail': SvcConsoleClientDetail
  }
}

if (!customElements.get('svc-console-client-detail')) customElements.define('svc-console-client-detail', SvcConsoleClientDetail)
